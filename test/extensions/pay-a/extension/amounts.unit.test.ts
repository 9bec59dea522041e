import { describe, expect, it } from 'vitest';
import { majorToMinor, payACurrency, readWireAmount, SUPPORTED_CURRENCIES, toWireAmount, wireToMinor } from '../../../../src/extensions/pay-a/amounts.js';
import { isGatewayReference, newPaymentReference, orderTransactionIdOfReference } from '../../../../src/extensions/pay-a/payment/reference.js';
import { formatRefundAmount } from '../../../../src/platform/sdk/index.js';

/** Gateway A's amount rule: integers in its minor units, ×100 for every currency, XOF too. */
describe('gateway A amounts', () => {
  it('takes exactly NGN, GHS, ZAR, KES, USD and XOF', () => {
    expect([...SUPPORTED_CURRENCIES].sort()).toEqual(['GHS', 'KES', 'NGN', 'USD', 'XOF', 'ZAR']);
    for (const code of ['EUR', 'RWF', 'UGX', 'KWD', 'XAF']) expect(payACurrency(code)).toBeUndefined();
    expect(payACurrency(' ngn ')).toMatchObject({ isoCode: 'NGN', decimals: 2, minimumChargeMinor: 5000 });
  });

  it.each([
    ['NGN', '123.45', 12345, 12345],
    ['GHS', '0.10', 10, 10],
    ['ZAR', '1', 100, 100],
    ['KES', '3.00', 300, 300],
    ['USD', '19.99', 1999, 1999],
    ['USD', '0.29', 29, 29],
    // no subunit, yet ×100 on the wire
    ['XOF', '1500', 1500, 150000],
    ['XOF', '1', 1, 100],
  ])('%s %s: minor %i, wire %i, and back exactly', (code, major, minor, wire) => {
    const currency = payACurrency(code)!;
    expect(majorToMinor(major, currency)).toBe(minor);
    expect(toWireAmount(minor, currency)).toBe(wire);
    expect(wireToMinor(wire, currency)).toBe(minor);
  });

  it('never goes through floats: the classic 19.99 × 100 and 8.21 cases stay exact', () => {
    const usd = payACurrency('USD')!;
    expect(toWireAmount(majorToMinor(19.99, usd)!, usd)).toBe(1999);
    expect(toWireAmount(majorToMinor(8.21, usd)!, usd)).toBe(821);
    // 0.1 + 0.2 is 0.30000000000000004 as a float: no exact cent amount, refused rather than rounded
    expect(majorToMinor(0.1 + 0.2, usd)).toBeNull();
  });

  it('refuses amounts the gateway cannot take: XOF centimes, more than 2 decimals, negatives', () => {
    expect(majorToMinor('1500.50', payACurrency('XOF')!)).toBeNull();
    expect(majorToMinor('19.995', payACurrency('NGN')!)).toBeNull();
    expect(majorToMinor(-1, payACurrency('NGN')!)).toBeNull();
    expect(wireToMinor(150050, payACurrency('XOF')!)).toBeNull();
    expect(() => toWireAmount(-1, payACurrency('NGN')!)).toThrow(RangeError);
  });

  it('reads wire amounts strictly: integers and digit strings (refund events send both), nothing else', () => {
    expect(readWireAmount(10000)).toBe(10000);
    expect(readWireAmount('10000')).toBe(10000);
    expect(readWireAmount(' 5000 ')).toBe(5000);
    for (const bad of [100.5, '100.5', '1e4', '-5', -5, '', null, undefined, {}, '99999999999999999', Number.MAX_SAFE_INTEGER + 2]) expect(readWireAmount(bad)).toBeNull();
  });

  it('formats minimums and balances with the currency digits: "50.00 NGN", "1 XOF"', () => {
    expect(formatRefundAmount(5000, payACurrency('NGN')!)).toBe('50.00 NGN');
    expect(formatRefundAmount(1, payACurrency('XOF')!)).toBe('1 XOF');
  });
});

describe('gateway A payment references', () => {
  const id = 'a'.repeat(32);

  it('are new per attempt, in the gateway charset, and name their order transaction', () => {
    const first = newPaymentReference(id);
    const second = newPaymentReference(id);
    expect(first).toMatch(/^a{32}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
    expect(isGatewayReference(first)).toBe(true);
    expect(orderTransactionIdOfReference(first)).toBe(id);
  });

  it('names no transaction for any other value', () => {
    for (const value of ['re4lyvq3s3', `${id}`, `${id}-xyz`, `${'A'.repeat(32)}-${'0'.repeat(12)}`, `${id}-${'0'.repeat(12)}x`, 42, null]) {
      expect(orderTransactionIdOfReference(value)).toBeNull();
    }
  });

  it('knows the gateway charset: -, ., = and alphanumerics, at most 100', () => {
    expect(isGatewayReference('T685312322670591')).toBe(true);
    expect(isGatewayReference('a.b=c-d')).toBe(true);
    for (const bad of ['', 'a/b', 'a b', '../x', 'x'.repeat(101), 7]) expect(isGatewayReference(bad)).toBe(false);
  });
});
