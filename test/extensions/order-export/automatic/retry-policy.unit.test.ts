import { describe, expect, it } from 'vitest';
import { backoffSeconds, isRetryableStatus, MAX_TRIES, nextTryDelaySeconds } from '../../../../src/extensions/order-export/automatic/retry-policy.js';

describe('automatic export retry schedule', () => {
  it('8 tries, waiting 1 min, 4 min, 16 min, 64 min, 256 min, then 6 h', () => {
    const waits = Array.from({ length: MAX_TRIES }, (_, i) => nextTryDelaySeconds(i + 1, null));
    expect(waits).toEqual([60, 240, 960, 3840, 15360, 21600, 21600, null]);
    expect(backoffSeconds(20)).toBe(21600);
  });

  it('a longer Retry-After wins, up to a day; a shorter one does not shorten the schedule', () => {
    expect(nextTryDelaySeconds(1, 600)).toBe(600);
    expect(nextTryDelaySeconds(3, 30)).toBe(960);
    expect(nextTryDelaySeconds(2, 10 * 24 * 3600)).toBe(24 * 3600);
    expect(nextTryDelaySeconds(8, 600)).toBeNull();
  });

  it('retries no answer, timeouts, throttling and server errors only', () => {
    for (const status of [null, 408, 425, 429, 500, 502, 503, 504]) expect(isRetryableStatus(status)).toBe(true);
    for (const status of [300, 307, 400, 401, 403, 404, 410, 422]) expect(isRetryableStatus(status)).toBe(false);
  });
});
