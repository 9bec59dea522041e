import { LoginThrottle } from '../../../platform/admin-api/auth/login-throttle.js';

/** Account resolutions a customer may ask for per window: enough for typos, too few to look up strangers' names. */
export const VERIFICATIONS_PER_WINDOW = 10;
export const VERIFICATION_WINDOW_MS = 60 * 60_000;

/**
 * Counts a customer's account resolutions at the gateway in a sliding window (every attempt counts,
 * resolved or not; input refused before reaching the gateway does not). In memory, per process, like
 * the login throttle whose counter it reuses: the platform has no shared store for counters.
 */
export class VerificationRateLimit {
  readonly #counter: LoginThrottle;

  constructor(limit = VERIFICATIONS_PER_WINDOW, windowMs = VERIFICATION_WINDOW_MS, now: () => number = Date.now) {
    this.#counter = new LoginThrottle(limit, windowMs, now);
  }

  /** Seconds until the customer may try again; 0 when an attempt is allowed now. */
  retryAfter(customerId: string): number {
    return this.#counter.retryAfter(customerId, 'pay-b-verify');
  }

  record(customerId: string): void {
    this.#counter.fail(customerId, 'pay-b-verify');
  }
}
