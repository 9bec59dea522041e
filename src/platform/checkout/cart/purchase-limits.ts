import type { SalesChannelProduct } from '../../catalog/store/sales-channel-product-loader.js';
import type { CartError } from './cart.js';
import { cartErrors } from './cart-errors.js';

/**
 * The largest quantity one line item may hold: Shopware's default `core.cart.maxQuantity`. It also keeps
 * stock arithmetic far from the integer columns' limits.
 */
export const MAX_LINE_ITEM_QUANTITY = 100;

export type PurchaseLimitOutcome =
  | { kind: 'ok'; quantity: number; error?: CartError }
  /** A closeout product without enough stock for its minimum purchase: it cannot be bought. */
  | { kind: 'unavailable'; error: CartError };

/**
 * Fits a wanted quantity to the product's purchase rules, as Shopware's product cart processor does:
 * at least `minPurchase`, at most `maxPurchase` and, for closeout products, the stock; then down to a
 * whole number of `purchaseSteps` above the minimum. A change comes with the cart error telling why.
 */
export function applyPurchaseLimits(lineItemId: string, product: SalesChannelProduct, wanted: number): PurchaseLimitOutcome {
  const min = product.minPurchase;
  const steps = product.purchaseSteps;
  const stockLimit = product.isCloseout ? product.stock : Infinity;
  // a maximum below the minimum is a misconfiguration: the minimum wins (closeout stock excepted)
  const maxPurchase = product.maxPurchase !== null && product.maxPurchase >= min ? product.maxPurchase : Infinity;
  if (stockLimit < min) return { kind: 'unavailable', error: cartErrors.productOutOfStock(lineItemId, product.name) };

  const max = Math.min(maxPurchase, stockLimit, MAX_LINE_ITEM_QUANTITY);
  let quantity = wanted;
  let error: CartError | undefined;
  if (quantity < min) {
    quantity = min;
    error = cartErrors.minPurchaseRaised(lineItemId, product.name, quantity);
  } else if (quantity > max) {
    quantity = max;
    error = max === stockLimit ? cartErrors.stockReached(lineItemId, product.name, quantity) : cartErrors.maxPurchaseReached(lineItemId, product.name, quantity);
  }
  const aligned = min + Math.floor((quantity - min) / steps) * steps;
  if (aligned !== quantity) {
    quantity = aligned;
    error = cartErrors.purchaseStepsAdjusted(lineItemId, product.name, quantity, steps);
  }
  return error ? { kind: 'ok', quantity, error } : { kind: 'ok', quantity };
}
