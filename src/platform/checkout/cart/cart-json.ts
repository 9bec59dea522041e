import { toCalculatedPriceJson, toCartPriceJson, type CartPriceJson } from './calculation/price-json.js';
import { toStorePriceJson, type StorePriceJson } from '../../catalog/store/store-product-json.js';
import { storeMediaJson } from '../../media/store-media-json.js';
import { deliveryTimeJson } from '../../store-api/context-data.js';
import type { CalculatedCart, CartError } from './cart.js';

/*
 * The Store API's cart document, shaped like Shopware's: money as JSON numbers in MAJOR units of the
 * cart's currency (converted once, here), every object tagged with its `apiAlias`.
 */

export interface CartErrorJson {
  code: string;
  key: string;
  level: number;
  message: string;
  messageKey: string;
  blockOrder: boolean;
}

export interface CartJson {
  token: string;
  price: CartPriceJson & { apiAlias: 'cart_price' };
  lineItems: Array<Record<string, unknown>>;
  deliveries: Array<Record<string, unknown>>;
  transactions: Array<Record<string, unknown>>;
  errors: Record<string, CartErrorJson>;
  apiAlias: 'cart';
}

export function cartToJson(cart: CalculatedCart): CartJson {
  const decimals = cart.currency.decimals;
  const priceJson = (price: Parameters<typeof toCalculatedPriceJson>[0]): StorePriceJson => toStorePriceJson(toCalculatedPriceJson(price, decimals));
  const cartPrice = toCartPriceJson(cart.price, decimals);
  return {
    token: cart.token,
    price: { ...cartPrice, calculatedTaxes: cartPrice.calculatedTaxes.map((tax) => ({ ...tax, apiAlias: 'cart_tax_calculated' as const })), apiAlias: 'cart_price' },
    lineItems: cart.lineItems.map((item) => ({
      id: item.id,
      referencedId: item.referencedId,
      label: item.label,
      quantity: item.quantity,
      type: item.type,
      good: true,
      removable: true,
      stackable: true,
      price: priceJson(item.price),
      cover: item.product.cover ? storeMediaJson(item.product.cover.media, item.product.cover.mediaBaseUrl) : null,
      // Shopware's product line item payload: facts about the product at the time of the calculation
      payload: {
        productNumber: item.product.productNumber,
        parentId: item.product.parentId,
        taxId: item.product.taxId,
        manufacturerId: item.product.manufacturer?.id ?? null,
        stock: item.product.stock,
        isCloseout: item.product.isCloseout,
      },
      quantityInformation: {
        minPurchase: item.product.minPurchase,
        maxPurchase: item.product.maxPurchase,
        purchaseSteps: item.product.purchaseSteps,
        apiAlias: 'cart_line_item_quantity_information',
      },
      apiAlias: 'line_item',
    })),
    deliveries: cart.deliveries.map((delivery) => ({
      deliveryDate: {
        earliest: delivery.earliestDeliveryDate.toISOString(),
        latest: delivery.latestDeliveryDate.toISOString(),
        apiAlias: 'cart_delivery_date',
      },
      location: { countryId: delivery.countryId, apiAlias: 'cart_delivery_shipping_location' },
      positions: cart.lineItems.map((item) => ({ identifier: item.id, quantity: item.quantity, apiAlias: 'cart_delivery_position' })),
      shippingMethod: shippingMethodJson(delivery.shippingMethod),
      shippingCosts: priceJson(delivery.shippingCosts),
      apiAlias: 'cart_delivery',
    })),
    transactions: cart.transactions.map((transaction) => ({
      paymentMethodId: transaction.paymentMethodId,
      amount: priceJson(transaction.amount),
      apiAlias: 'cart_transaction',
    })),
    errors: Object.fromEntries(cart.errors.map((error) => [error.key, errorToJson(error)])),
    apiAlias: 'cart',
  };
}

function shippingMethodJson(method: CalculatedCart['deliveries'][number]['shippingMethod']) {
  const deliveryTime = deliveryTimeJson(method.deliveryTimeMinDays, method.deliveryTimeMaxDays);
  return {
    id: method.id,
    name: method.name,
    technicalName: method.technicalName ?? `shipping_${method.id}`,
    deliveryTimeId: deliveryTime.id,
    deliveryTime,
    translated: { name: method.name },
    apiAlias: 'shipping_method',
  };
}

function errorToJson(error: CartError): CartErrorJson {
  return { code: error.code, key: error.key, level: error.level, message: error.message, messageKey: error.messageKey, blockOrder: error.blockOrder };
}
