import { describe, expect, it, vi } from 'vitest';
import { payBHost, TEST_SECRET_KEY, TEST_WEBHOOK_HASH } from '../pay-b-test-setup.js';
import { createPaidTransaction, REFUND_ROUTE, storedRefunds, transactionState, useRefundTestShop, type PaidTransaction } from './refund-test-setup.js';

/**
 * A refund event changes only the refund it names (gateway D: the refund's own id), and a refund in a
 * final state never moves again: refund.completed with status failed after its completion, or completed
 * after its failure, is logged and acknowledged (200 with the gateway's body), the other open refund
 * untouched. The same probe as gateway A's.
 */
describe('gateway D webhook: a refund event changes only the refund it names', () => {
  const shop = useRefundTestShop({ webhooks: true, simulator: { refundWebhooks: false, webhookRetries: 0 } });

  async function refund(paid: PaidTransaction, amount: number): Promise<number> {
    const response = await shop.t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id as number;
  }

  const event = (paid: PaidTransaction, id: number, status: string) => ({
    event: 'refund.completed',
    data: { id, status, AmountRefunded: 100, TransactionId: paid.gatewayTransactionId },
  });

  function captureLogs(): unknown[] {
    const lines: unknown[] = [];
    for (const level of ['info', 'warn', 'error'] as const) vi.spyOn(payBHost(shop.t.platform).logger, level).mockImplementation(((...args: unknown[]) => void lines.push(args)) as never);
    return lines;
  }

  it('completed ten times, then failed for the same refund id: the completed refund stays completed, the other stays open', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const first = await refund(paid, 100);
    const second = await refund(paid, 100);

    const completed = await sim.deliverWebhook(event(paid, first, 'completed'), { times: 10 });
    expect(completed.statuses).toEqual(Array(10).fill(200));
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.externalReference, r.state])).toEqual([
      [String(first), 'completed'],
      [String(second), 'open'],
    ]);

    const lines = captureLogs();
    try {
      const answers = await sim.deliverWebhook(event(paid, first, 'failed'), { times: 2 });
      expect(answers.statuses).toEqual([200, 200]);
    } finally {
      vi.restoreAllMocks();
    }
    const webhook = await t.app.inject({ method: 'POST', url: '/pay-b/webhook', headers: { 'content-type': 'application/json', 'verif-hash': TEST_WEBHOOK_HASH }, payload: event(paid, first, 'failed') });
    expect([webhook.statusCode, webhook.json()]).toEqual([200, { status: 'success' }]);

    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.externalReference, r.state, r.captureState])).toEqual([
      [String(first), 'completed', 'completed'],
      [String(second), 'open', 'pending'],
    ]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('refunded_partially');
    // what may still be refunded is unchanged: 1000 − 100 completed − 100 pending
    const over = await t.api('POST', REFUND_ROUTE, { body: { orderTransactionId: paid.orderTransactionId, amount: 800.01 } });
    expect(over.json()).toEqual({ error: 'Refund amount exceeds the refundable balance of 800.00 NGN' });
    const logged = JSON.stringify(lines);
    expect(logged).toContain('contradicts');
    expect(logged).not.toContain(TEST_WEBHOOK_HASH);
    expect(logged).not.toContain(TEST_SECRET_KEY);

    // the open refund is still settled by its own event
    expect((await sim.deliverWebhook(event(paid, second, 'completed'))).statuses).toEqual([200]);
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state)).toEqual(['completed', 'completed']);
  });

  it('failed, then completed for the same refund id: the failed refund stays failed, the other stays open', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const first = await refund(paid, 100);
    const second = await refund(paid, 100);

    expect((await sim.deliverWebhook(event(paid, first, 'failed'), { times: 3 })).statuses).toEqual([200, 200, 200]);
    const lines = captureLogs();
    try {
      expect((await sim.deliverWebhook(event(paid, first, 'successful'))).statuses).toEqual([200]);
    } finally {
      vi.restoreAllMocks();
    }
    expect((await storedRefunds(t, paid.orderTransactionId)).map((r) => [r.externalReference, r.state])).toEqual([
      [String(first), 'failed'],
      [String(second), 'open'],
    ]);
    expect(await transactionState(t.platform, paid.orderTransactionId)).toBe('paid');
    expect(JSON.stringify(lines)).toContain('contradicts');
  });
  it('completed and failed for one refund id, delivered in parallel: the refund takes one of them, the other refund stays open', async () => {
    const { t, sim } = shop;
    const paid = await createPaidTransaction(t, sim, { isoCode: 'NGN', unitPriceMinor: 500_00, quantity: 2 });
    const first = await refund(paid, 100);
    await refund(paid, 100);
    const [completed, failed] = await Promise.all([
      sim.deliverWebhook(event(paid, first, 'completed'), { times: 5, parallel: true }),
      sim.deliverWebhook(event(paid, first, 'failed'), { times: 5, parallel: true }),
    ]);
    expect([...completed.statuses, ...failed.statuses]).toEqual(Array(10).fill(200));
    const states = (await storedRefunds(t, paid.orderTransactionId)).map((r) => r.state);
    expect([['completed', 'open'], ['failed', 'open']]).toContainEqual(states);
  });
});
