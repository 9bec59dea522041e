import { describe, expect, it } from 'vitest';
import { configKey } from '../../../../src/extensions/pay-a/config.js';
import { createPaidTransaction, gatewayRefundRequests, REFUND_ROUTE, storedRefunds, transactionState, useRefundTestShop } from './refund-test-setup.js';

interface Case {
  isoCode: string;
  /** The order total in the currency's own minor units (0 digits for XOF). */
  amountMinor: number;
  /** The gateway's wire amount of the order. */
  chargedWire: number;
  belowMinimum: string;
  minimum: { amount: string; shown: string; wire: number };
  aboveBalance: { amount: string; shown: string };
  balance: { amount: string; wire: number };
}

/** Each currency's default minimum (the gateway's smallest charge) and its balance, to the unit. */
const CASES: Case[] = [
  { isoCode: 'NGN', amountMinor: 100_000, chargedWire: 100_000, belowMinimum: '49.99', minimum: { amount: '50', shown: '50.00 NGN', wire: 5_000 }, aboveBalance: { amount: '950.01', shown: '950.00 NGN' }, balance: { amount: '950.00', wire: 95_000 } },
  { isoCode: 'GHS', amountMinor: 2_500, chargedWire: 2_500, belowMinimum: '0.09', minimum: { amount: '0.1', shown: '0.10 GHS', wire: 10 }, aboveBalance: { amount: '24.91', shown: '24.90 GHS' }, balance: { amount: '24.9', wire: 2_490 } },
  { isoCode: 'ZAR', amountMinor: 10_000, chargedWire: 10_000, belowMinimum: '0.99', minimum: { amount: '1', shown: '1.00 ZAR', wire: 100 }, aboveBalance: { amount: '99.01', shown: '99.00 ZAR' }, balance: { amount: '99', wire: 9_900 } },
  { isoCode: 'KES', amountMinor: 50_000, chargedWire: 50_000, belowMinimum: '2.99', minimum: { amount: '3.00', shown: '3.00 KES', wire: 300 }, aboveBalance: { amount: '497.01', shown: '497.00 KES' }, balance: { amount: '497', wire: 49_700 } },
  { isoCode: 'USD', amountMinor: 1_999, chargedWire: 1_999, belowMinimum: '1.99', minimum: { amount: '2.00', shown: '2.00 USD', wire: 200 }, aboveBalance: { amount: '18', shown: '17.99 USD' }, balance: { amount: '17.99', wire: 1_799 } },
  // XOF: whole francs, ×100 on the wire although it has no subunit
  { isoCode: 'XOF', amountMinor: 1_500, chargedWire: 150_000, belowMinimum: '0.5', minimum: { amount: '1', shown: '1 XOF', wire: 100 }, aboveBalance: { amount: '1500', shown: '1499 XOF' }, balance: { amount: '1499', wire: 149_900 } },
];

/**
 * Refunds in every currency gateway A takes, with its own exponents: the minimum and the refundable
 * balance to the unit, in the route's fixed messages, and the exact integer the gateway receives.
 */
describe('gateway A refunds in NGN, GHS, ZAR, KES, USD and XOF', () => {
  const shop = useRefundTestShop();

  it.each(CASES)('$isoCode: charged exactly, minimum and balance to the unit, the wire amounts exact', async (c) => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: c.isoCode, amountMinor: c.amountMinor });
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');
    expect(sim.transaction(paid.reference)).toMatchObject({ amount: c.chargedWire, currency: c.isoCode, status: 'success' });

    const refund = (amount: string | number) => t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount } });
    const below = await refund(c.belowMinimum);
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({
      error: c.isoCode === 'XOF' ? 'Refund amount must be a positive whole number of XOF' : `Refund amount must be at least ${c.minimum.shown}`,
    });
    expect((await refund(c.minimum.amount)).statusCode).toBe(200);
    const above = await refund(c.aboveBalance.amount);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({ error: `Refund amount exceeds the refundable balance of ${c.aboveBalance.shown}` });
    expect((await refund(c.balance.amount)).statusCode).toBe(200);

    expect(gatewayRefundRequests(sim, paid.reference).map((body) => [body.amount, body.currency])).toEqual([
      [c.minimum.wire, c.isoCode],
      [c.balance.wire, c.isoCode],
    ]);
    // nothing is left while both refunds are pending: they hold their amounts
    const zero = c.isoCode === 'XOF' ? '0 XOF' : `0.00 ${c.isoCode}`;
    expect((await refund(c.minimum.amount)).json()).toEqual({ error: `Refund amount exceeds the refundable balance of ${zero}` });
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['open', 'open']);
  });

  it('XOF: a configured minimum of 100 francs, and centimes refused', async () => {
    const { t, sim } = shop;
    await t.platform.systemConfig.set(t.platform.db, configKey('minimumRefundAmount'), { default: '1', XOF: '100' });
    try {
      const paid = await createPaidTransaction(t, sim, { isoCode: 'XOF', amountMinor: 5_000 });
      const refund = (amount: string | number) => t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount } });
      expect((await refund(99)).json()).toEqual({ error: 'Refund amount must be at least 100 XOF' });
      expect((await refund('100.50')).json()).toEqual({ error: 'Refund amount must be a positive whole number of XOF' });
      expect((await refund('100.00')).statusCode).toBe(200);
      expect(gatewayRefundRequests(sim, paid.reference).map((body) => body.amount)).toEqual([10_000]);
    } finally {
      await t.platform.systemConfig.set(t.platform.db, configKey('minimumRefundAmount'), null);
    }
  });

  it('reads amounts exactly: numbers and numeric strings, never through a float', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'USD', amountMinor: 10_000 });
    for (const amount of [19.99, '8.21', 2.3, '1e1']) expect((await t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount } })).statusCode).toBe(200);
    expect(gatewayRefundRequests(sim, paid.reference).map((body) => body.amount)).toEqual([1_999, 821, 230, 1_000]);
  });
});
