import type { SeedContext } from '../context.js';
import { seedFamily } from '../family.js';
import { priceList } from './products.js';

/**
 * Bulk-price tiers (advanced prices) of the generated products, under the channel's bulk-price rule: by
 * id, then as the same product, rule and starting quantity (the table allows one such tier). Adopted
 * merchant products get none: their pricing is the merchant's.
 */
export async function seedProductPrices(ctx: SeedContext): Promise<void> {
  const { ids } = ctx;
  const skipped = ctx.plan.productPrices.filter((p) => ctx.adoptedProducts.has(p.productId));
  ctx.tally.add('product_price', 'skipped', skipped.length);
  await seedFamily(ctx, {
    entity: 'product_price',
    nodes: ctx.plan.productPrices.filter((p) => !ctx.adoptedProducts.has(p.productId)),
    naturalKeyField: 'productId',
    naturalKeyValue: (n) => ids.resolve(n.productId),
    sameScope: (n, row) => row.ruleId === ids.resolve(n.ruleId) && row.quantityStart === n.quantityStart,
    fields: (n) => ({
      productId: ids.resolve(n.productId),
      ruleId: ids.resolve(n.ruleId),
      quantityStart: n.quantityStart,
      quantityEnd: n.quantityEnd,
      price: priceList(ctx, n.price),
    }),
  });
}
