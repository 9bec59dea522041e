import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/platform/errors/app-error.js';
import { MAX_MINOR_UNITS, formatMoney, toMajorNumber, toMajorUnits, toMinorUnits } from '../../../../src/platform/checkout/money/money.js';

function expectInvalidAmount(run: () => unknown): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).status).toBe(400);
  expect((caught as AppError).code).toBe('CHECKOUT__INVALID_AMOUNT');
}

describe('toMinorUnits', () => {
  it('parses strings exactly for 0, 2 and 3 decimals', () => {
    expect(toMinorUnits('19.99', 2)).toBe(1999);
    expect(toMinorUnits('19.9', 2)).toBe(1990);
    expect(toMinorUnits('19', 2)).toBe(1900);
    expect(toMinorUnits('1500', 0)).toBe(1500);
    expect(toMinorUnits('1.234', 3)).toBe(1234);
    expect(toMinorUnits('0.001', 3)).toBe(1);
    expect(toMinorUnits('.5', 2)).toBe(50);
    expect(toMinorUnits('5.', 2)).toBe(500);
    expect(toMinorUnits('+7.10', 2)).toBe(710);
    expect(toMinorUnits(' 12.30 ', 2)).toBe(1230);
    expect(toMinorUnits('1.5e3', 2)).toBe(150000);
  });

  it('reads JS numbers through their shortest decimal form, never a float multiply', () => {
    expect(toMinorUnits(19.99, 2)).toBe(1999);
    // 1.005 * 100 is 100.49999999999999 in floats; the decimal 1.005 rounds half-up to 101
    expect(toMinorUnits(1.005, 2)).toBe(101);
    expect(toMinorUnits(0.1 + 0.2, 2)).toBe(30);
    expect(toMinorUnits(8.345, 2)).toBe(835);
    expect(toMinorUnits(1e-7, 2)).toBe(0);
    expect(toMinorUnits(5, 0)).toBe(5);
  });

  it('rounds surplus fraction digits half-up, away from zero', () => {
    expect(toMinorUnits('0.005', 2)).toBe(1);
    expect(toMinorUnits('0.00499999', 2)).toBe(0);
    expect(toMinorUnits('2.5', 0)).toBe(3);
    expect(toMinorUnits('2.4999', 0)).toBe(2);
    expect(toMinorUnits('1.2345', 3)).toBe(1235);
    expect(toMinorUnits('1.2344', 3)).toBe(1234);
    expect(toMinorUnits('-2.5', 0)).toBe(-3);
    expect(toMinorUnits('-0.125', 2)).toBe(-13);
    expect(toMinorUnits('-1.2345', 3)).toBe(-1235);
  });

  it('handles negative amounts and never yields -0', () => {
    expect(toMinorUnits('-19.99', 2)).toBe(-1999);
    expect(toMinorUnits(-0.05, 2)).toBe(-5);
    expect(Object.is(toMinorUnits('-0.001', 2), 0)).toBe(true);
    expect(Object.is(toMinorUnits('-0', 2), 0)).toBe(true);
  });

  it('accepts amounts up to the safe-integer limit and refuses larger ones', () => {
    expect(toMinorUnits('90071992547409.91', 2)).toBe(MAX_MINOR_UNITS);
    expect(toMinorUnits('-90071992547409.91', 2)).toBe(-MAX_MINOR_UNITS);
    expectInvalidAmount(() => toMinorUnits('90071992547409.92', 2));
    expectInvalidAmount(() => toMinorUnits(1e21, 0));
  });

  it('refuses NaN, Infinity and malformed strings with a 400', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '', ' ', 'abc', '1,50', '1.2.3', '--1', '.', '-', 'e5', '0x10', '1e', '12 EUR']) {
      expectInvalidAmount(() => toMinorUnits(bad, 2));
    }
    expectInvalidAmount(() => toMinorUnits(null as unknown as string, 2));
    expect(() => toMinorUnits('abc', 2)).toThrow('Invalid amount "abc"');
  });

  it('refuses decimals that no currency has', () => {
    expect(() => toMinorUnits('1', -1)).toThrow(RangeError);
    expect(() => toMinorUnits('1', 1.5)).toThrow(RangeError);
  });
});

describe('toMajorUnits', () => {
  it('writes the exact decimal with the currency decimals', () => {
    expect(toMajorUnits(1999, 2)).toBe('19.99');
    expect(toMajorUnits(5, 0)).toBe('5');
    expect(toMajorUnits(1234, 3)).toBe('1.234');
    expect(toMajorUnits(1, 3)).toBe('0.001');
    expect(toMajorUnits(1900, 2)).toBe('19.00');
    expect(toMajorUnits(0, 2)).toBe('0.00');
    expect(toMajorUnits(-5, 2)).toBe('-0.05');
    expect(toMajorUnits(-1234, 3)).toBe('-1.234');
    expect(toMajorUnits(MAX_MINOR_UNITS, 2)).toBe('90071992547409.91');
  });

  it('takes BigInt beyond the safe range, and refuses a non-integer number', () => {
    expect(toMajorUnits(10n ** 20n + 1n, 2)).toBe('1000000000000000000.01');
    expect(() => toMajorUnits(19.99, 2)).toThrow(RangeError);
    expect(() => toMajorUnits(MAX_MINOR_UNITS + 1, 2)).toThrow(RangeError);
  });
});

describe('toMajorNumber', () => {
  it('gives JSON numbers that convert back to the same minor units', () => {
    expect(toMajorNumber(1999, 2)).toBe(19.99);
    expect(toMajorNumber(-5, 2)).toBe(-0.05);
    expect(toMajorNumber(5, 0)).toBe(5);
    expect(toMajorNumber(1234, 3)).toBe(1.234);
    for (const decimals of [0, 2, 3]) {
      for (const minor of [0, 1, 7, 99, 101, 1999, 100_005, -333, 123_456_789, 999_999_999_999_999]) {
        expect(toMinorUnits(toMajorNumber(minor, decimals), decimals)).toBe(minor);
      }
    }
  });
});

describe('formatMoney', () => {
  const eur = { isoCode: 'EUR', symbol: '€', decimals: 2 };

  it('formats with the shop symbol, the currency decimals and the locale conventions', () => {
    expect(formatMoney(1999, eur)).toBe('€19.99');
    expect(formatMoney(123450, eur)).toBe('€1,234.50');
    expect(formatMoney(-123450, eur)).toBe('-€1,234.50');
    expect(formatMoney(123450, eur, 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMoney(1500, { isoCode: 'JPY', symbol: '¥', decimals: 0 })).toBe('¥1,500');
    expect(formatMoney(1234, { isoCode: 'KWD', symbol: 'KD', decimals: 3 })).toBe('KD\u00a01.234');
  });

  it('shows the ISO code when the currency has no symbol, and stays exact for large amounts', () => {
    expect(formatMoney(1999, { isoCode: 'EUR', symbol: '', decimals: 2 })).toBe('EUR\u00a019.99');
    expect(formatMoney(MAX_MINOR_UNITS, eur)).toBe('€90,071,992,547,409.91');
  });
});
