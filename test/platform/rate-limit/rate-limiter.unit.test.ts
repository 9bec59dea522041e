import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../src/platform/rate-limit/rate-limiter.js';

describe('rate limiter', () => {
  it('allows `points` attempts per key and window, then tells how long to wait', async () => {
    const limiter = new RateLimiter({ points: 3, durationMs: 60_000 });
    for (let i = 0; i < 3; i += 1) expect(await limiter.consume('customer-a')).toEqual({ allowed: true });
    expect(await limiter.retryAfter('customer-a')).toBeGreaterThan(0);
    const refused = await limiter.consume('customer-a');
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // other keys count on their own
    expect(await limiter.retryAfter('customer-b')).toBe(0);
    expect(await limiter.consume('customer-b')).toEqual({ allowed: true });
  });
});
