import { describe, expect, it, vi } from 'vitest';
import { loggedText, payAHost, TEST_SECRET_KEY } from '../pay-a-test-setup.js';
import { createPaidTransaction, REFUND_ROUTE, storedRefunds, transactionState, useRefundTestShop } from './refund-test-setup.js';

/**
 * A refund event changes only the refund it names. Gateway A's events carry no refund id; a final event
 * carries the processor's `refund_reference`, which names the refund it settled for good: an event
 * contradicting it (refund.failed after refund.processed with the same reference) is logged and
 * acknowledged, and never settles another refund of the same amount.
 */
describe('gateway A webhook: a refund event changes only the refund it names', () => {
  const shop = useRefundTestShop({ webhooks: true, simulator: { refundWebhooks: false, refundOutcome: 'pending', webhookRetries: 0 } });

  const refund = (reference: string, amount: number) => shop.t.api('POST', REFUND_ROUTE, { body: { transaction: reference, amount } });

  /** The signed event of the probe: the simulator's body for the refund, with the processor reference fixed. */
  function probeEvent(refundId: number, status: 'processed' | 'failed', refundReference: string): { event: string; data: Record<string, unknown> } {
    const body = shop.sim.refundEvent(refundId, status) as { event: string; data: Record<string, unknown> };
    return { event: body.event, data: { ...body.data, refund_reference: refundReference } };
  }

  it('refund.processed PRB-REF-1 ten times, then refund.failed PRB-REF-1 of the same amount: the completed refund stays completed, the other stays open', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const first = (await refund(paid.reference, 100)).json().data.id as number;
    const second = (await refund(paid.reference, 100)).json().data.id as number;
    expect(second).not.toBe(first);

    const processed = await sim.deliverWebhook(probeEvent(first, 'processed', 'PRB-REF-1'), { times: 10 });
    expect(processed.statuses).toEqual(Array(10).fill(204));
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.externalReference, r.state])).toEqual([
      [String(first), 'completed'],
      [String(second), 'open'],
    ]);

    const lines: unknown[] = [];
    for (const level of ['info', 'warn', 'error'] as const) vi.spyOn(payAHost(t.platform).logger, level).mockImplementation(((...args: unknown[]) => void lines.push(args)) as never);
    try {
      const failed = probeEvent(first, 'failed', 'PRB-REF-1');
      expect(failed.data).toMatchObject({ refund_reference: 'PRB-REF-1', amount: 10_000 });
      expect(await sim.deliverWebhook(failed, { times: 2 })).toMatchObject({ statuses: [204, 204] });
    } finally {
      vi.restoreAllMocks();
    }

    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.externalReference, r.state, r.captureState])).toEqual([
      [String(first), 'completed', 'completed'],
      [String(second), 'open', 'pending'],
    ]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
    // what may still be refunded is unchanged: 1000 − 100 completed − 100 pending
    expect((await refund(paid.reference, 800.01)).json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 800.00 NGN' });
    const logged = loggedText(lines);
    expect(logged).toContain('contradicts');
    expect(logged).not.toContain(TEST_SECRET_KEY);
    expect(logged).not.toContain(paid.reference);

    // the open refund is still settled by its own event
    expect(await sim.settleRefund(second, 'processed')).toMatchObject({ statuses: [204] });
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['completed', 'completed']);
  });

  it('refund.failed then refund.processed with the same reference: the failed refund stays failed, the other stays open', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    const first = (await refund(paid.reference, 250)).json().data.id as number;
    const second = (await refund(paid.reference, 250)).json().data.id as number;

    expect(await sim.deliverWebhook(probeEvent(first, 'failed', 'TRF_probe'), { times: 3 })).toMatchObject({ statuses: [204, 204, 204] });
    expect(await sim.deliverWebhook(probeEvent(first, 'processed', 'TRF_probe'))).toMatchObject({ statuses: [204] });

    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.externalReference, r.state])).toEqual([
      [String(first), 'failed'],
      [String(second), 'open'],
    ]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');
  });
  it('processed and failed with one reference, delivered in parallel: one of them settles one refund, the other refund stays open', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { amountMinor: 100_000 });
    await refund(paid.reference, 300);
    const second = (await refund(paid.reference, 300)).json().data.id as number;
    const [processed, failed] = await Promise.all([
      sim.deliverWebhook(probeEvent(second, 'processed', 'PRB-REF-RACE'), { times: 5, parallel: true }),
      sim.deliverWebhook(probeEvent(second, 'failed', 'PRB-REF-RACE'), { times: 5, parallel: true }),
    ]);
    expect([...processed.statuses, ...failed.statuses]).toEqual(Array(10).fill(204));
    const states = (await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state);
    expect([['completed', 'open'], ['failed', 'open']]).toContainEqual(states);
  });
});
