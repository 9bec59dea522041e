import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import { transaction, type UnitOfWork } from '../database/transaction.js';
import { newId } from '../ids.js';
import { SEO_ROUTES, type SeoRouteName } from './entities.js';
import { categorySeoUrls, landingPageSeoUrls, productSeoUrls, seoChannels, type SeoChannel, type WantedSeoUrl } from './seo-url-templates.js';

/** What to bring up to date: some products, or every URL of a kind (categories and landing pages are always whole trees). */
export type SeoUrlRefresh = { kind: 'product'; ids?: string[] } | { kind: 'category' } | { kind: 'landingPage' };

// serialises SEO URL writes across workers: two refreshes of one entity must not both insert its canonical path
export const SEO_URL_LOCK = 7_310_551;

interface StoredSeoUrl {
  id: string;
  foreign_key: string;
  seo_path_info: string;
  is_canonical: boolean;
  is_modified: boolean;
  is_deleted: boolean;
}

/**
 * Writes the SEO URLs of `refresh` for every sales channel and language: a new path becomes the canonical
 * one and the earlier ones stay (not canonical, so the storefront redirects them); an entity the channel no
 * longer shows gets its URLs marked deleted. A path another entity holds as its canonical one is left to it.
 * An entity whose canonical path a merchant set (`is_modified`, seo-url-canonical.ts) keeps it: the
 * template's path does not replace it.
 * Returns how many rows were written.
 */
export async function refreshSeoUrls(within: Db | UnitOfWork, refresh: SeoUrlRefresh): Promise<number> {
  return transaction(within, async (uow) => {
    await sql`SELECT pg_advisory_xact_lock(${SEO_URL_LOCK})`.execute(uow.db);
    // a variant's name comes from its parent: renaming the parent moves its variants' paths too
    if (refresh.kind === 'product' && refresh.ids && refresh.ids.length > 0) {
      const children = await uow.db.selectFrom('product').select('id').where('parent_id', 'in', refresh.ids).execute();
      refresh = { kind: 'product', ids: [...new Set([...refresh.ids, ...children.map((row) => row.id as string)])] };
    }
    let written = 0;
    for (const channel of await seoChannels(uow.db)) {
      const wanted = await wantedUrls(uow, channel, refresh);
      const routeName = ROUTE_OF[refresh.kind];
      const scope = refresh.kind === 'product' ? refresh.ids : undefined;
      for (const languageId of channel.languageIds) written += await persist(uow, channel.id, languageId, routeName, wanted, scope);
    }
    return written;
  });
}

const ROUTE_OF: Record<SeoUrlRefresh['kind'], SeoRouteName> = { product: SEO_ROUTES.product, category: SEO_ROUTES.category, landingPage: SEO_ROUTES.landingPage };

function wantedUrls(uow: UnitOfWork, channel: SeoChannel, refresh: SeoUrlRefresh): Promise<WantedSeoUrl[]> {
  if (refresh.kind === 'product') return productSeoUrls(uow.db, channel, refresh.ids);
  if (refresh.kind === 'category') return categorySeoUrls(uow.db, channel);
  return landingPageSeoUrls(uow.db, channel);
}

/** `scope`: the entities considered (all of the route when undefined); those not wanted are marked deleted. */
async function persist(uow: UnitOfWork, salesChannelId: string, languageId: string, routeName: SeoRouteName, wanted: WantedSeoUrl[], scope: string[] | undefined): Promise<number> {
  const db = uow.db;
  const stored = await db
    .selectFrom('seo_url')
    .select(['id', 'foreign_key', 'seo_path_info', 'is_canonical', 'is_modified', 'is_deleted'])
    .where('sales_channel_id', '=', salesChannelId)
    .where('language_id', '=', languageId)
    .where('route_name', '=', routeName)
    .$if(scope !== undefined, (q) => q.where('foreign_key', 'in', scope!.length > 0 ? scope! : ['00000000-0000-0000-0000-000000000000']))
    .execute() as StoredSeoUrl[];
  const byEntity = new Map<string, StoredSeoUrl[]>();
  for (const row of stored) byEntity.set(row.foreign_key, [...(byEntity.get(row.foreign_key) ?? []), row]);

  const modified = new Set(stored.filter((row) => row.is_canonical && row.is_modified).map((row) => row.foreign_key));
  const changed = wanted.filter((url) => !modified.has(url.foreignKey) && !(byEntity.get(url.foreignKey) ?? []).some((row) => row.is_canonical && !row.is_deleted && row.seo_path_info === url.seoPathInfo));
  // who holds the new paths now (another entity, or an earlier URL of the same one)
  const holders = changed.length === 0 ? [] : await db
    .selectFrom('seo_url')
    .select(['id', 'foreign_key', 'seo_path_info', 'is_canonical', 'is_modified', 'is_deleted'])
    .where('sales_channel_id', '=', salesChannelId)
    .where('language_id', '=', languageId)
    .where('seo_path_info', 'in', changed.map((url) => url.seoPathInfo))
    .execute() as StoredSeoUrl[];
  const holderOf = new Map(holders.map((row) => [row.seo_path_info, row]));

  let written = 0;
  const fresh: WantedSeoUrl[] = [];
  const restored: string[] = [];
  const yielded: string[] = [];
  const demoted = new Set<string>();
  const claimed = new Set<string>();
  for (const url of changed) {
    if (claimed.has(url.seoPathInfo)) continue;
    claimed.add(url.seoPathInfo);
    const holder = holderOf.get(url.seoPathInfo);
    if (holder && holder.foreign_key !== url.foreignKey && holder.is_canonical && !holder.is_deleted) continue;
    // its canonical URL, if it has one, steps back (a new entity has none: nothing to update)
    if ((byEntity.get(url.foreignKey) ?? []).some((row) => row.is_canonical)) demoted.add(url.foreignKey);
    // back to an earlier path (a rename undone): that URL is canonical again
    if (holder && holder.foreign_key === url.foreignKey) restored.push(holder.id);
    else {
      // an old redirect of another entity yields to a live page
      if (holder) yielded.push(holder.id);
      fresh.push(url);
    }
  }
  const now = new Date();
  for (const keys of chunked([...demoted], 500)) {
    await db.updateTable('seo_url').set({ is_canonical: false, updated_at: now })
      .where('sales_channel_id', '=', salesChannelId).where('language_id', '=', languageId).where('route_name', '=', routeName)
      .where('foreign_key', 'in', keys).where('is_canonical', '=', true)
      .execute();
  }
  for (const ids of chunked(restored, 500)) {
    await db.updateTable('seo_url').set({ is_canonical: true, is_deleted: false, updated_at: now }).where('id', 'in', ids).execute();
    written += ids.length;
  }
  for (const ids of chunked(yielded, 500)) await db.deleteFrom('seo_url').where('id', 'in', ids).execute();
  for (let i = 0; i < fresh.length; i += 200) {
    const rows = fresh.slice(i, i + 200).map((url) => ({
      id: newId(),
      sales_channel_id: salesChannelId,
      language_id: languageId,
      foreign_key: url.foreignKey,
      route_name: routeName,
      path_info: url.pathInfo,
      seo_path_info: url.seoPathInfo,
      is_canonical: true,
    }));
    await db.insertInto('seo_url').values(rows).execute();
    written += rows.length;
  }

  // entities the channel no longer shows: their URLs answer 404 until they are shown again
  const shown = new Set(wanted.map((url) => url.foreignKey));
  const gone = stored.filter((row) => !shown.has(row.foreign_key) && !row.is_deleted).map((row) => row.id);
  if (gone.length > 0) {
    await db.updateTable('seo_url').set({ is_deleted: true, updated_at: new Date() }).where('id', 'in', gone).execute();
    written += gone.length;
  }
  // shown again under an unchanged (or its merchant's) path
  const back = wanted.flatMap((url) => (byEntity.get(url.foreignKey) ?? []).filter((row) => row.is_deleted && row.is_canonical && (row.is_modified || row.seo_path_info === url.seoPathInfo)).map((row) => row.id));
  if (back.length > 0) {
    await db.updateTable('seo_url').set({ is_deleted: false, updated_at: new Date() }).where('id', 'in', back).execute();
    written += back.length;
  }
  return written;
}

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
