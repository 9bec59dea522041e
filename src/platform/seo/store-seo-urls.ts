import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';
import type { SeoRouteName } from './entities.js';

/** A SEO URL as the Store API shows it under an entity's `seoUrls`. */
export type StoreSeoUrlJson = Record<string, unknown> & { seoPathInfo: string; apiAlias: 'seo_url' };

/**
 * `sw-include-seo-urls`: the canonical SEO URL of each entity in the context's channel and language, as
 * Shopware's resolver adds them (one statement for a page of entities). Entities without one get none.
 */
export async function canonicalSeoUrlsOf(within: Db | UnitOfWork, context: SalesChannelContext, routeName: SeoRouteName, ids: string[]): Promise<Map<string, StoreSeoUrlJson[]>> {
  const byEntity = new Map<string, StoreSeoUrlJson[]>();
  if (ids.length === 0) return byEntity;
  const rows = await executorOf(within)
    .selectFrom('seo_url')
    .selectAll()
    .where('sales_channel_id', '=', context.salesChannel.id)
    .where('language_id', '=', context.languageId)
    .where('route_name', '=', routeName)
    .where('foreign_key', 'in', ids)
    .where('is_canonical', '=', true)
    .where('is_deleted', '=', false)
    .execute();
  for (const row of rows) {
    const json: StoreSeoUrlJson = {
      id: row.id,
      salesChannelId: row.sales_channel_id,
      languageId: row.language_id,
      foreignKey: row.foreign_key,
      routeName: row.route_name,
      pathInfo: row.path_info,
      seoPathInfo: row.seo_path_info as string,
      isCanonical: true,
      isModified: row.is_modified,
      isDeleted: false,
      error: row.error ?? null,
      url: null,
      customFields: row.custom_fields ?? {},
      createdAt: new Date(row.created_at as Date).toISOString(),
      updatedAt: row.updated_at === null ? null : new Date(row.updated_at as Date).toISOString(),
      apiAlias: 'seo_url',
    };
    byEntity.set(row.foreign_key as string, [...(byEntity.get(row.foreign_key as string) ?? []), json]);
  }
  return byEntity;
}
