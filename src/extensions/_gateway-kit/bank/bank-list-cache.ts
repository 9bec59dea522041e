import type { BankErrors } from './bank-errors.js';

/** Where a failed load is reported: the request's logger. */
export interface BankListLog {
  warn(details: object, message: string): void;
}

/** A bank as the storefront offers it; a gateway may keep more of its own fields on it. */
export interface ListedBank {
  code: string;
  name: string;
}

/** How long a country's list is reused: banks join or leave a gateway rarely, customers open the form often. */
export const BANK_LIST_TTL_MS = 10 * 60_000;

/**
 * Bank lists kept in memory per key (gateway URL, mode, country) for BANK_LIST_TTL_MS, sorted by name.
 * Failures are not kept: the next request asks again. Requests arriving while a list loads share that
 * one gateway call.
 */
export class BankListCache<B extends ListedBank = ListedBank> {
  readonly #lists = new Map<string, { banks: B[]; expiresAt: number }>();
  readonly #loading = new Map<string, Promise<B[]>>();

  constructor(
    private readonly errors: BankErrors,
    private readonly ttlMs = BANK_LIST_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The sorted list, or a 502 "Unable to load banks." when `load` fails. */
  async banks(key: string, load: () => Promise<ReadonlyArray<B>>, log: BankListLog): Promise<B[]> {
    const cached = this.#lists.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.banks;
    let loading = this.#loading.get(key);
    if (!loading) {
      loading = load()
        .then((banks) => sortedByName(banks))
        .catch((error: unknown) => {
          log.warn({ err: error }, 'the bank list could not be loaded');
          throw this.errors.bankListUnavailable(error);
        })
        .finally(() => this.#loading.delete(key));
      this.#loading.set(key, loading);
    }
    const banks = await loading;
    // an empty list helps no one and may be a gateway hiccup: asked again next time
    if (banks.length > 0) this.#lists.set(key, { banks, expiresAt: this.now() + this.ttlMs });
    return banks;
  }
}

/** One entry per bank code (the first wins), ordered by name as a reader expects (case and accents aside). */
export function sortedByName<B extends ListedBank>(banks: ReadonlyArray<B>): B[] {
  const byCode = new Map<string, B>();
  for (const bank of banks) {
    const name = bank.name.trim();
    if (name !== '' && !byCode.has(bank.code)) byCode.set(bank.code, { ...bank, name });
  }
  return [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.code.localeCompare(b.code));
}
