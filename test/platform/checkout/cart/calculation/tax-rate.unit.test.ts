import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/platform/errors/app-error.js';
import { netOfGross, parseTaxRate, taxIncludedInGross } from '../../../../../src/platform/checkout/cart/calculation/tax-rate.js';

describe('tax rates', () => {
  it('parses numbers and strings exactly to one canonical key and JSON value', () => {
    expect(parseTaxRate(19)).toMatchObject({ key: '19', value: 19 });
    expect(parseTaxRate(7.7)).toMatchObject({ key: '7.7', value: 7.7 });
    expect(parseTaxRate('7.70')).toMatchObject({ key: '7.7', value: 7.7 });
    expect(parseTaxRate('19.000')).toMatchObject({ key: '19', value: 19 });
    expect(parseTaxRate(0)).toMatchObject({ key: '0', value: 0 });
  });

  it('refuses negative, non-finite and malformed rates with a 400', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 'abc', '']) {
      let caught: unknown;
      try {
        parseTaxRate(bad);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).code).toBe('CHECKOUT__INVALID_TAX_RATE');
      expect((caught as AppError).status).toBe(400);
    }
  });

  it('takes the tax out of a gross amount, rounding half-up away from zero', () => {
    expect(taxIncludedInGross(11900n, parseTaxRate(19))).toBe(1900n);
    expect(taxIncludedInGross(1077n, parseTaxRate(7.7))).toBe(77n);
    expect(taxIncludedInGross(1000n, parseTaxRate(7.7))).toBe(71n); // 71.49...
    // at 20% the tax is gross / 6: 0.5 rounds up, -0.5 rounds down
    expect(taxIncludedInGross(3n, parseTaxRate(20))).toBe(1n);
    expect(taxIncludedInGross(-3n, parseTaxRate(20))).toBe(-1n);
    expect(taxIncludedInGross(1234n, parseTaxRate(0))).toBe(0n);
  });

  it('derives the net amount of a gross amount', () => {
    expect(netOfGross(1999n, parseTaxRate(19))).toBe(1680n); // 1679.83
    expect(netOfGross(1077n, parseTaxRate('7.7'))).toBe(1000n);
    expect(netOfGross(500n, parseTaxRate(0))).toBe(500n);
  });
});
