import { describe, expect, it } from 'vitest';
import { decimalsFor } from '../../../../src/platform/checkout/money/currency-decimals.js';

describe('currency decimals', () => {
  it('knows the zero-decimal currencies', () => {
    for (const code of ['RWF', 'UGX', 'JPY', 'KRW', 'VND', 'CLP', 'XAF', 'XOF', 'ISK']) expect(decimalsFor(code)).toBe(0);
  });

  it('knows the three-decimal currencies', () => {
    for (const code of ['KWD', 'BHD', 'OMR', 'JOD', 'TND', 'IQD', 'LYD']) expect(decimalsFor(code)).toBe(3);
  });

  it('gives every other currency two decimals, and ignores case', () => {
    expect(decimalsFor('EUR')).toBe(2);
    expect(decimalsFor('USD')).toBe(2);
    expect(decimalsFor('NGN')).toBe(2);
    expect(decimalsFor('jpy')).toBe(0);
    expect(decimalsFor('kwd')).toBe(3);
  });

  it('refuses what is not an ISO code', () => {
    expect(() => decimalsFor('EURO')).toThrow(RangeError);
    expect(() => decimalsFor('')).toThrow(RangeError);
    expect(() => decimalsFor('E1R')).toThrow(RangeError);
  });
});
