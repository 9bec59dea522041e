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

const aggregationsOfDb = new WeakMap<Db, ChangeCache<string, object>>();

/**
 * A listing's aggregation values (manufacturer ids, price range, best rating, option ids), kept like the
 * pages: until the catalogue version moves, which the tables the filters read raise too
 * (migration-listing-version-filters.ts).
 */
export function listingAggregationsOf<V extends object>(db: Db): ChangeCache<string, V> {
  let values = aggregationsOfDb.get(db);
  if (!values) aggregationsOfDb.set(db, (values = new ChangeCache(tableChangesOf(db), ['catalog_listing_version'], { maxEntries: MAX_ENTRIES })));
  return values as ChangeCache<string, V>;
}

/** Whether criteria filter or sort by a field whose changes do not raise the catalogue version. */
export function mentionsUnversionedField(criteria: Criteria): boolean {
  const inFilter = (filter: Filter): boolean =>
    filter.type === 'multi' || filter.type === 'not' ? filter.queries.some(inFilter) : UNVERSIONED_FIELD.test(filter.field);
  return (
    [...(criteria.filter ?? []), ...(criteria.postFilter ?? [])].some(inFilter) || (criteria.sort ?? []).some((sorting) => UNVERSIONED_FIELD.test(sorting.field))
  );
}
