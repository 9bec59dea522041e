import { systemContext, type ExtensionHost } from '../../../platform/sdk/index.js';
import type { Blueprint } from '../blueprint/schema.js';
import { buildSeedPlan } from '../plan/build-plan.js';
import { IdMap } from '../plan/id-map.js';
import { resolveSalesChannels } from '../seed/families/sales-channels.js';

export interface ChannelReport {
  key: string;
  /** `missing`, `present` or `adopted: <name>`. */
  state: string;
  salesChannel: string;
  rootCategory: string;
  categoriesBelowRoot: number;
  visibleProducts: number;
}

/**
 * What exists of each blueprint channel, resolved as the seeder would (id, name, adopt list); reads only.
 */
export async function channelReport(host: ExtensionHost, blueprint: Blueprint): Promise<ChannelReport[]> {
  const plan = buildSeedPlan(blueprint, { channels: blueprint.channels.map((c) => c.key), perCategory: 1, skipMedia: true, skipOrders: true });
  const resolutions = await resolveSalesChannels({ host, plan, ids: new IdMap() });
  const reports: ChannelReport[] = [];
  for (const { node, existing, how } of resolutions) {
    if (!existing) {
      reports.push({ key: node.channel, state: 'missing', salesChannel: '—', rootCategory: '—', categoriesBelowRoot: 0, visibleProducts: 0 });
      continue;
    }
    const rootId = existing.navigationCategoryId as string;
    const root = await host.repository('category').get(rootId, systemContext);
    const below = await host.repository('category').searchIds(
      { filter: [{ type: 'contains', field: 'path', value: `|${rootId}|` }], limit: 1, totalCountMode: 'exact' },
      systemContext,
    );
    const visible = await host.repository('product_visibility').searchIds(
      { filter: [{ type: 'equals', field: 'salesChannelId', value: existing.id as string }], limit: 1, totalCountMode: 'exact' },
      systemContext,
    );
    reports.push({
      key: node.channel,
      state: how === 'natural' ? `adopted: ${existing.name as string}` : 'present',
      salesChannel: existing.name as string,
      rootCategory: (root?.name as string | undefined) ?? '—',
      categoriesBelowRoot: below.total,
      visibleProducts: visible.total,
    });
  }
  return reports;
}
