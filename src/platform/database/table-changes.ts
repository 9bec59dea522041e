/** The notification channel the change triggers write to (see table-change-migration.ts). */
export const TABLE_CHANGE_CHANNEL = 'platform_table_change';

/**
 * Which watched tables changed, as PostgreSQL reports it: a statement trigger on each watched table
 * sends the table's name on commit, and every connection of the pool LISTENs. Caches of rarely written,
 * often read rows (settings, the rights behind a token) subscribe here and drop what they hold.
 *
 * Why this is immediate enough to stand in for a read per request:
 * - a connection that commits a change receives its own notification before its COMMIT returns, so the
 *   process that made a change (an Admin API request, a console command handed to the server) never
 *   serves the old value afterwards;
 * - other processes' idle connections receive it as soon as PostgreSQL signals them (under a
 *   millisecond on loopback), the same order of time as a request that had read the row just before;
 * - a cache is only filled while at least one connection listens: when the last one closes (idle
 *   timeout, server restart) every cache is dropped, since notifications in the gap would be missed.
 */
export class TableChanges {
  #listening = 0;
  readonly #subscribers = new Map<string, Set<() => void>>();
  readonly #everySubscriber = new Set<() => void>();

  /** Whether changes are being heard now; caches must not fill while they are not. */
  get watching(): boolean {
    return this.#listening > 0;
  }

  /** Calls `onChange` after any change to one of `tables`, and whenever changes may have gone unheard. */
  subscribe(tables: readonly string[], onChange: () => void): void {
    for (const table of tables) {
      let set = this.#subscribers.get(table);
      if (!set) this.#subscribers.set(table, (set = new Set()));
      set.add(onChange);
    }
    this.#everySubscriber.add(onChange);
  }

  /** A notification's payload: the changed table. */
  changed(table: string): void {
    for (const onChange of this.#subscribers.get(table) ?? []) onChange();
  }

  /** A connection has run LISTEN. */
  listenerOpened(): void {
    this.#listening += 1;
  }

  /** A listening connection ended: with none left, what changes next would go unheard. */
  listenerClosed(): void {
    this.#listening = Math.max(0, this.#listening - 1);
    if (this.#listening === 0) for (const onChange of this.#everySubscriber) onChange();
  }
}
