import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';

/** A SEO path as the storefront resolves it. */
export interface ResolvedSeoPath {
  /** The technical path the SEO path stands for (`/detail/{id}`). */
  pathInfo: string;
  /** The entity's canonical SEO path when this one is an earlier one (a 301 to it), else null. */
  redirectTo: string | null;
}

/** What `seoPathInfo` (without the leading slash) leads to in the channel and language; undefined when nothing (or a deleted URL). */
export async function resolveSeoPath(within: Db | UnitOfWork, salesChannelId: string, languageId: string, seoPathInfo: string): Promise<ResolvedSeoPath | undefined> {
  const db = executorOf(within);
  const row = await db
    .selectFrom('seo_url')
    .select(['route_name', 'foreign_key', 'path_info', 'is_canonical'])
    .where('sales_channel_id', '=', salesChannelId)
    .where('language_id', '=', languageId)
    .where('seo_path_info', '=', seoPathInfo)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.is_canonical) return { pathInfo: row.path_info as string, redirectTo: null };
  const canonical = await db
    .selectFrom('seo_url')
    .select('seo_path_info')
    .where('sales_channel_id', '=', salesChannelId)
    .where('language_id', '=', languageId)
    .where('route_name', '=', row.route_name)
    .where('foreign_key', '=', row.foreign_key)
    .where('is_canonical', '=', true)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return { pathInfo: row.path_info as string, redirectTo: canonical ? (canonical.seo_path_info as string) : null };
}

/** The canonical SEO path of each technical path that has one (`/detail/{id}` → `Main-product/SW10001`). */
export async function canonicalSeoPaths(within: Db | UnitOfWork, salesChannelId: string, languageId: string, pathInfos: string[]): Promise<Map<string, string>> {
  if (pathInfos.length === 0) return new Map();
  const rows = await executorOf(within)
    .selectFrom('seo_url')
    .select(['path_info', 'seo_path_info'])
    .where('sales_channel_id', '=', salesChannelId)
    .where('language_id', '=', languageId)
    .where('path_info', 'in', pathInfos)
    .where('is_canonical', '=', true)
    .where('is_deleted', '=', false)
    .execute();
  return new Map(rows.map((row) => [row.path_info as string, row.seo_path_info as string]));
}
