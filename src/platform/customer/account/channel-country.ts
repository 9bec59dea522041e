import type { UnitOfWork } from '../../database/transaction.js';
import { isId } from '../../ids.js';

/** Whether `countryId` is an active country the sales channel sells to: the one rule for every customer address. */
export async function countryOfChannel(uow: UnitOfWork, salesChannelId: string, countryId: string): Promise<boolean> {
  if (!isId(countryId)) return false;
  const row = await uow.db
    .selectFrom('sales_channel_country as scc')
    .innerJoin('country as c', 'c.id', 'scc.country_id')
    .select('c.id')
    .where('scc.sales_channel_id', '=', salesChannelId)
    .where('scc.country_id', '=', countryId)
    .where('c.active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}
