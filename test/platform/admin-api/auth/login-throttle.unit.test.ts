import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../../../src/platform/admin-api/auth/login-throttle.js';

describe('LoginThrottle', () => {
  it('refuses after the maximum of failures within the window and allows again afterwards', () => {
    let now = 0;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) throttle.fail('Ada', '1.2.3.4');
    expect(throttle.retryAfter('ada', '1.2.3.4')).toBe(60);
    expect(throttle.retryAfter('ada', '5.6.7.8')).toBe(0);
    now = 60_001;
    expect(throttle.retryAfter('ada', '1.2.3.4')).toBe(0);
  });

  it('forgets expired attempts of keys that never come back (memory stays bounded)', () => {
    let now = 0;
    const throttle = new LoginThrottle(10, 60_000, () => now);
    for (let i = 0; i < 5000; i++) {
      throttle.fail(`user-${i}@example.com`, '1.2.3.4');
      now += 100; // 5,000 attempts over 500 s: at most 600 are inside the window at any time
    }
    expect(throttle.size).toBeLessThan(2000);
  });
});
