import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_TOKEN_LIFETIME_MINUTES, paymentTokenLifetimeMinutes } from '../../../../../src/platform/checkout/payment/token/lifetime.js';

describe('payment token lifetime', () => {
  it('takes a positive configured number of minutes', () => {
    expect(paymentTokenLifetimeMinutes(45)).toBe(45);
    expect(paymentTokenLifetimeMinutes('15')).toBe(15);
    expect(paymentTokenLifetimeMinutes(2.5)).toBe(2.5);
  });

  it('counts anything shorter than a minute as one minute', () => {
    expect(paymentTokenLifetimeMinutes(0.5)).toBe(1);
    expect(paymentTokenLifetimeMinutes('0.001')).toBe(1);
  });

  it('falls back to 30 minutes for missing, non-numeric or non-positive values', () => {
    expect(DEFAULT_PAYMENT_TOKEN_LIFETIME_MINUTES).toBe(30);
    for (const value of [undefined, null, '', 'abc', 0, -5, Number.NaN, Number.POSITIVE_INFINITY, true, {}]) {
      expect(paymentTokenLifetimeMinutes(value)).toBe(30);
    }
  });
});
