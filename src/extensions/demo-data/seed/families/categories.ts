import type { EntityRecord } from '../../../../platform/sdk/index.js';
import { demoCustomFields } from '../../config.js';
import type { SeedContext } from '../context.js';
import { seedFamily } from '../family.js';
import { readByField } from '../lookup.js';
import { afterSortTail } from './sibling-tail.js';

/**
 * Categories, parents first; found by id, then by name under the same (resolved) parent. The root of an
 * adopted channel is that channel's navigation category and is not written. Parent and sibling order are
 * set on create only: an existing category keeps its place. The first new child of a parent that already
 * had children is chained after the last of them, so exactly one sibling keeps `afterCategoryId = null`.
 */
export async function seedCategories(ctx: SeedContext): Promise<void> {
  const { ids } = ctx;
  const mapped = ctx.plan.categories.filter((c) => ids.isAdopted(c.id) && c.isRoot);
  for (let i = 0; i < mapped.length; i++) ctx.tally.add('category', 'adopted');
  const nodes = ctx.plan.categories.filter((c) => !mapped.includes(c));
  const tails = new Map<string, string | null>();

  await seedFamily(ctx, {
    entity: 'category',
    nodes,
    naturalKeyField: 'name',
    sameScope: (n, row) => (row.parentId ?? null) === ids.resolve(n.parentId),
    async beforeWrite(resolutions) {
      const created = new Set(resolutions.filter((r) => !r.existing).map((r) => r.node.id));
      const parents = [...new Set(resolutions.filter((r) => !r.existing && r.node.afterCategoryId === null && r.node.parentId).map((r) => ids.resolve(r.node.parentId!)))];
      const existingParents = parents.filter((p) => !created.has(p));
      if (existingParents.length === 0) return;
      const children = await readByField(ctx.host, 'category', 'parentId', existingParents);
      const byParent = new Map<string, EntityRecord[]>();
      for (const child of children) byParent.set(child.parentId as string, [...(byParent.get(child.parentId as string) ?? []), child]);
      for (const parent of existingParents) tails.set(parent, afterSortTail(byParent.get(parent) ?? []));
    },
    fields: (n) => ({
      name: n.name,
      description: n.description,
      type: n.type,
      active: n.active,
      visible: n.visible,
      displayNestedProducts: n.displayNestedProducts,
    }),
    createOnly: (n) => {
      const parentId = ids.resolve(n.parentId);
      const after = n.afterCategoryId ?? (parentId ? (tails.get(parentId) ?? null) : null);
      return { parentId, afterCategoryId: ids.resolve(after), customFields: demoCustomFields(n.key, n.channel) };
    },
  });
}
