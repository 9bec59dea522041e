import type { SalesChannelProduct } from '../../catalog/store/sales-channel-product-loader.js';

// The buy form's lines (stock, delivery, quantity bounds): the product page and a layout's buy box draw them alike.

/**
 * The delivery line of a product in stock: its own delivery time (Shopware's `delivery_time`, a variant
 * inheriting its parent's) when it has one, else the chosen shipping method's days. One to order ships
 * when it is back, and a sold-out one not at all: no line.
 */
export function deliveryInfo(product: SalesChannelProduct, method: { name: string; deliveryTimeMinDays: number; deliveryTimeMaxDays: number }): string | null {
  if (!product.available || product.stock <= 0) return null;
  if (product.deliveryTime) return `Delivery in ${deliveryRange(product.deliveryTime.min, product.deliveryTime.max, product.deliveryTime.unit)}`;
  return `Delivery in ${deliveryRange(method.deliveryTimeMinDays, method.deliveryTimeMaxDays, 'day')} (${method.name})`;
}

/** "1 day", "2–4 weeks". */
function deliveryRange(min: number, max: number, unit: string): string {
  if (min === max) return `${min} ${min === 1 ? unit : `${unit}s`}`;
  return `${min}–${max} ${unit}s`;
}

/** The stock line of the product page. */
export function stockInfo(product: SalesChannelProduct): { available: boolean; text: string } {
  if (!product.available) return { available: false, text: 'Sold out' };
  if (product.stock > 0) return { available: true, text: product.isCloseout ? `In stock: ${product.stock} left` : 'In stock' };
  return { available: true, text: 'Available to order, ships when back in stock' };
}

/** The quantity field's bounds: the purchase rules the cart applies too. */
export function quantityLimits(product: SalesChannelProduct): { min: number; max: number | null; step: number } {
  const limits = [product.maxPurchase, product.isCloseout ? product.stock : null].filter((n): n is number => n !== null && n >= product.minPurchase);
  return { min: product.minPurchase, max: limits.length > 0 ? Math.min(...limits) : null, step: product.purchaseSteps };
}
