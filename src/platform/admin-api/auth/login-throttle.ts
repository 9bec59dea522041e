import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';

export interface LoginThrottleOptions {
  /** Attempts allowed per username and address within one window. */
  maxFailures?: number;
  windowMs?: number;
}

// expired rows are deleted by every this many attempts of one process
const SWEEP_EVERY = 100;
// the count stops here: a flood of attempts cannot overflow the column
const MAX_COUNT = 1_000_000;

/**
 * Slows down password guessing: after `maxFailures` attempts for one username from one address within a
 * window (starting with the first of them), further attempts are refused until the window has passed; a
 * successful login forgets them. Counted in the database (`login_throttle`, one atomic upsert per attempt),
 * so every process sees the same count, and counted *before* the password is checked, so attempts running
 * at the same time in several processes cannot slip past the limit together. Rows hold a hash of the
 * scope, username and address, never the username.
 */
export class LoginThrottle {
  readonly #maxFailures: number;
  readonly #windowMs: number;
  #untilSweep = SWEEP_EVERY;

  constructor(
    private readonly db: Db,
    /** Whose logins: `administration`, `customer`; the same username counts separately per scope. */
    private readonly scope: string,
    options: LoginThrottleOptions = {},
  ) {
    this.#maxFailures = options.maxFailures ?? 10;
    this.#windowMs = options.windowMs ?? 5 * 60_000;
  }

  /** Counts an attempt: 0 when it may go on, else the seconds to wait (the attempt is refused). */
  async attempt(username: string, ip: string): Promise<number> {
    const window = sql`(${this.#windowMs} * interval '1 millisecond')`;
    const { rows } = await sql<{ attempts: number; wait_seconds: number }>`
      INSERT INTO login_throttle AS t (key, attempts, window_ends_at) VALUES (${this.#key(username, ip)}, 1, now() + ${window})
      ON CONFLICT (key) DO UPDATE SET
        attempts = CASE WHEN t.window_ends_at <= now() THEN 1 ELSE least(t.attempts + 1, ${MAX_COUNT}) END,
        window_ends_at = CASE WHEN t.window_ends_at <= now() THEN now() + ${window} ELSE t.window_ends_at END
      RETURNING attempts, ceil(extract(epoch FROM window_ends_at - now()))::integer AS wait_seconds`.execute(this.db);
    await this.#sweepNowAndThen();
    const row = rows[0]!;
    return row.attempts <= this.#maxFailures ? 0 : Math.max(1, row.wait_seconds);
  }

  /** A successful login: the attempts of this username and address are forgotten. */
  async succeed(username: string, ip: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', this.#key(username, ip)).execute();
  }

  // keys that never come back would otherwise stay forever
  async #sweepNowAndThen(): Promise<void> {
    if (--this.#untilSweep > 0) return;
    this.#untilSweep = SWEEP_EVERY;
    await this.db.deleteFrom('login_throttle').where('window_ends_at', '<=', sql<Date>`now()`).execute();
  }

  #key(username: string, ip: string): string {
    return createHash('sha256').update(`${this.scope}\n${username.toLowerCase()}\n${ip}`).digest('hex');
  }
}
