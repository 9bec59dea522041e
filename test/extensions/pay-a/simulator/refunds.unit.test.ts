import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPayASimulator, type PayASimulator } from '../../../../src/extensions/pay-a/simulator/index.js';
import { suiteWebhookReceiver } from '../../_gateway/simulator-helpers.js';
import { api, paidTransaction, WebhookReceiver } from './helpers.js';

const KEY = 'sk_test_simulator';

/** The simulator's refunds as the real gateway behaves: creation, fetch and list, their statuses and their signed events. */
describe('gateway A simulator: refunds and refund events', () => {
  let sim: PayASimulator;
  const receiver = suiteWebhookReceiver(new WebhookReceiver());
  beforeAll(async () => {
    sim = await startPayASimulator({ webhookUrl: receiver.url, refundWebhookDelayMs: 0, webhookRetryDelayMs: 10 });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(async () => {
    await sim.webhooksSettled();
    receiver.received.length = 0;
    sim.setOptions({ refundOutcome: 'processed', refundEventOrder: 'in-order', refundWebhooks: true });
  });

  it('creates a pending refund: "queued for processing", the transaction as an object, then refund.pending and refund.processed, signed', async () => {
    const reference = await paidTransaction(sim, { amount: 1_000_000 });
    const answer = await api(sim, 'POST', '/refund', { transaction: reference, amount: 250_000, currency: 'NGN', customer_note: 'sorry', merchant_note: 'damaged' });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      status: true,
      message: 'Refund has been queued for processing',
      data: { id: expect.any(Number), status: 'pending', amount: 250_000, currency: 'NGN', customer_note: 'sorry', merchant_note: 'damaged', transaction: { reference, amount: 1_000_000 } },
    });
    await sim.webhooksSettled();
    expect(receiver.events()).toEqual(['refund.pending', 'refund.processed']);
    const [pending, processed] = receiver.bodies();
    expect(pending.data).toEqual({
      status: 'pending',
      transaction_reference: reference,
      refund_reference: null,
      amount: '250000',
      currency: 'NGN',
      processor: 'mpgs_zen',
      customer: { first_name: null, last_name: null, email: 'buyer@example.com' },
      integration: 412829,
      domain: 'test',
    });
    expect(pending.data).not.toHaveProperty('id');
    expect(processed.data).toMatchObject({ status: 'processed', amount: '250000', refund_reference: expect.stringMatching(/^\d{12}$/) });
    for (const delivery of receiver.received) {
      expect(delivery.headers['x-pay-a-signature']).toBe(createHmac('sha512', KEY).update(delivery.raw).digest('hex'));
    }
    // fetch and list show the transaction as its numeric id
    const id = answer.json.data.id as number;
    const fetched = await api(sim, 'GET', `/refund/${id}`);
    expect(fetched.json).toMatchObject({ status: true, message: 'Refund retrieved', data: { id, status: 'processed', transaction: answer.json.data.transaction.id } });
  });

  it('refund.failed carries the amount as a number and frees the balance', async () => {
    sim.setOptions({ refundOutcome: 'failed' });
    const reference = await paidTransaction(sim, { amount: 100_000 });
    expect((await api(sim, 'POST', '/refund', { transaction: reference })).json.data).toMatchObject({ amount: 100_000 });
    await sim.webhooksSettled();
    expect(receiver.events()).toEqual(['refund.pending', 'refund.failed']);
    expect(receiver.bodies()[1].data).toMatchObject({ status: 'failed', amount: 100_000, refund_reference: expect.stringMatching(/^TRF_/) });
    // the whole amount can be refunded again
    sim.setOptions({ refundOutcome: 'pending' });
    expect((await api(sim, 'POST', '/refund', { transaction: reference, amount: 100_000 })).status).toBe(200);
  });

  it('out of order on request: the final event before refund.pending', async () => {
    sim.setOptions({ refundEventOrder: 'final-first' });
    const reference = await paidTransaction(sim);
    await api(sim, 'POST', '/refund', { transaction: reference, amount: 10_000 });
    await sim.webhooksSettled();
    expect(receiver.events()).toEqual(['refund.processed', 'refund.pending']);
    expect(receiver.bodies()[1].data.refund_reference).toBeNull();
  });

  it('held events are released reversed or twice each', async () => {
    const reference = await paidTransaction(sim);
    sim.holdWebhooks();
    await api(sim, 'POST', '/refund', { transaction: reference, amount: 10_000 });
    expect(sim.heldWebhooks.map((body) => (body as { event: string }).event)).toEqual(['refund.pending', 'refund.processed']);
    await sim.releaseWebhooks({ order: 'reverse', duplicate: true });
    expect(receiver.events()).toEqual(['refund.processed', 'refund.processed', 'refund.pending', 'refund.pending']);
  });

  it('refunds the whole remaining balance when no amount is sent, and refuses more than it', async () => {
    sim.setOptions({ refundOutcome: 'pending' });
    const reference = await paidTransaction(sim, { amount: 100_000 });
    expect((await api(sim, 'POST', '/refund', { transaction: reference, amount: 30_000 })).status).toBe(200);
    expect(await api(sim, 'POST', '/refund', { transaction: reference, amount: 70_001 })).toMatchObject({
      status: 400,
      json: { status: false, message: 'Refund amount cannot be more than the unrefunded balance of the transaction' },
    });
    expect((await api(sim, 'POST', '/refund', { transaction: reference })).json.data).toMatchObject({ amount: 70_000 });
    expect(await api(sim, 'POST', '/refund', { transaction: reference })).toMatchObject({
      status: 400,
      json: { status: false, message: 'Transaction has been fully reversed', type: 'api_error', code: 'transaction_reversed' },
    });
  });

  it('accepts the transaction by id too; verify reports a fully processed transaction reversed', async () => {
    const reference = await paidTransaction(sim, { amount: 100_000 });
    const id = sim.transaction(reference)!.id as number;
    expect((await api(sim, 'POST', '/refund', { transaction: id })).status).toBe(200);
    await sim.webhooksSettled();
    expect(sim.transaction(reference)).toMatchObject({ status: 'reversed' });
    expect((await api(sim, 'POST', '/refund', { transaction: String(id) })).json).toMatchObject({ code: 'transaction_reversed' });
  });

  it.each([
    ['an unknown transaction', { transaction: 'no-such-ref' }, 'Transaction not found'],
    ['a fractional amount', { amount: 100.5 }, '"amount" must be an integer'],
    ['a zero amount', { amount: 0 }, '"amount" must be an integer'],
    ['another currency', { currency: 'USD' }, 'Refund currency must be the currency of the transaction'],
  ])('refuses %s', async (_name, fields, message) => {
    const reference = await paidTransaction(sim);
    const answer = await api(sim, 'POST', '/refund', { transaction: reference, ...fields });
    expect(answer).toMatchObject({ status: 400, json: { status: false, message } });
  });

  it('refuses to refund a transaction that was not paid', async () => {
    const { reference } = (await api(sim, 'POST', '/transaction/initialize', { email: 'a@b.test', amount: 5000 })).json.data;
    expect((await api(sim, 'POST', '/refund', { transaction: reference })).json).toMatchObject({ message: 'Only successful transactions can be refunded' });
  });

  it('lists refunds with offset meta and the transaction filter; an unknown refund id is 404', async () => {
    sim.setOptions({ refundOutcome: 'pending' });
    const reference = await paidTransaction(sim, { amount: 100_000 });
    for (const amount of [10_000, 20_000, 30_000]) await api(sim, 'POST', '/refund', { transaction: reference, amount });
    const page = await api(sim, 'GET', `/refund?transaction=${reference}&perPage=2&page=2`);
    expect(page.json).toMatchObject({ status: true, message: 'Refunds retrieved', meta: { total: 3, skipped: 2, perPage: 2, page: 2, pageCount: 2 } });
    expect(page.json.data.map((item: { amount: number }) => item.amount)).toEqual([30_000]);
    expect(typeof page.json.data[0].transaction).toBe('number');
    expect((await api(sim, 'GET', '/refund/123')).status).toBe(404);
  });

  it('settleRefund and addRefund drive the ledger as the processor and the dashboard would', async () => {
    const reference = await paidTransaction(sim, { amount: 100_000 });
    const added = sim.addRefund(reference, 40_000, { merchantNote: 'dashboard' });
    expect(added).toMatchObject({ status: 'pending', amount: 40_000, merchant_note: 'dashboard' });
    const result = await sim.settleRefund(added.id as number, 'processed');
    expect(result).toMatchObject({ delivered: true, attempts: 1 });
    expect(receiver.events()).toEqual(['refund.processed']);
    expect(sim.refundEvent(added.id as number, 'pending')).toMatchObject({ event: 'refund.pending', data: { amount: '40000', refund_reference: null } });
  });
});
