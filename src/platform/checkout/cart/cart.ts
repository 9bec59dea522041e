import type { SalesChannelProduct } from '../../catalog/store/sales-channel-product-loader.js';
import type { ContextShippingMethod } from '../../sales-channel/context/sales-channel-context.js';
import type { CalculatedPrice } from './calculation/calculated-price.js';
import type { CartPrice } from './calculation/cart-totals.js';

/** The line item types the cart accepts; Shopware's promotions, credits and custom items are not offered. */
export const LINE_ITEM_TYPES = ['product'] as const;
export type LineItemType = (typeof LINE_ITEM_TYPES)[number];

/** What a cart stores per line item: the visitor's choice only. A product line item's id is the product id (stackable). */
export interface StoredLineItem {
  id: string;
  type: LineItemType;
  referencedId: string;
  quantity: number;
}

/** The `cart.payload` column. */
export interface StoredCart {
  lineItems: StoredLineItem[];
}

/** Shopware's error levels: notices inform, warnings tell of a change, errors make the cart unusable as is. */
export const CART_ERROR_LEVEL = { notice: 0, warning: 10, error: 20 } as const;
export type CartErrorLevel = (typeof CART_ERROR_LEVEL)[keyof typeof CART_ERROR_LEVEL];

/** A problem of the cart, shown to the customer; `blockOrder` ones refuse the checkout. */
export interface CartError {
  /** Unique within the cart: messageKey plus what it is about (e.g. the line item id). */
  key: string;
  /** Shopware's message key, e.g. `product-stock-reached`. */
  messageKey: string;
  /** A stable code, e.g. `CHECKOUT__PRODUCT_STOCK_REACHED` or the payment handler's code. */
  code: string;
  level: CartErrorLevel;
  message: string;
  blockOrder: boolean;
}

/** A priced line item; amounts in minor units of the cart's currency. */
export interface CalculatedLineItem {
  id: string;
  type: LineItemType;
  referencedId: string;
  label: string;
  quantity: number;
  price: CalculatedPrice;
  /** The product as the sales channel sees it now (cover, product number, purchase limits). */
  product: SalesChannelProduct;
}

export interface CalculatedDelivery {
  shippingMethod: ContextShippingMethod;
  shippingCosts: CalculatedPrice;
  /** Country of the shipping location. */
  countryId: string;
  earliestDeliveryDate: Date;
  latestDeliveryDate: Date;
}

export interface CalculatedTransaction {
  paymentMethodId: string;
  /** The whole cart total as one priced position. */
  amount: CalculatedPrice;
}

/** A cart as calculated for one context: prices in minor units of `currency`. */
export interface CalculatedCart {
  token: string;
  currency: { id: string; isoCode: string; decimals: number };
  lineItems: CalculatedLineItem[];
  /** One delivery for a non-empty cart, none for an empty one. */
  deliveries: CalculatedDelivery[];
  transactions: CalculatedTransaction[];
  price: CartPrice;
  shippingTotal: number;
  errors: CartError[];
  /** What the payment handler's `validate` returned, if it was asked; stored on the order transaction. */
  paymentValidationData?: unknown;
}

export function emptyStoredCart(): StoredCart {
  return { lineItems: [] };
}
