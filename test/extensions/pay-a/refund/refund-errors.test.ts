import { describe, expect, it, vi } from 'vitest';
import { configKey } from '../../../../src/extensions/pay-a/config.js';
import { overwriteCustomFields, transitionTransactions } from '../../_gateway/transaction-arrange.js';
import { expectRefusalChangedNothing } from '../../_gateway/refund-refusal-checks.js';
import { createOrderFixture } from '../../../fixtures/orders.js';
import { createPayAOrderFixture, loggedText, startFixturePayment, TEST_SECRET_KEY } from '../pay-a-test-setup.js';
import { createPaidTransaction, gatewayRefundRequests, REFUND_ROUTE, setRefundEnabled, storedRefunds, useRefundTestShop, type PaidTransaction } from './refund-test-setup.js';

/** The custom fields a paid transaction holds once its payment was verified (sorted). */
const VERIFIED_FIELDS = ['pay_a_amount', 'pay_a_channel', 'pay_a_currency', 'pay_a_fees', 'pay_a_processed_events', 'pay_a_reference', 'pay_a_transaction_id', 'pay_a_verified_at', 'payment_test_mode'];

/** Every refusal of POST /api/_action/pay-a/refund: 400 {"error"} with its fixed message, and nothing changed. */
describe('POST /api/_action/pay-a/refund: refusals change nothing', () => {
  const shop = useRefundTestShop();
  const refund = (body: unknown) => shop.t.api('POST', REFUND_ROUTE, { body });

  /** No refund request reached the gateway, no capture or refund row, state and custom fields as before (no lease left). */
  async function expectUnchanged(paid: PaidTransaction, state = 'paid'): Promise<void> {
    await expectRefusalChangedNothing(shop.t, paid.orderTransactionId, { refundRequestsAtGateway: gatewayRefundRequests(shop.sim, paid.reference), state, customFieldKeys: VERIFIED_FIELDS });
    expect(await shop.t.platform.leases.holder(`refund:order_transaction:${paid.orderTransactionId}`)).toBeNull();
  }

  it('Transaction reference is required: missing, empty, blank, not a string, or no object at all', async () => {
    for (const body of [{}, { transaction: '' }, { transaction: '   ' }, { transaction: 5 }, { transaction: null }, { transaction: ['ref'] }, [], undefined]) {
      const response = await refund(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: 'Transaction reference is required' });
    }
    expect(gatewayRefundRequests(shop.sim)).toEqual([]);
  });

  it('Transaction is not in a refundable state: an unknown reference, a transaction id, another payment method, an attempt not paid', async () => {
    const { t, sim } = shop;
    const invoice = await createOrderFixture(t.platform, {});
    const started = await createPayAOrderFixture(t.platform, { isoCode: 'NGN', amountMinor: 100_000 });
    const { reference: unpaidReference } = await startFixturePayment(t.platform, started);
    const paid = await createPaidTransaction(t, sim);
    for (const reference of ['T685312322670591', 'not a reference!', paid.orderTransactionId, paid.gatewayTransactionId, invoice.transactionId, unpaidReference, `${paid.reference} `.repeat(2)]) {
      const response = await refund({ transaction: reference, amount: 100 });
      expect(response.statusCode, reference).toBe(400);
      expect(response.json()).toEqual({ error: 'Transaction is not in a refundable state' });
    }
    expect(gatewayRefundRequests(sim)).toEqual([]);
    await expectUnchanged(paid);
  });

  it('Transaction is not in a refundable state: cancelled, refunded, or the verified data missing or in another currency', async () => {
    const { t, sim } = shop;
    const [cancelled, refunded, noGatewayId, otherCurrency] = [await createPaidTransaction(t, sim), await createPaidTransaction(t, sim), await createPaidTransaction(t, sim), await createPaidTransaction(t, sim)];
    await transitionTransactions(t.platform, [[cancelled.orderTransactionId, 'cancel'], [refunded.orderTransactionId, 'refund']]);
    await overwriteCustomFields(t.platform, [[noGatewayId.orderTransactionId, { pay_a_transaction_id: null }], [otherCurrency.orderTransactionId, { pay_a_currency: 'USD' }]]);
    for (const target of [cancelled, refunded, noGatewayId, otherCurrency]) {
      const response = await refund({ transaction: target.reference, amount: 100 });
      expect(response.json()).toEqual({ error: 'Transaction is not in a refundable state' });
      expect(gatewayRefundRequests(sim, target.reference)).toEqual([]);
    }
  });

  it("Refund feature is currently disabled: refundEnabled off for the order's sales channel, or globally", async () => {
    const paid = await createPaidTransaction(shop.t, shop.sim);
    for (const scope of ['channel', 'global'] as const) {
      await setRefundEnabled(shop.t, false, scope === 'global' ? null : undefined);
      try {
        const response = await refund({ transaction: paid.reference, amount: 100 });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'Refund feature is currently disabled' });
      } finally {
        await setRefundEnabled(shop.t, scope === 'global' ? true : null, scope === 'global' ? null : undefined);
      }
    }
    await expectUnchanged(paid);
  });

  it('Refund amount must be at least <minimum>; exceeds the refundable balance of <balance>', async () => {
    const paid = await createPaidTransaction(shop.t, shop.sim, { isoCode: 'NGN', amountMinor: 100_000 });
    expect((await refund({ transaction: paid.reference, amount: '49.99' })).json()).toEqual({ error: 'Refund amount must be at least 50.00 NGN' });
    expect((await refund({ transaction: paid.reference, amount: 1000.01 })).json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 1000.00 NGN' });
    await expectUnchanged(paid);
  });

  it('malformed amounts, reasons and notes are refused with a clear message', async () => {
    const paid = await createPaidTransaction(shop.t, shop.sim, { isoCode: 'NGN' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 'abc' }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [{ amount: '' }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [{ amount: '1,5' }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [{ amount: -150 }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [{ amount: 0 }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [{ amount: '150.001' }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [{ amount: 'Infinity' }, 'Refund amount must be a positive number of NGN with at most 2 decimals'],
      [{ amount: true }, 'Refund amount must be a number or a numeric string'],
      [{ amount: { value: 150 } }, 'Refund amount must be a number or a numeric string'],
      [{ amount: [150] }, 'Refund amount must be a number or a numeric string'],
      [{ amount: 150, reason: 42 }, 'Reason must be a text of at most 255 characters'],
      [{ amount: 150, reason: 'x'.repeat(256) }, 'Reason must be a text of at most 255 characters'],
      [{ amount: 150, customer_note: false }, 'Customer note must be a text of at most 500 characters'],
      [{ amount: 150, customer_note: 'x'.repeat(501) }, 'Customer note must be a text of at most 500 characters'],
      [{ amount: 150, merchant_note: {} }, 'Merchant note must be a text of at most 500 characters'],
    ];
    for (const [fields, error] of cases) {
      const response = await refund({ transaction: paid.reference, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json(), JSON.stringify(fields)).toEqual({ error });
    }
    await expectUnchanged(paid);
  });

  it("the gateway's own error: its message passes through (e.g. a dashboard refund took the balance first)", async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    sim.addRefund(paid.reference, 100_000);
    const refused = await refund({ transaction: paid.reference, amount: 100 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Transaction has been fully reversed' });
    sim.injectFault({ method: 'POST', path: '/refund', status: 400, body: { status: false, message: 'Insufficient balance to fulfill this refund. Please top up.' } });
    expect((await refund({ transaction: paid.reference, amount: 100 })).json()).toEqual({ error: 'Insufficient balance to fulfill this refund. Please top up.' });
    // status false with HTTP 200 is a refusal too
    sim.injectFault({ method: 'POST', path: '/refund', status: 200, body: { status: false, message: 'Refund could not be queued' } });
    expect((await refund({ transaction: paid.reference, amount: 100 })).json()).toEqual({ error: 'Refund could not be queued' });
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);
  });

  it('no answer (5xx without a message, a timeout) or no key: a clear message; the gateway is not asked twice', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    sim.injectFault({ method: 'POST', path: '/refund', status: 502, body: '<html>Bad gateway</html>' });
    expect((await refund({ transaction: paid.reference, amount: 100 })).json()).toEqual({ error: 'The gateway refused the refund.' });
    sim.injectFault({ method: 'POST', path: '/refund', status: 200, body: { status: true, message: 'Refund has been queued for processing', data: { no: 'id' } } });
    expect((await refund({ transaction: paid.reference, amount: 100 })).json()).toEqual({ error: 'The gateway did not confirm the refund. Check the refundable balance before trying again.' });
    expect(gatewayRefundRequests(sim, paid.reference)).toHaveLength(2);

    await t.platform.systemConfig.set(t.platform.db, configKey('secretKeySandbox'), null);
    try {
      expect((await refund({ transaction: paid.reference, amount: 100 })).json()).toEqual({ error: 'Gateway A has no secret key for the active mode; refunds cannot be sent.' });
    } finally {
      await t.platform.systemConfig.set(t.platform.db, configKey('secretKeySandbox'), TEST_SECRET_KEY);
    }
    expect(gatewayRefundRequests(sim, paid.reference)).toHaveLength(2);
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);
  });

  it('never shows or logs the secret key, even when the gateway echoes it', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const lines: unknown[] = [];
    for (const level of ['info', 'warn', 'error'] as const) vi.spyOn(t.platform.logger, level).mockImplementation(((...args: unknown[]) => void lines.push(args)) as never);
    try {
      sim.injectFault({ method: 'POST', path: '/refund', status: 401, body: { status: false, message: `Invalid key: ${TEST_SECRET_KEY}` } });
      const response = await refund({ transaction: paid.reference, amount: 100 });
      expect(response.json()).toEqual({ error: 'Invalid key: [redacted]' });
      expect(response.body).not.toContain(TEST_SECRET_KEY);
    } finally {
      vi.restoreAllMocks();
    }
    expect(loggedText(lines)).not.toContain(TEST_SECRET_KEY);
    expect(loggedText(lines)).toContain('pay-a: the gateway did not accept the refund');
  });

  it('null amount and notes count as absent: the whole balance with the default reason', async () => {
    const paid = await createPaidTransaction(shop.t, shop.sim, { isoCode: 'NGN', amountMinor: 12_345 });
    const response = await refund({ transaction: paid.reference, amount: null, reason: null, customer_note: null, merchant_note: '  ' });
    expect(response.statusCode).toBe(200);
    expect(gatewayRefundRequests(shop.sim, paid.reference)).toEqual([
      { transaction: paid.reference, amount: 12_345, currency: 'NGN', customer_note: 'Refund initiated from shop administration', merchant_note: 'Refund initiated from shop administration' },
    ]);
  });
});
