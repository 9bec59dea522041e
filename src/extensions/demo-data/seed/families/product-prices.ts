import type { SeedContext } from '../context.js';

/**
 * Bulk-price tiers are planned, but the platform has no advanced-price entity (`product_price`) to write
 * them to: they are counted as skipped and named in the notes, never silently dropped.
 */
export function skipProductPrices(ctx: SeedContext): void {
  const count = ctx.plan.productPrices.length;
  if (count === 0) return;
  ctx.tally.add('product_price', 'skipped', count);
  ctx.tally.note(`${count} bulk-price tiers were not written: the platform has no advanced prices (product_price) yet.`);
}
