import type { CalculatedCart, CartError } from '../../checkout/cart/cart.js';
import { CART_ERROR_LEVEL } from '../../checkout/cart/cart.js';
import type { FlashType } from '../http/index.js';

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

/** What the cart, confirm and line item templates print; amounts stay minor units for the `money` filter. */
export function cartView(cart: CalculatedCart) {
  const delivery = cart.deliveries[0];
  return {
    empty: cart.lineItems.length === 0,
    lineItems: cart.lineItems.map((item) => ({
      id: item.id,
      label: item.label,
      url: `/detail/${item.referencedId}`,
      productNumber: item.product.productNumber,
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
