import { randomInt } from 'node:crypto';

/** What a simulated gateway's records have in common: timestamps, ids, return URLs. */

/** Timestamps as gateways print them: whole seconds, `.000Z`. */
export function gatewayTimestamp(date = new Date()): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();
}

/**
 * Ids increase within one simulator and start at a random base, so two simulators that a test file starts
 * against the same shop database do not hand out the same ids.
 */
export class IdSequence {
  #next: number;
  constructor(min: number, max: number) {
    this.#next = randomInt(min, max);
  }
  next(): number {
    return this.#next++;
  }
}

/** A gateway's records by numeric id (refunds, transactions), ids from a random base, listed oldest first. */
export class RecordBook<R extends { id: number }> {
  readonly #records = new Map<number, R>();
  readonly #ids: IdSequence;

  /** Ids start between `min` and `max`. */
  constructor(min: number, max: number) {
    this.#ids = new IdSequence(min, max);
  }

  /** Stores a record under the next id. */
  add(fields: Omit<R, 'id'>): R {
    const record = { ...fields, id: this.#ids.next() } as R;
    this.#records.set(record.id, record);
    return record;
  }

  get(id: number): R | undefined {
    return this.#records.get(id);
  }

  /** Oldest first. */
  all(): R[] {
    return [...this.#records.values()].sort((a, b) => a.id - b.id);
  }

  /** The records that match, oldest first. */
  where(matches: (record: R) => boolean): R[] {
    return this.all().filter(matches);
  }
}

/** A record a test names, or an error saying it does not exist (the programmatic API throws for unknown records). */
export function existing<T>(record: T | undefined, missing: string): T {
  if (record === undefined) throw new Error(missing);
  return record;
}

/** Appends query parameters to the shop's URL without re-encoding what it already carries. */
export function withQuery(url: string, params: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : url.slice(hashAt);
  const query = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${query}${fragment}`;
}

/** A payment that cannot be completed any more (paid, inactive link) or a wrong override: the hosted page answers 400. */
export class PaymentFlowError extends Error {
  override name = 'PaymentFlowError';
}
