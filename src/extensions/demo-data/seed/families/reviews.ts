import type { SeedContext } from '../context.js';
import { seedFamily } from '../family.js';

/** Reviews of generated products only, found by id only (a review has no natural key). */
export async function seedReviews(ctx: SeedContext): Promise<void> {
  const { ids } = ctx;
  const skipped = ctx.plan.reviews.filter((r) => ctx.adoptedProducts.has(r.productId));
  ctx.tally.add('product_review', 'skipped', skipped.length);
  await seedFamily(ctx, {
    entity: 'product_review',
    nodes: ctx.plan.reviews.filter((r) => !ctx.adoptedProducts.has(r.productId)),
    fields: (n) => ({
      productId: ids.resolve(n.productId),
      salesChannelId: ids.resolve(n.salesChannelId),
      languageId: ctx.shop.languageId,
      title: n.title,
      content: n.content,
      points: n.points,
      status: n.status,
      externalUser: n.externalUser,
    }),
    // dated like the plan (between release and reference date), not at the time of the run
    createOnly: (n) => ({ createdAt: n.createdAt }),
  });
}
