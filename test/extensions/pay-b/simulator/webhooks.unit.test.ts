import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPayBSimulator, type PayBSimulator } from '../../../../src/extensions/pay-b/simulator/index.js';
import { suiteWebhookReceiver } from '../../_gateway/simulator-helpers.js';
import { api, initPayment, WebhookReceiver } from './helpers.js';

const HASH = 'my-webhook-hash';

describe('gateway D simulator: webhook delivery', () => {
  let sim: PayBSimulator;
  const receiver = suiteWebhookReceiver(new WebhookReceiver());

  beforeEach(async () => {
    receiver.reset();
    sim = await startPayBSimulator({ secretHash: HASH, webhookUrl: receiver.url, webhookRetryDelayMs: 10 });
  });
  afterEach(async () => {
    await sim.close();
  });

  async function paid(txRef: string, amount = 100): Promise<number> {
    await initPayment(sim, { tx_ref: txRef, amount });
    return (await sim.completePayment(txRef, 'successful')).transactionId!;
  }

  describe('charge.completed', () => {
    it('is sent when a payment succeeds, with verif-hash and JSON content type, before completePayment returns', async () => {
      const id = await paid('wh-success', 100);
      expect(receiver.received).toHaveLength(1);
      const [webhook] = receiver.received;
      expect(webhook!.headers['verif-hash']).toBe(HASH);
      expect(webhook!.headers['content-type']).toBe('application/json');
      const body = JSON.parse(webhook!.raw);
      expect(body.event).toBe('charge.completed');
      expect(body.data).toMatchObject({ id, tx_ref: 'wh-success', amount: 100, currency: 'NGN', charged_amount: 100, app_fee: 1.4, status: 'successful', payment_type: 'card' });
      expect(body.data.customer).toMatchObject({ email: 'buyer@example.com' });
      expect(body.data).not.toHaveProperty('amount_settled');
      expect(sim.webhookDeliveries).toEqual([{ event: 'charge.completed', attempt: 1, status: 200, body }]);
    });

    it('is sent for failed attempts too, not for a cancel nor for an attempt still pending', async () => {
      await initPayment(sim, { tx_ref: 'wh-attempts', amount: 30 });
      await sim.completePayment('wh-attempts', 'cancelled');
      expect(receiver.received).toHaveLength(0);
      const { transactionId: failedId } = await sim.completePayment('wh-attempts', 'failed');
      expect(receiver.bodies().map((b) => [b.data.id, b.data.status])).toEqual([[failedId, 'failed']]);
      const { transactionId: pendingId } = await sim.completePayment('wh-attempts', 'successful', { status: 'pending' });
      expect(receiver.received).toHaveLength(1);

      sim.updateTransaction(pendingId!, { status: 'successful' });
      const result = await sim.sendChargeWebhook(pendingId!);
      expect(result).toEqual({ delivered: true, attempts: 1, statuses: [200] });
      expect(receiver.bodies()[1].data).toMatchObject({ id: pendingId, status: 'successful' });
    });

    it('is sent by the hosted page before the browser is redirected', async () => {
      const link = await initPayment(sim, { tx_ref: 'wh-browser', amount: 12 });
      const response = await fetch(link, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(receiver.bodies().map((b) => b.data.tx_ref)).toEqual(['wh-browser']);
    });

    it('is resent by POST /v3/transactions/:id/resend-hook', async () => {
      const id = await paid('wh-resend');
      const response = await api(sim, 'POST', `/v3/transactions/${id}/resend-hook`);
      expect(response.status).toBe(200);
      expect(response.json.status).toBe('success');
      await sim.webhooksSettled();
      expect(receiver.bodies().map((b) => [b.event, b.data.id])).toEqual([
        ['charge.completed', id],
        ['charge.completed', id],
      ]);
      expect((await api(sim, 'POST', '/v3/transactions/42/resend-hook')).status).toBe(400);
    });

    it('omits verif-hash when no secret hash is configured', async () => {
      sim.setOptions({ secretHash: undefined });
      await paid('wh-no-hash');
      expect(receiver.received[0]!.headers).not.toHaveProperty('verif-hash');
    });

    it('is not sent when automatic webhooks are off or no URL is set', async () => {
      sim.setOptions({ autoWebhooks: false });
      await paid('wh-auto-off');
      sim.setOptions({ autoWebhooks: true });
      sim.setWebhookUrl(undefined);
      await paid('wh-no-url');
      expect(receiver.received).toHaveLength(0);
      expect(sim.webhookDeliveries).toHaveLength(0);
      await expect(sim.deliverWebhook({ event: 'x' })).rejects.toThrow(/webhookUrl/);
    });
  });

  describe('retries', () => {
    it('retries after a 500 and stops at the first 200', async () => {
      receiver.answers.push(500, 500);
      const result = await sim.deliverWebhook({ event: 'charge.completed', data: { id: 1 } });
      expect(result).toEqual({ delivered: true, attempts: 3, statuses: [500, 500, 200] });
      expect(receiver.received).toHaveLength(3);
      expect(sim.webhookDeliveries.map((d) => [d.event, d.attempt, d.status])).toEqual([
        ['charge.completed', 1, 500],
        ['charge.completed', 2, 500],
        ['charge.completed', 3, 200],
      ]);
    });

    it('does not retry after a 200', async () => {
      const result = await sim.deliverWebhook({ event: 'charge.completed', data: { id: 2 } });
      expect(result).toEqual({ delivered: true, attempts: 1, statuses: [200] });
      expect(receiver.received).toHaveLength(1);
    });

    it('treats 201, 204 and redirects as failures and does not follow redirects', async () => {
      receiver.answers.push(201, 204, 302);
      const result = await sim.deliverWebhook({ event: 'charge.completed', data: { id: 3 } });
      expect(result).toEqual({ delivered: true, attempts: 4, statuses: [201, 204, 302, 200] });
      expect(receiver.redirectTargetHits).toBe(0);
    });

    it('gives up after the configured number of retries', async () => {
      sim.setOptions({ webhookRetries: 1 });
      receiver.answers.push(500, 500, 500);
      const result = await sim.deliverWebhook({ event: 'charge.completed', data: { id: 4 } });
      expect(result).toEqual({ delivered: false, attempts: 2, statuses: [500, 500] });
    });

    it('reports an unreachable endpoint as error', async () => {
      const closed = await new WebhookReceiver().start();
      await closed.close();
      sim.setWebhookUrl(closed.url);
      const result = await sim.deliverWebhook({ event: 'charge.completed', data: { id: 5 } });
      expect(result).toEqual({ delivered: false, attempts: 4, statuses: ['error', 'error', 'error', 'error'] });
    });

    it('stops pending retries on close()', async () => {
      sim.setOptions({ webhookRetryDelayMs: 600_000 });
      receiver.answers.push(500);
      const pending = sim.deliverWebhook({ event: 'charge.completed', data: { id: 6 } });
      // the first attempt's answer has arrived; the retry now waits
      await vi.waitFor(() => expect(sim.webhookDeliveries).toHaveLength(1));
      await sim.close();
      expect(await pending).toEqual({ delivered: false, attempts: 1, statuses: [500] });
    });
  });

  describe('duplicates and order', () => {
    it('delivers duplicates sequentially or in parallel', async () => {
      const body = { event: 'charge.completed', data: { id: 7, tx_ref: 'dup' } };
      expect(await sim.deliverWebhook(body, { times: 2 })).toEqual({ delivered: true, attempts: 2, statuses: [200, 200] });
      expect(await sim.deliverWebhook(body, { times: 3, parallel: true })).toEqual({ delivered: true, attempts: 3, statuses: [200, 200, 200] });
      expect(receiver.received.map((r) => r.raw)).toEqual(Array(5).fill(JSON.stringify(body)));
    });

    it('holds automatic webhooks and releases them in reverse order, optionally twice each', async () => {
      sim.holdWebhooks();
      const first = await paid('held-1');
      const second = await paid('held-2');
      const refund = (await api(sim, 'POST', `/v3/transactions/${first}/refund`, { amount: 10 })).json.data;
      await sim.webhooksSettled();
      expect(receiver.received).toHaveLength(0);
      expect(sim.heldWebhooks).toHaveLength(3);

      const results = await sim.releaseWebhooks({ order: 'reverse', duplicate: true });
      expect(results).toEqual(Array(3).fill({ delivered: true, attempts: 2, statuses: [200, 200] }));
      const seen = receiver.bodies().map((b) => [b.event, b.data.id]);
      expect(seen).toEqual([
        ['refund.completed', refund.id],
        ['refund.completed', refund.id],
        ['charge.completed', second],
        ['charge.completed', second],
        ['charge.completed', first],
        ['charge.completed', first],
      ]);
      // released: no longer holding
      await paid('after-release');
      expect(receiver.received).toHaveLength(7);
    });

    it('releases in the order they were held by default', async () => {
      sim.holdWebhooks();
      const first = await paid('fifo-1');
      const second = await paid('fifo-2');
      await sim.releaseWebhooks();
      expect(receiver.bodies().map((b) => b.data.id)).toEqual([first, second]);
    });
  });

  describe('refund.completed', () => {
    it('is sent after a refund is created, wrapped, with the ledger status and PascalCase fields', async () => {
      const id = await paid('refund-wh', 100);
      receiver.received.length = 0;
      const created = (await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: 25, comments: 'damaged' })).json.data;
      await sim.webhooksSettled();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers['verif-hash']).toBe(HASH);
      const body = receiver.bodies()[0];
      expect(body).toEqual({
        event: 'refund.completed',
        data: {
          id: created.id,
          AmountRefunded: 25,
          status: 'completed',
          FlwRef: created.flw_ref,
          destination: 'payment_source',
          comments: 'damaged',
          settlement_id: 'NEW',
          meta: '{"source":"availablebalance"}',
          createdAt: created.created_at,
          updatedAt: expect.any(String),
          deletedAt: null,
          walletId: expect.any(Number),
          AccountId: created.account_id,
          TransactionId: id,
        },
      });
    });

    it('is sent flat when configured, and with the pending status of a pending refund', async () => {
      sim.setOptions({ refundWebhookShape: 'flat', refundStatus: 'pending' });
      const id = await paid('refund-flat', 100);
      receiver.received.length = 0;
      const created = (await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: 5 })).json.data;
      await sim.webhooksSettled();
      const body = receiver.bodies()[0];
      expect(body).not.toHaveProperty('event');
      expect(body).toMatchObject({ id: created.id, AmountRefunded: 5, status: 'pending', TransactionId: id });
      expect(sim.webhookDeliveries.at(-1)!.event).toBe('refund.completed');
    });

    it('is not sent when refund webhooks are off', async () => {
      sim.setOptions({ refundWebhooks: false });
      const id = await paid('refund-off', 100);
      await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: 5 });
      await sim.webhooksSettled();
      expect(receiver.bodies().map((b) => b.event)).toEqual(['charge.completed']);
    });

    it('can be sent by the test with another status and shape, which the ledger then shows', async () => {
      sim.setOptions({ refundWebhooks: false, refundStatus: 'pending' });
      const id = await paid('refund-manual', 100);
      const created = (await api(sim, 'POST', `/v3/transactions/${id}/refund`, { amount: 5 })).json.data;

      const flat = await sim.sendRefundWebhook(created.id, { status: 'failed', shape: 'flat' });
      expect(flat.delivered).toBe(true);
      const wrapped = await sim.sendRefundWebhook(created.id);
      expect(wrapped.delivered).toBe(true);
      const [, flatBody, wrappedBody] = receiver.bodies();
      expect(flatBody).toMatchObject({ id: created.id, status: 'failed', TransactionId: id });
      expect(wrappedBody).toMatchObject({ event: 'refund.completed', data: { id: created.id, status: 'failed' } });
      expect(sim.refunds().find((r) => r.id === created.id)!.status).toBe('failed');
      // a failed refund frees the balance again
      expect((await api(sim, 'POST', `/v3/transactions/${id}/refund`, {})).json.data.amount_refunded).toBe(100);
    });
  });

  describe('deliverWebhook', () => {
    it('sends a string as-is and given headers instead of the verif-hash', async () => {
      await sim.deliverWebhook('{"event": "charge.completed", broken', { headers: { 'verif-hash': 'wrong' } });
      await sim.deliverWebhook({ event: 'charge.completed' }, { headers: {} });
      expect(receiver.received[0]!.raw).toBe('{"event": "charge.completed", broken');
      expect(receiver.received[0]!.headers['verif-hash']).toBe('wrong');
      expect(receiver.received[1]!.headers).not.toHaveProperty('verif-hash');
      expect(sim.webhookDeliveries.map((d) => d.event)).toEqual(['unknown', 'charge.completed']);
    });
  });
});
