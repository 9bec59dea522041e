import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts attempts per key in fixed windows (rate-limiter-flexible's memory store): `points` attempts per
 * `durationMs`, then refusals until the key's window ends. Per process: each web process counts on its own.
 */
export class RateLimiter {
  readonly #limiter: RateLimiterMemory;

  constructor(options: { points: number; durationMs: number; keyPrefix?: string }) {
    this.#limiter = new RateLimiterMemory({ points: options.points, duration: Math.ceil(options.durationMs / 1000), keyPrefix: options.keyPrefix ?? 'rl' });
  }

  /** Spends one attempt of `key`, or says how long until one is allowed again. */
  async consume(key: string): Promise<RateLimitDecision> {
    try {
      await this.#limiter.consume(key);
      return { allowed: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      throw rejection;
    }
  }

  /** Seconds until `key` may try again without spending an attempt; 0 when one is allowed now. */
  async retryAfter(key: string): Promise<number> {
    const state = await this.#limiter.get(key);
    if (!state || state.remainingPoints > 0) return 0;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }
}
