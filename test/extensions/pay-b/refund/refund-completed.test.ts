import { payBRefundHost } from '../pay-b-test-setup.js';
import { describe, expect, it } from 'vitest';
import { refundLeaseName } from '../../../../src/platform/checkout/refund/refund-lease.js';
import type { TestPlatform } from '../../../helpers/test-platform.js';
import {
  createPaidTransaction,
  handleRefundCompleted,
  type PaidTransaction,
  recordPendingRefund,
  REFUND_ROUTE,
  refundIdFor,
  storedRefunds,
  transactionState,
  useRefundTestShop,
} from './refund-test-setup.js';

async function processedEvents(t: TestPlatform, orderTransactionId: string): Promise<unknown> {
  const row = await t.platform.db.selectFrom('order_transaction').select('custom_fields').where('id', '=', orderTransactionId).executeTakeFirstOrThrow();
  return row.custom_fields?.pay_b_processed_events;
}

/** Transitions recorded for one entity, oldest first, as action names. */
async function history(t: TestPlatform, entityId: string): Promise<string[]> {
  const rows = await t.platform.db
    .selectFrom('state_machine_history')
    .select(['transition_action_name', 'created_at'])
    .where('referenced_id', '=', entityId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.transition_action_name as string);
}

describe('refund.completed through POST /pay-b/webhook', () => {
  // refund webhooks are sent by the tests, except where the automatic one is the point
  const shop = useRefundTestShop({ webhooks: true, simulator: { refundWebhooks: false } });

  async function refund(paid: PaidTransaction, amount?: number): Promise<number> {
    const response = await shop.t.api('POST', REFUND_ROUTE, { body: amount === undefined ? { orderTransactionId: paid.orderTransactionId } : { orderTransactionId: paid.orderTransactionId, amount } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  }

  it('wrapped "completed" and flat "successful" complete the refunds: refunded_partially, then refunded', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const first = await refund(paid, 400);

    expect(await sim.sendRefundWebhook(first, { status: 'completed', shape: 'wrapped' })).toMatchObject({ delivered: true, statuses: [200] });
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.state, r.captureState])).toEqual([['completed', 'completed']]);
    expect(await processedEvents(t, paid.orderTransactionId)).toEqual([`refund:${first}`]);

    const second = await refund(paid);
    expect(await sim.sendRefundWebhook(second, { status: 'successful', shape: 'flat' })).toMatchObject({ delivered: true, statuses: [200] });
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.amount, r.state, r.captureState])).toEqual([
      [400, 'completed', 'completed'],
      [600, 'completed', 'completed'],
    ]);
    expect(await history(t, paid.orderTransactionId)).toEqual(['paid', 'refund_partially', 'refund']);
  });

  it('"failed" fails the refund and its capture, leaves the transaction, and frees the balance', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const failing = await refund(paid, 1000);
    expect(await sim.sendRefundWebhook(failing, { status: 'failed' })).toMatchObject({ delivered: true });
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.state, r.captureState])).toEqual([['failed', 'failed']]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');
    expect(await processedEvents(t, paid.orderTransactionId)).toEqual([`refund:${failing}`]);

    // neither the gateway's ledger nor the platform counts a failed refund
    const again = await refund(paid, 1000);
    expect(await sim.sendRefundWebhook(again, { status: 'COMPLETED' })).toMatchObject({ delivered: true });
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
  });

  it('a non-final status changes nothing and is not recorded, so the later final one still applies', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const id = await refund(paid, 200);
    for (const status of ['processing', 'pending-momo', 'pending']) {
      expect(await sim.sendRefundWebhook(id, { status })).toMatchObject({ delivered: true, statuses: [200] });
    }
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['open']);
    expect(await processedEvents(t, paid.orderTransactionId)).toBeUndefined();
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');

    await sim.sendRefundWebhook(id, { status: 'completed' });
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['completed']);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
  });

  it('duplicate and parallel deliveries apply once', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const id = await refund(paid, 300);
    const body = { event: 'refund.completed', data: { id, AmountRefunded: 300, status: 'completed', TransactionId: paid.gatewayTransactionId, meta: '{"source":"availablebalance"}' } };

    const parallel = await sim.deliverWebhook(body, { times: 4, parallel: true });
    expect(parallel.statuses).toEqual([200, 200, 200, 200]);
    const sequential = await sim.deliverWebhook(body, { times: 2 });
    expect(sequential.statuses).toEqual([200, 200]);

    expect(await history(t, refundIdFor(id))).toEqual(['complete']);
    expect(await history(t, paid.orderTransactionId)).toEqual(['paid', 'refund_partially']);
    expect(await processedEvents(t, paid.orderTransactionId)).toEqual([`refund:${id}`]);
  });

  it('an unknown refund id, or one naming another gateway transaction, is acknowledged and ignored', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const id = await refund(paid, 300);
    const unknown = await sim.deliverWebhook({ event: 'refund.completed', data: { id: 999_999_999, status: 'completed', AmountRefunded: 300, TransactionId: paid.gatewayTransactionId } });
    expect(unknown.statuses).toEqual([200]);
    const foreign = await sim.deliverWebhook({ id, AmountRefunded: 300, status: 'completed', TransactionId: paid.gatewayTransactionId + 1 });
    expect(foreign.statuses).toEqual([200]);

    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['open']);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');
    expect(await processedEvents(t, paid.orderTransactionId)).toBeUndefined();
  });

  it('a refund.completed arriving while its refund is still being recorded is answered 500 (retried), then applies', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    // a refund request holds the lease: the gateway has made the refund, the shop has not stored it yet
    const lease = await t.platform.leases.take(refundLeaseName(paid.orderTransactionId), { ttlMs: 120_000 });
    const made = sim.addRefund(paid.gatewayTransactionId, 300);
    const gatewayRefundId = made.id as number;
    try {
      const early = await sim.sendRefundWebhook(gatewayRefundId, { status: 'completed' });
      expect(early).toMatchObject({ delivered: false, statuses: [500, 500, 500, 500] });
      expect(await processedEvents(t, paid.orderTransactionId)).toBeUndefined();
      await recordPendingRefund(payBRefundHost(t.platform), { orderTransactionId: paid.orderTransactionId, gatewayRefundId, amountMinor: 300_00, decimals: 2, comments: undefined });
    } finally {
      await t.platform.leases.release(lease!);
    }

    const retried = await sim.sendRefundWebhook(gatewayRefundId, { status: 'completed' });
    expect(retried).toMatchObject({ delivered: true, statuses: [200] });
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['completed']);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
  });

  it('adopts a refund of its charge it has no record of (answer lost, or made in the dashboard): charge and amount from the gateway, not the body', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const made = sim.addRefund(paid.gatewayTransactionId, '250.5', 'completed');
    const gatewayRefundId = made.id as number;
    // the body overstates the amount: the gateway's record decides what is stored
    const delivered = await sim.deliverWebhook({ event: 'refund.completed', data: { id: gatewayRefundId, status: 'completed', AmountRefunded: 1000, TransactionId: paid.gatewayTransactionId } });
    expect(delivered.statuses).toEqual([200]);
    expect(sim.requests.some((r) => r.method === 'GET' && r.path === `/v3/refunds/${gatewayRefundId}`)).toBe(true);

    const stored = await storedRefunds(t, paid.orderTransactionId);
    expect(stored).toEqual([expect.objectContaining({ id: refundIdFor(gatewayRefundId), externalReference: String(gatewayRefundId), amount: 250.5, state: 'completed', captureState: 'completed' })]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
    expect(await processedEvents(t, paid.orderTransactionId)).toEqual([`refund:${gatewayRefundId}`]);

    // and the balance the refund route computes counts it once
    const rest = await shop.t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount: 1000 } });
    expect(rest.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 749.50 NGN' });
  });

  it('adopts nothing for a refund the gateway does not know, nor for one the gateway shows on another charge', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const other = await createPaidTransaction(t, sim);
    const unknown = await sim.deliverWebhook({ event: 'refund.completed', data: { id: 888_888_888, status: 'completed', AmountRefunded: 1000, TransactionId: paid.gatewayTransactionId } });
    expect(unknown.statuses).toEqual([200]);
    const othersRefund = sim.addRefund(other.gatewayTransactionId, 100, 'completed');
    const misattributed = await sim.deliverWebhook({ event: 'refund.completed', data: { id: othersRefund.id, status: 'completed', AmountRefunded: 100, TransactionId: paid.gatewayTransactionId } });
    expect(misattributed.statuses).toEqual([200]);
    expect(await storedRefunds(t, paid.orderTransactionId)).toEqual([]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');
  });

  it('answers 500 (retried) while the gateway cannot confirm a refund it would adopt', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const made = sim.addRefund(paid.gatewayTransactionId, 100, 'completed');
    sim.injectFault({ method: 'GET', path: `/v3/refunds/${made.id}`, status: 503, times: 1 });
    const delivered = await sim.sendRefundWebhook(made.id as number, { status: 'completed' });
    expect(delivered).toMatchObject({ delivered: true, statuses: [500, 200] });
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['completed']);
  });

  it('the gateway\'s automatic refund.completed after a refund completes it end to end', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    sim.setOptions({ refundWebhooks: true, refundStatus: 'completed', refundWebhookShape: 'flat' });
    try {
      const id = await refund(paid);
      await sim.webhooksSettled();
      expect(sim.webhookDeliveries.filter((d) => d.event === 'refund.completed' && (d.body as { id?: number }).id === id).map((d) => d.status)).toEqual([200]);
    } finally {
      sim.setOptions({ refundWebhooks: false });
    }
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
  });
});

describe('handleRefundCompleted called directly', () => {
  const shop = useRefundTestShop({ simulator: { refundWebhooks: false } });

  it('accepts the refund id as id, Id or refund_id, and ignores objects without a valid one', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'USD', unitPriceMinor: 10_00, quantity: 3 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount: 10 } });
      expect(response.statusCode).toBe(200);
      ids.push(response.json().data.id as number);
    }

    for (const refund of [{ status: 'completed' }, { id: 'abc', status: 'completed' }, { id: -5, status: 'completed' }, { id: 1.5, status: 'completed' }]) {
      await expect(handleRefundCompleted(t.platform, refund)).resolves.toBeUndefined();
    }
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['open', 'open', 'open']);

    await handleRefundCompleted(t.platform, { id: ids[0], status: 'completed' });
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
    await handleRefundCompleted(t.platform, { Id: String(ids[1]), status: 'Successful' });
    await handleRefundCompleted(t.platform, { refund_id: ids[2], Status: 'completed', amount_refunded: '10.00', transaction_id: String(paid.gatewayTransactionId) });
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['completed', 'completed', 'completed']);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded');
    expect(await processedEvents(t, paid.orderTransactionId)).toEqual(ids.map((id) => `refund:${id}`));
  });

  it('parallel calls for one refund apply it once', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim);
    const response = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId } });
    const id = response.json().data.id as number;
    await Promise.all(Array.from({ length: 5 }, () => handleRefundCompleted(t.platform, { id, status: 'completed' })));
    expect(await history(t, refundIdFor(id))).toEqual(['complete']);
    expect(await history(t, paid.orderTransactionId)).toEqual(['paid', 'refund']);
    expect(await processedEvents(t, paid.orderTransactionId)).toEqual([`refund:${id}`]);
  });
});
