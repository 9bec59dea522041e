import type { LogEvent } from 'kysely';

/**
 * Counts the statements Kysely runs on one database handle (transaction control, BEGIN/COMMIT, is not
 * among them). Tests read the count before and after one operation to pin how many statements a hot
 * path costs, so removed round trips do not creep back; `sqlSince` shows which ones when a pin fails.
 */
export class StatementCounter {
  #count = 0;
  #recent: string[] = [];
  #keepText = false;

  /** Kysely's `log` hook; an arrow so it can be handed over unbound. */
  readonly record = (event: LogEvent): void => {
    this.#count += 1;
    if (this.#keepText) this.#recent.push(event.query.sql);
  };

  get count(): number {
    return this.#count;
  }

  /** Counts (and, for diagnosis, keeps the text of) every statement `operation` runs. */
  async measure<T>(operation: () => Promise<T>): Promise<{ result: T; count: number; sql: string[] }> {
    const before = this.#count;
    this.#keepText = true;
    this.#recent = [];
    try {
      const result = await operation();
      return { result, count: this.#count - before, sql: [...this.#recent] };
    } finally {
      this.#keepText = false;
      this.#recent = [];
    }
  }
}
