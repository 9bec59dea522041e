import type { Db } from '../database/connection.js';
import type { UnitOfWork } from '../database/transaction.js';
import { executorOf } from '../database/transaction.js';

/** The layout a product page shows and the product's overrides of its slots. */
export interface ProductLayout {
  cmsPageId: string | null;
  slotConfig: Record<string, unknown> | null;
}

/**
 * The layout assigned to a product page: the variant's own, else its parent's (a variant inherits
 * `cmsPageId` and `slotConfig` as in Shopware), in one statement. Null fields when none is assigned.
 */
export async function productLayoutOf(within: Db | UnitOfWork, productId: string): Promise<ProductLayout> {
  const row = await executorOf(within)
    .selectFrom('product as p')
    .leftJoin('product as parent', 'parent.id', 'p.parent_id')
    .select(['p.cms_page_id as own_page', 'p.slot_config as own_config', 'parent.cms_page_id as parent_page', 'parent.slot_config as parent_config'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row) return { cmsPageId: null, slotConfig: null };
  const cmsPageId = (row.own_page ?? row.parent_page ?? null) as string | null;
  const slotConfig = (row.own_config ?? row.parent_config ?? null) as Record<string, unknown> | null;
  return { cmsPageId, slotConfig };
}
