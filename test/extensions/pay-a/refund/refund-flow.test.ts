import { describe, expect, it } from 'vitest';
import { createPaidTransaction, gatewayRefundRequests, REFUND_ROUTE, storedRefunds, transactionState, useRefundTestShop } from './refund-test-setup.js';
import { customFieldsOf } from '../pay-a-test-setup.js';

/**
 * The refund route end to end with the simulator's signed events: 200 with the gateway's JSON, the pending
 * capture and refund recorded at once (externalReference = the gateway's refund id), then refund.pending
 * and refund.processed settle it and the transaction becomes refunded_partially, then refunded.
 */
describe('gateway A refunds: request, record, settle by events', () => {
  const shop = useRefundTestShop({ webhooks: true, simulator: { refundWebhookDelayMs: 20 } });

  it('refunds part of an NGN payment, then the rest: pending at once, completed by refund.processed', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', amountMinor: 100_000 });
    sim.holdWebhooks();

    const response = await t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount: '400.00' } });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ status: true, message: 'Refund has been queued for processing', data: { status: 'pending', amount: 40_000, currency: 'NGN', transaction: { reference: paid.reference } } });
    const refundId = String(answer.data.id);
    expect(gatewayRefundRequests(sim, paid.reference)).toEqual([
      { transaction: paid.reference, amount: 40_000, currency: 'NGN', customer_note: 'Refund initiated from shop administration', merchant_note: 'Refund initiated from shop administration' },
    ]);
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([
      expect.objectContaining({ externalReference: refundId, captureExternalReference: refundId, state: 'open', captureState: 'pending', amount: 400, reason: 'Refund initiated from shop administration' }),
    ]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');

    // the gateway's events: refund.pending changes nothing, refund.processed completes it
    expect((await sim.releaseWebhooks()).map((r) => r.statuses)).toEqual([[204], [204]]);
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed', captureState: 'completed' })]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');

    // no amount: the whole remaining balance (600.00 NGN)
    const rest = await t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference } });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data.amount).toBe(60_000);
    await sim.webhooksSettled();
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.amount, r.state])).toEqual([
      [400, 'completed'],
      [600, 'completed'],
    ]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
    const events = (await customFieldsOf(t.platform, paid.orderTransactionId)).pay_a_processed_events as string[];
    expect(events).toEqual(expect.arrayContaining([`refund:${refundId}`, `refund:${rest.json().data.id}`]));
  });

  it('passes the notes as given; reason fills only a note the caller did not send and is stored on the refund', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const response = await t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount: 100, reason: 'Damaged in transit', customer_note: 'Sorry for the trouble' } });
    expect(response.statusCode).toBe(200);
    expect(gatewayRefundRequests(sim, paid.reference)).toEqual([
      { transaction: paid.reference, amount: 10_000, currency: 'NGN', customer_note: 'Sorry for the trouble', merchant_note: 'Damaged in transit' },
    ]);
    expect((await storedRefunds(t, paid.orderTransactionId))[0]).toMatchObject({ reason: 'Damaged in transit' });
    await t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount: 100, merchant_note: 'Goodwill', customer_note: 'Goodwill for you' } });
    expect(gatewayRefundRequests(sim, paid.reference)[1]).toMatchObject({ customer_note: 'Goodwill for you', merchant_note: 'Goodwill' });
    expect((await storedRefunds(t, paid.orderTransactionId))[1]).toMatchObject({ reason: 'Refund initiated from shop administration' });
  });

  it('answers 403 in the platform shape without pay_a.refund, and 200 with only that privilege', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const without = await t.api('POST', REFUND_ROUTE, { token: await t.tokenWithPrivileges(['order:read', 'pay_b.refund']), body: { transaction: paid.reference, amount: 100 } });
    expect(without.statusCode).toBe(403);
    expect(without.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__MISSING_PRIVILEGE_ERROR', detail: expect.stringContaining('pay_a.refund') });
    expect(gatewayRefundRequests(sim, paid.reference)).toEqual([]);
    const only = await t.api('POST', REFUND_ROUTE, { token: await t.tokenWithPrivileges(['pay_a.refund']), body: { transaction: paid.reference, amount: 100 } });
    expect(only.statusCode).toBe(200);
  });

  it('a failed refund is failed by refund.failed, and its amount can be refunded again', async () => {
    const { t, sim } = shop;
    sim.setOptions({ refundOutcome: 'failed' });
    try {
      const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
      expect((await t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference } })).statusCode).toBe(200);
      await sim.webhooksSettled();
      expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ state: 'failed', captureState: 'failed', amount: 1000 })]);
      expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');
      sim.setOptions({ refundOutcome: 'processed' });
      expect((await t.api('POST', REFUND_ROUTE, { body: { transaction: paid.reference, amount: 1000 } })).statusCode).toBe(200);
      await sim.webhooksSettled();
      expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
    } finally {
      sim.setOptions({ refundOutcome: 'processed' });
    }
  });
});
