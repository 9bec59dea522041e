import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import type { StorefrontServices } from './storefront-services.js';

/** The active countries of the visitor's sales channel, as select options (position, then name). */
export async function channelCountries(services: StorefrontServices, context: SalesChannelContext): Promise<Array<{ value: string; label: string }>> {
  const rows = await services.platform.db
    .selectFrom('sales_channel_country as scc')
    .innerJoin('country as c', 'c.id', 'scc.country_id')
    .select(['c.id', 'c.name'])
    .where('scc.sales_channel_id', '=', context.salesChannel.id)
    .where('c.active', '=', true)
    .orderBy('c.position')
    .orderBy('c.name')
    .execute();
  return rows.map((row) => ({ value: row.id as string, label: row.name as string }));
}
