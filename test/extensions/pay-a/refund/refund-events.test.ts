import { afterEach, describe, expect, it } from 'vitest';
import { refundLeaseName } from '../../../../src/platform/checkout/refund/refund-lease.js';
import type { RefundHost } from '../../../../src/platform/checkout/refund/refund-host.js';
import { customFieldsOf, payARefundHost, stateChanges } from '../pay-a-test-setup.js';
import { createPaidTransaction, handleRefundEvent, REFUND_ROUTE, storedRefunds, transactionState, useRefundTestShop } from './refund-test-setup.js';

/**
 * refund.pending / refund.processed / refund.failed over real HTTP: matched to the pending platform refund
 * by transaction reference and amount (the events carry no refund id), oldest first; created when missing
 * (a dashboard refund); duplicates, parallel and out-of-order deliveries apply once.
 */
describe('gateway A webhook: refund events', () => {
  const shop = useRefundTestShop({ webhooks: true, simulator: { refundWebhookDelayMs: 0, webhookRetryDelayMs: 30 } });
  afterEach(async () => {
    await shop.sim.webhooksSettled();
    shop.sim.setOptions({ refundOutcome: 'processed', refundEventOrder: 'in-order', refundWebhooks: true, webhookRetries: 3 });
  });

  const refund = (reference: string, amount?: number | string) => shop.t.api('POST', REFUND_ROUTE, { body: { transaction: reference, ...(amount === undefined ? {} : { amount }) } });

  it('out of order: refund.processed before refund.pending completes the refund once; the late pending changes nothing', async () => {
    const { t, sim } = shop;
    sim.setOptions({ refundEventOrder: 'final-first' });
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    expect((await refund(paid.reference, 300)).statusCode).toBe(200);
    await sim.webhooksSettled();
    const deliveries = sim.webhookDeliveries.slice(-2);
    expect(deliveries.map((d) => [d.event, d.status])).toEqual([
      ['refund.processed', 204],
      ['refund.pending', 204],
    ]);
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed', amount: 300 })]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
  });

  it('a refund its request recorded between the event\'s first look and the lease check is completed, not ignored', async () => {
    const { t, sim } = shop;
    sim.setOptions({ refundWebhooks: false, refundOutcome: 'pending' });
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const refundId = (await refund(paid.reference, 400)).json().data.id as number;
    await sim.settleRefund(refundId, 'processed', { send: false });
    // the first look finds no record, as when the request had not written it yet; by the lease check the
    // request has written it and released its lease
    const host = payARefundHost(t.platform);
    let looks = 0;
    const paymentRecords = new Proxy(host.paymentRecords, {
      get(target, property) {
        if (property === 'refundsOf') return (...args: Parameters<typeof target.refundsOf>) => (looks++ === 0 ? Promise.resolve([]) : target.refundsOf(...args));
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const racing: RefundHost = { ...host, paymentRecords };
    const { event, data } = sim.refundEvent(refundId) as { event: string; data: Record<string, unknown> };
    await handleRefundEvent(t.platform, event, data, racing);
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed', amount: 400 })]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
  });

  it('duplicates, released twice each and reversed, apply once', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    sim.holdWebhooks();
    expect((await refund(paid.reference)).statusCode).toBe(200);
    const results = await sim.releaseWebhooks({ duplicate: true, order: 'reverse' });
    expect(results.map((r) => r.statuses)).toEqual([
      [204, 204],
      [204, 204],
    ]);
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed' })]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
    expect(await stateChanges(t.platform, paid.orderTransactionId)).toEqual([{ action: 'paid' }, { action: 'refund' }]);
  });

  it('parallel deliveries of one refund.processed apply once', async () => {
    const { t, sim } = shop;
    sim.setOptions({ refundWebhooks: false, refundOutcome: 'pending' });
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const response = await refund(paid.reference, 250);
    const refundId = response.json().data.id as number;
    await sim.settleRefund(refundId, 'processed', { send: false });
    const result = await sim.deliverWebhook(sim.refundEvent(refundId), { times: 6, parallel: true });
    expect(result).toMatchObject({ delivered: true, statuses: [204, 204, 204, 204, 204, 204] });
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed', amount: 250 })]);
    const events = (await customFieldsOf(t.platform, paid.orderTransactionId)).pay_a_processed_events as string[];
    expect(events.filter((key) => key.startsWith('refund'))).toEqual([`refund:${refundId}`, expect.stringMatching(/^refund-event:refund\.processed:\d{12}$/)]);
  });

  it('two refunds of the same amount: each event takes the oldest pending one, and a redelivery with its processor reference is no second refund', async () => {
    const { t, sim } = shop;
    sim.setOptions({ refundWebhooks: false, refundOutcome: 'pending' });
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const first = (await refund(paid.reference, 100)).json().data.id as number;
    const second = (await refund(paid.reference, 100)).json().data.id as number;
    await sim.settleRefund(first, 'processed');
    let refunds = await storedRefunds(t, paid.orderTransactionId);
    expect(refunds.map((r) => [r.externalReference, r.state])).toEqual([
      [String(first), 'completed'],
      [String(second), 'open'],
    ]);
    // the same event again (a redelivery): its processor reference is recorded, the second refund stays pending
    await sim.deliverWebhook(sim.refundEvent(first));
    refunds = await storedRefunds(t, paid.orderTransactionId);
    expect(refunds.map((r) => r.state)).toEqual(['completed', 'open']);
    await sim.settleRefund(second, 'processed');
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['completed', 'completed']);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
  });

  it('parallel events of two refunds of the same amount each complete a different refund', async () => {
    const { t, sim } = shop;
    sim.setOptions({ refundWebhooks: false, refundOutcome: 'pending' });
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const ids = [(await refund(paid.reference, 500)).json().data.id as number, (await refund(paid.reference, 500)).json().data.id as number];
    for (const id of ids) await sim.settleRefund(id, 'processed', { send: false });
    await Promise.all(ids.map((id) => sim.deliverWebhook(sim.refundEvent(id))));
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['completed', 'completed']);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
  });

  it('a refund made in the dashboard is created from its events (found in the gateway list) and settled', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const dashboard = sim.addRefund(paid.reference, 20_000, { merchantNote: 'Refunded at the counter' });
    await sim.deliverWebhook(sim.refundEvent(dashboard.id as number, 'pending'));
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([
      expect.objectContaining({ externalReference: String(dashboard.id), state: 'open', amount: 200, reason: 'Refunded at the counter' }),
    ]);
    await sim.settleRefund(dashboard.id as number, 'processed');
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed' })]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
    // and it holds its amount: the shop refunds at most the rest
    expect((await refund(paid.reference, 800.01)).json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 800.00 NGN' });
  });

  it('a dashboard refund whose only event is refund.processed (pending never came) is created and completed', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const dashboard = sim.addRefund(paid.reference, 100_000);
    await sim.settleRefund(dashboard.id as number, 'processed');
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ externalReference: String(dashboard.id), state: 'completed', amount: 1000 })]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
  });

  it("an event arriving while the refund request has not recorded its refund yet answers 500; the gateway's retry applies it", async () => {
    const { t, sim } = shop;
    sim.setOptions({ refundWebhooks: false, refundOutcome: 'pending' });
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const refundId = (await refund(paid.reference, 100)).json().data.id as number;
    await sim.settleRefund(refundId, 'processed', { send: false });
    // the platform refund does not exist yet, and a refund of this transaction holds its lease
    await t.platform.db.deleteFrom('order_transaction_capture_refund').where('external_reference', '=', String(refundId)).execute();
    await t.platform.db.deleteFrom('order_transaction_capture').where('external_reference', '=', String(refundId)).execute();
    const lease = await t.platform.leases.take(refundLeaseName(paid.orderTransactionId), { ttlMs: 60_000 });
    sim.setOptions({ webhookRetries: 0 });
    expect(await sim.deliverWebhook(sim.refundEvent(refundId))).toMatchObject({ delivered: false, statuses: [500] });
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);
    await t.platform.leases.release(lease!);
    // released: the refund is found in the gateway's list, recorded and completed
    expect(await sim.deliverWebhook(sim.refundEvent(refundId))).toMatchObject({ delivered: true, statuses: [204] });
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ externalReference: String(refundId), state: 'completed' })]);
  });

  it("answers 500 when the gateway's refund list cannot be read for a missing refund; the retry applies it", async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const dashboard = sim.addRefund(paid.reference, 10_000);
    sim.injectFault({ method: 'GET', path: '/refund', status: 503 });
    const result = await sim.settleRefund(dashboard.id as number, 'processed');
    expect(result).toMatchObject({ delivered: true, statuses: [500, 204] });
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed' })]);
  });

  it('ignores (204) events of references this shop does not hold, and events with a malformed amount or another currency', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const refundId = (await refund(paid.reference, 100)).json().data.id as number;
    await sim.webhooksSettled();
    const before = await storedRefunds(t, paid.orderTransactionId);
    const base = sim.refundEvent(refundId, 'processed') as { event: string; data: Record<string, unknown> };
    for (const data of [
      { ...base.data, transaction_reference: 'T2154954_412829_3be32076_6lcg3' },
      { ...base.data, amount: '100.5' },
      { ...base.data, amount: -10_000 },
      { ...base.data, amount: 'ten thousand' },
      { ...base.data, currency: 'USD' },
    ]) {
      expect(await sim.deliverWebhook({ event: 'refund.processed', data })).toMatchObject({ statuses: [204] });
    }
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual(before);
  });

  it('refund.failed for a refund the gateway lists as processed is not applied (an event must match the gateway)', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const dashboard = sim.addRefund(paid.reference, 30_000);
    await sim.settleRefund(dashboard.id as number, 'processed', { send: false });
    const forged = sim.refundEvent(dashboard.id as number, 'failed');
    expect(await sim.deliverWebhook(forged)).toMatchObject({ statuses: [204] });
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');
  });

  it('XOF: event amounts are ×100 like every wire amount', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'XOF', amountMinor: 2_000 });
    expect((await refund(paid.reference, 500)).statusCode).toBe(200);
    await sim.webhooksSettled();
    expect(sim.webhookDeliveries.at(-1)!.body).toMatchObject({ event: 'refund.processed', data: { amount: '50000', currency: 'XOF' } });
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([expect.objectContaining({ state: 'completed', amount: 500 })]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
  });
});
