import { tableChangesOf, type Db } from '../../database/connection.js';
import { ChangeCache } from '../../database/change-cache.js';
import type { Criteria, Filter } from '../../entities/criteria/types.js';

/** A cached page: what `searchListedProductIds` answers (kept read-only). */
export interface ListingPage {
  total: number;
  ids: readonly string[];
}

/** Pages kept per database; a page is at most 100 ids, so the cache stays within a few MiB. */
const MAX_ENTRIES = 2000;

/**
 * Fields whose changes leave the catalogue version alone (order placement moves stock without raising
 * it): a listing that filters or sorts by them is never cached.
 */
const UNVERSIONED_FIELD = /(^|\.)(stock|updatedAt)$/;

const pagesOfDb = new WeakMap<Db, ChangeCache<string, ListingPage>>();

/**
 * The listing pages (ids and total) of one database handle, kept until the catalogue version changes, so
 * a repeated listing costs no statement instead of evaluating every product of the catalogue. The version
 * is raised in the database, at commit, by every change a listing depends on
 * (migration-listing-version.ts), and its table reports that change to every process (TableChanges): a
 * page is served only while nothing it was computed from has changed, whichever process wrote, and a page
 * whose computation overlapped a change is not kept. Several platforms in one process never share pages.
 */
export function listingPagesOf(db: Db): ChangeCache<string, ListingPage> {
  let pages = pagesOfDb.get(db);
  if (!pages) pagesOfDb.set(db, (pages = new ChangeCache(tableChangesOf(db), ['catalog_listing_version'], { maxEntries: MAX_ENTRIES })));
  return pages;
}

const cachesOfDb = new WeakMap<Db, Map<string, ChangeCache<string, unknown>>>();

/**
 * A cache of catalogue reads (`name` keeps different kinds apart) kept like the pages: until the catalogue
 * version moves. Only for values built from tables that raise it (products and what hangs off them,
 * categories, currencies, manufacturers, properties, reviews: migrations listing-version and
 * listing-version-filters). Values are shared: read-only.
 */
export function catalogueCacheOf<V>(db: Db, name: string): ChangeCache<string, V> {
  let caches = cachesOfDb.get(db);
  if (!caches) cachesOfDb.set(db, (caches = new Map()));
  let cache = caches.get(name);
  if (!cache) caches.set(name, (cache = new ChangeCache(tableChangesOf(db), ['catalog_listing_version'], { maxEntries: MAX_ENTRIES })));
  return cache as ChangeCache<string, V>;
}

/** A listing's aggregations (with their manufacturers and property groups), see catalogueCacheOf. */
export function listingAggregationsOf<V>(db: Db): ChangeCache<string, V> {
  return catalogueCacheOf<V>(db, 'listing-aggregations');
}

/** Whether criteria filter or sort by a field whose changes do not raise the catalogue version. */
export function mentionsUnversionedField(criteria: Criteria): boolean {
  const inFilter = (filter: Filter): boolean =>
    filter.type === 'multi' || filter.type === 'not' ? filter.queries.some(inFilter) : UNVERSIONED_FIELD.test(filter.field);
  return (
    [...(criteria.filter ?? []), ...(criteria.postFilter ?? [])].some(inFilter) || (criteria.sort ?? []).some((sorting) => UNVERSIONED_FIELD.test(sorting.field))
  );
}
