import type { SeedContext } from '../context.js';
import { seedFamily } from '../family.js';

/**
 * The small catalogue families that need nothing but scalars: taxes (adopted by rate), bulk-price rules,
 * manufacturers, tags and customer groups (by name), property groups (by name) and their options (by name
 * within the group).
 */
export async function seedCatalogue(ctx: SeedContext): Promise<void> {
  const { plan, ids } = ctx;
  await seedFamily(ctx, {
    entity: 'tax',
    nodes: plan.taxes,
    naturalKeyField: 'taxRate',
    naturalKeyValue: (n) => n.taxRate,
    fields: (n) => ({ name: n.name, taxRate: n.taxRate }),
  });
  await seedFamily(ctx, {
    entity: 'rule',
    nodes: plan.rules,
    naturalKeyField: 'name',
    fields: (n) => ({
      name: n.name,
      description: n.description,
      priority: n.priority,
      conditions: n.conditions.map((c) => ({ ...c, value: { ...c.value, salesChannelIds: ids.resolveAll(c.value.salesChannelIds) } })),
    }),
  });
  await seedFamily(ctx, {
    entity: 'product_manufacturer',
    nodes: plan.manufacturers,
    naturalKeyField: 'name',
    fields: (n) => ({ name: n.name, link: n.link, description: n.description }),
  });
  await seedFamily(ctx, {
    entity: 'property_group',
    nodes: plan.propertyGroups,
    naturalKeyField: 'name',
    fields: (n) => ({
      name: n.name,
      displayType: n.displayType,
      sortingType: n.sortingType,
      position: n.position,
      filterable: n.filterable,
      visibleOnProductDetailPage: n.visibleOnProductDetailPage,
    }),
  });
  await seedFamily(ctx, {
    entity: 'property_group_option',
    nodes: plan.propertyGroupOptions,
    naturalKeyField: 'name',
    naturalKeyValue: (n) => n.name,
    sameScope: (n, row) => row.groupId === ids.resolve(n.groupId),
    fields: (n) => ({ groupId: ids.resolve(n.groupId), name: n.name, position: n.position, colorHexCode: n.colorHexCode }),
  });
  await seedFamily(ctx, { entity: 'tag', nodes: plan.tags, naturalKeyField: 'name', fields: (n) => ({ name: n.name }) });
  await seedFamily(ctx, {
    entity: 'customer_group',
    nodes: plan.customerGroups,
    naturalKeyField: 'name',
    fields: (n) => ({ name: n.name, displayGross: n.displayGross }),
  });
}
