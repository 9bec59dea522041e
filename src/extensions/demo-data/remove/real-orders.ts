import { systemContext, type ExtensionHost } from '../../../platform/sdk/index.js';
import type { Blueprint } from '../blueprint/schema.js';
import { buildSeedPlan } from '../plan/build-plan.js';
import { seededPerCategory } from './seeded-scope.js';

/**
 * Orders the demo data did not create (any order whose id is not one of the blueprint's): a shop that has
 * them is a real shop, and seeding into it needs `--force` or the Administration's confirmation.
 */
export async function countRealOrders(host: ExtensionHost, blueprint: Blueprint): Promise<number> {
  const plan = buildSeedPlan(blueprint, { channels: blueprint.channels.map((c) => c.key), perCategory: await seededPerCategory(host, blueprint), skipMedia: true, skipOrders: false });
  const demoIds = plan.orders.map((o) => o.id);
  const { total } = await host.repository('order').searchIds(
    {
      limit: 1,
      totalCountMode: 'exact',
      filter: demoIds.length > 0 ? [{ type: 'not', operator: 'OR', queries: [{ type: 'equalsAny', field: 'id', value: demoIds }] }] : [],
    },
    systemContext,
  );
  return total;
}

export function realOrdersMessage(count: number): string {
  return `This shop has ${count} ${count === 1 ? 'order' : 'orders'} that demo data did not create: demo products, customers and orders would mix with real ones.`;
}
