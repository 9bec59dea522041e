/**
 * The schedule of automatic exports whose target failed. Documentation is generated from these
 * constants (docs/order-export.md quotes them): 8 tries; the wait after try n is 1 min × 4^(n-1),
 * at most 6 h (1 min, 4 min, 16 min, 64 min, 4 h 16 min, 6 h, 6 h: about 17.6 h in all), or longer when
 * the target's Retry-After asks for it (honoured up to 24 h).
 */
export const MAX_TRIES = 8;
export const FIRST_DELAY_SECONDS = 60;
export const BACKOFF_FACTOR = 4;
export const MAX_DELAY_SECONDS = 6 * 3600;
export const MAX_RETRY_AFTER_SECONDS = 24 * 3600;

/** The wait after try `tryNumber` (1-based) failed. */
export function backoffSeconds(tryNumber: number): number {
  return Math.min(FIRST_DELAY_SECONDS * BACKOFF_FACTOR ** (tryNumber - 1), MAX_DELAY_SECONDS);
}

/**
 * Whether another try can help: no answer at all, a timeout, throttling or a server error. Other
 * answers (400, 401, 404, 410, 3xx, ...) need someone to change the data, the mapping or the target;
 * `bin/console ext:order-export:retry-failed` tries those again once fixed.
 */
export function isRetryableStatus(status: number | null): boolean {
  return status === null || status === 408 || status === 425 || status === 429 || status >= 500;
}

/** Seconds until the next try, or null when `tryNumber` was the last one. */
export function nextTryDelaySeconds(tryNumber: number, retryAfterSeconds: number | null): number | null {
  if (tryNumber >= MAX_TRIES) return null;
  return Math.max(backoffSeconds(tryNumber), Math.min(retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS));
}
