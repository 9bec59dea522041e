import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import type { Criteria, Filter } from '../../entities/criteria/types.js';

/** Pages kept per database; a page is at most 100 ids, so the cache stays within a few MiB. */
const MAX_ENTRIES = 2000;

/**
 * Fields whose changes leave the catalogue version alone (order placement moves stock without raising
 * it): a listing that filters or sorts by them is never cached.
 */
const UNVERSIONED_FIELD = /(^|\.)(stock|updatedAt)$/;

interface Entry<T> {
  version: string;
  value: T;
}

/**
 * Listing pages (ids and total) per catalogue version, so a listing costs one indexed read of the
 * version instead of evaluating every product of the catalogue. The version is raised in the database,
 * at commit, by every change a listing depends on (migration-listing-version.ts), so a page cached here
 * is served only while nothing it was computed from has changed, whichever process wrote.
 *
 * The version is read before the page is computed: a page may be newer than the version it is stored
 * under (then it is never served again, as the version has moved on), never older.
 */
export class ListingCache {
  readonly #entries = new Map<string, Entry<unknown>>();

  constructor(private readonly db: Db) {}

  async read<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const row = await sql<{ version: string }>`SELECT version FROM catalog_listing_version WHERE id = 1`.execute(this.db);
    const version = String(row.rows[0]?.version ?? '');
    const hit = this.#entries.get(key);
    if (hit && hit.version === version) {
      // most recently used last: the oldest entry is the first to go
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.value as T;
    }
    const value = await compute();
    this.#entries.delete(key);
    this.#entries.set(key, { version, value });
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }
}

const caches = new WeakMap<Db, ListingCache>();

/** The cache of one database handle (several platforms in one process never share pages). */
export function listingCacheOf(db: Db): ListingCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ListingCache(db)));
  return cache;
}

/** Whether criteria filter or sort by a field whose changes do not raise the catalogue version. */
export function mentionsUnversionedField(criteria: Criteria): boolean {
  const inFilter = (filter: Filter): boolean =>
    filter.type === 'multi' || filter.type === 'not' ? filter.queries.some(inFilter) : UNVERSIONED_FIELD.test(filter.field);
  return (
    [...(criteria.filter ?? []), ...(criteria.postFilter ?? [])].some(inFilter) || (criteria.sort ?? []).some((sorting) => UNVERSIONED_FIELD.test(sorting.field))
  );
}
