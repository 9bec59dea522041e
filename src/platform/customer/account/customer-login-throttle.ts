import { LoginThrottle } from '../../admin-api/auth/login-throttle.js';
import type { CoreServices } from '../../core-services.js';

// one throttle per platform instance, so the Store API and the storefront count the same failures
const throttles = new WeakMap<object, LoginThrottle>();

/** The customer login throttle of this platform: 10 attempts per e-mail and client address in 5 minutes, counted in the database for every process. */
export function customerLoginThrottle(platform: Pick<CoreServices, 'db'>): LoginThrottle {
  let throttle = throttles.get(platform);
  if (!throttle) {
    throttle = new LoginThrottle(platform.db, 'customer', { maxFailures: 10, windowMs: 5 * 60_000 });
    throttles.set(platform, throttle);
  }
  return throttle;
}
