import type { CalculatedCart, CartError } from '../../checkout/cart/cart.js';
import { CART_ERROR_LEVEL } from '../../checkout/cart/cart.js';
import type { FlashType } from '../http/index.js';
import type { Db } from '../../database/connection.js';
import { loadPropertyOptions } from '../../catalog/store/property-option-loader.js';

/**
 * Cart errors that describe the cart as it is (the payment or shipping method cannot be used): every
 * view of the cart shows them again. All other cart errors report a one-off correction (a quantity
 * reduced, a vanished product removed) and are shown once, by the change that caused them.
 */
const CART_STATE_ERRORS = new Set(['payment-method-blocked', 'shipping-method-blocked']);

export function isCartStateError(error: CartError): boolean {
  return CART_STATE_ERRORS.has(error.messageKey);
}

export function alertTypeOf(error: CartError): FlashType {
  if (error.level >= CART_ERROR_LEVEL.error) return 'danger';
  if (error.level >= CART_ERROR_LEVEL.warning) return 'warning';
  return 'info';
}

/**
 * The chosen options of the cart's variants, by product id ("Blade length: 9 cm"), so a shopper sees which
 * variant each line is; one query for the whole cart.
 */
export async function variantOptionLabels(db: Db, cart: CalculatedCart): Promise<Map<string, string>> {
  const variants = cart.lineItems.map((item) => item.product).filter((product) => product.parentId !== null);
  const options = await loadPropertyOptions(db, variants, 'options');
  return new Map([...options].filter(([, list]) => list.length > 0).map(([id, list]) => [id, list.map((option) => `${option.group.name}: ${option.name}`).join(', ')]));
}

/** What the cart, confirm and line item templates print; amounts stay minor units for the `money` filter. */
export function cartView(cart: CalculatedCart, optionLabels: ReadonlyMap<string, string> = new Map()) {
  const delivery = cart.deliveries[0];
  return {
    empty: cart.lineItems.length === 0,
    lineItems: cart.lineItems.map((item) => ({
      id: item.id,
      label: item.label,
      url: `/detail/${item.referencedId}`,
      productNumber: item.product.productNumber,
      options: optionLabels.get(item.product.id) ?? null,
      cover: item.product.cover,
      quantity: item.quantity,
      minQuantity: item.product.minPurchase,
      quantityStep: item.product.purchaseSteps,
      unitPrice: item.price.unitPrice,
      totalPrice: item.price.totalPrice,
    })),
    positionPrice: cart.price.positionPrice,
    shippingTotal: cart.shippingTotal,
    shippingMethod: delivery?.shippingMethod.name ?? null,
    totalPrice: cart.price.totalPrice,
    netPrice: cart.price.netPrice,
    taxes: cart.price.calculatedTaxes.map((tax) => ({ rate: tax.taxRate, amount: tax.tax })),
    net: cart.price.taxStatus === 'net',
    errors: cart.errors.map((error) => ({ type: alertTypeOf(error), message: error.message, blocksOrder: error.blockOrder })),
    blocked: cart.errors.some((error) => error.blockOrder),
  };
}
