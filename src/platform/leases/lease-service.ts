import { newId } from '../ids.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../database/connection.js';

/** A held lease: whoever has the token may renew and release it until it expires. */
export interface Lease {
  readonly name: string;
  readonly token: string;
}

export interface LeaseOptions {
  /** How long the lease stays valid without a renewal; a crashed holder blocks others at most this long. */
  ttlMs: number;
  /** How long to wait for a lease held by someone else before giving up (default 0: try once). */
  waitMs?: number;
  /** Pause between attempts while waiting (default 100 ms). */
  pollMs?: number;
}

export interface LeaseHolder {
  token: string;
  acquiredAt: Date;
  expiresAt: Date;
  /** Whether the database clock says it has run out (anyone may take it over). */
  expired: boolean;
}

export type LeaseRun<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Expiring, atomic, cross-process mutual exclusion: one statement takes
 * a lease when it is free or expired, and the database clock decides expiry, so processes with drifting
 * clocks agree. Nothing is held open across the work: the lease is a row, not a transaction or a lock.
 */
export class LeaseService {
  constructor(private readonly db: Db) {}

  /** Takes the lease, waiting up to `waitMs` for its holder; null when it stayed taken. */
  async take(name: string, options: LeaseOptions): Promise<Lease | null> {
    const token = newId();
    const giveUpAt = Date.now() + (options.waitMs ?? 0);
    for (;;) {
      if (await this.#tryTake(name, token, options.ttlMs)) return { name, token };
      if (Date.now() >= giveUpAt) return null;
      await sleep(Math.min(options.pollMs ?? 100, Math.max(giveUpAt - Date.now(), 1)));
    }
  }

  /** Extends a lease still held by this token; false when it was lost (taken over after expiring). */
  async renew(lease: Lease, ttlMs: number): Promise<boolean> {
    const result = await sql<{ name: string }>`
      UPDATE lease SET expires_at = now() + make_interval(secs => ${ttlMs / 1000}::double precision)
      WHERE name = ${lease.name} AND token = ${lease.token}::uuid
      RETURNING name`.execute(this.db);
    return result.rows.length === 1;
  }

  /** Gives the lease back, only if it is still this token's. */
  async release(lease: Lease): Promise<void> {
    await sql`DELETE FROM lease WHERE name = ${lease.name} AND token = ${lease.token}::uuid`.execute(this.db);
  }

  /** Who holds the lease now, if anyone (an expired row counts as held by nobody, but is shown). */
  async holder(name: string): Promise<LeaseHolder | null> {
    const result = await sql<{ token: string; acquired_at: Date; expires_at: Date; expired: boolean }>`
      SELECT token, acquired_at, expires_at, expires_at <= now() AS expired FROM lease WHERE name = ${name}`.execute(this.db);
    const row = result.rows[0];
    return row ? { token: row.token, acquiredAt: new Date(row.acquired_at), expiresAt: new Date(row.expires_at), expired: row.expired } : null;
  }

  /**
   * Runs `work` while holding the lease: renewed every third of its lifetime, released afterwards
   * (also when `work` throws). When a renewal finds the lease lost, `signal` aborts, so long work can
   * stop early. `{acquired:false}` when the lease could not be taken within `waitMs`.
   */
  async run<T>(name: string, options: LeaseOptions, work: (lease: Lease, signal: AbortSignal) => Promise<T>): Promise<LeaseRun<T>> {
    const lease = await this.take(name, options);
    if (!lease) return { acquired: false };
    const lost = new AbortController();
    const renewal = setInterval(() => {
      this.renew(lease, options.ttlMs)
        .then((kept) => kept || lost.abort(new Error(`lease ${name} was lost`)))
        .catch(() => undefined); // a failed renewal is retried at the next tick; the lease may still expire
    }, Math.max(Math.floor(options.ttlMs / 3), 10));
    renewal.unref();
    try {
      return { acquired: true, value: await work(lease, lost.signal) };
    } finally {
      clearInterval(renewal);
      await this.release(lease).catch(() => undefined); // unreleased, it expires by itself
    }
  }

  async #tryTake(name: string, token: string, ttlMs: number): Promise<boolean> {
    const result = await sql<{ name: string }>`
      INSERT INTO lease (name, token, acquired_at, expires_at)
      VALUES (${name}, ${token}::uuid, now(), now() + make_interval(secs => ${ttlMs / 1000}::double precision))
      ON CONFLICT (name) DO UPDATE SET token = excluded.token, acquired_at = excluded.acquired_at, expires_at = excluded.expires_at
      WHERE lease.expires_at <= now()
      RETURNING name`.execute(this.db);
    return result.rows.length === 1;
  }
}
