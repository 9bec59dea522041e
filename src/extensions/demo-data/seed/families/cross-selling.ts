import type { SeedContext } from '../context.js';
import { createInBatches } from '../batches.js';
import { seedFamily } from '../family.js';
import { readByField } from '../lookup.js';

/**
 * One cross-selling list per generated product (adopted merchant products get none), by id, then by
 * name on the same product. Assigned products are keyed by the product they point to; missing ones are
 * added, none removed.
 */
export async function seedCrossSellings(ctx: SeedContext): Promise<void> {
  const { ids } = ctx;
  const skipped = ctx.plan.crossSellings.filter((c) => ctx.adoptedProducts.has(c.productId));
  ctx.tally.add('product_cross_selling', 'skipped', skipped.length);
  const nodes = ctx.plan.crossSellings.filter((c) => !ctx.adoptedProducts.has(c.productId));
  const resolutions = await seedFamily(ctx, {
    entity: 'product_cross_selling',
    nodes,
    naturalKeyField: 'name',
    naturalKeyValue: (n) => n.name,
    sameScope: (n, row) => row.productId === ids.resolve(n.productId),
    fields: (n) => ({ productId: ids.resolve(n.productId), name: n.name, position: n.position, type: n.type, active: n.active, limit: n.limit }),
    createOnly: (n) => ({ assignedProducts: n.assigned.map((a) => ({ id: a.id, productId: ids.resolve(a.productId), position: a.position })) }),
  });

  const existing = resolutions.filter((r) => r.existing);
  if (existing.length === 0) return;
  const rows = await readByField(ctx.host, 'product_cross_selling_assigned_products', 'crossSellingId', existing.map((r) => r.existing!.id as string));
  const present = new Set(rows.map((a) => `${a.crossSellingId}|${a.productId}`));
  const missing = existing.flatMap((r) =>
    r.node.assigned
      .map((a) => ({ id: a.id, crossSellingId: r.existing!.id as string, productId: ids.resolve(a.productId), position: a.position }))
      .filter((a) => !present.has(`${a.crossSellingId}|${a.productId}`)),
  );
  await createInBatches(ctx.host, 'product_cross_selling_assigned_products', missing);
  ctx.tally.add('product_cross_selling_assigned_products', 'created', missing.length);
  ctx.written.rows += missing.length;
}
