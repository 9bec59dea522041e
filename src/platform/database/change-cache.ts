import type { TableChanges } from './table-changes.js';

export interface ChangeCacheOptions {
  /** At most this many keys; past that the least recently used are dropped. */
  maxEntries?: number;
  /**
   * A safety net only (changes arrive as notifications): an entry older than this is read again, which
   * bounds how long a notification lost in a way the connection did not notice could matter.
   */
  maxAgeMs?: number;
}

/**
 * Values read from tables that rarely change, kept until one of those tables changes (see TableChanges).
 * A read that overlapped a change is returned but not kept: it may hold the rows from before it. Every
 * caller gets the same kept value: treat it as read-only (copy before changing it).
 */
export class ChangeCache<K, V> {
  readonly #entries = new Map<K, { value: V; at: number }>();
  #dropped = 0;
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;

  constructor(
    private readonly changes: TableChanges,
    tables: readonly string[],
    options: ChangeCacheOptions = {},
  ) {
    this.#maxEntries = options.maxEntries ?? 1_000;
    this.#maxAgeMs = options.maxAgeMs ?? 30_000;
    changes.subscribe(tables, () => this.clear());
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const now = performance.now();
    const hit = this.#entries.get(key);
    if (hit && now - hit.at < this.#maxAgeMs) {
      // most recently used last: past maxEntries the least recently used key goes first
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.value;
    }
    const droppedBefore = this.#dropped;
    const value = await load();
    if (this.#dropped === droppedBefore && this.changes.watching) {
      this.#entries.delete(key);
      if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value as K);
      this.#entries.set(key, { value, at: now });
    }
    return value;
  }

  clear(): void {
    this.#dropped += 1;
    this.#entries.clear();
  }
}
