import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StateMachineTransitionPayload } from '../../../../src/platform/state-machine/events.js';
import { systemContext } from '../../../../src/platform/acl/context.js';
import { CHARGE_COMPLETED_EVENT } from '../../../../src/extensions/pay-b/events.js';
import { createOrderFixture } from '../../../fixtures/orders.js';
import {
  callFinalize,
  createPayBOrderFixture,
  customFieldsOf,
  FINISH_URL,
  placePayBOrder,
  stateChanges,
  startFixturePayment,
  stateOf,
  startPayBTest,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_HASH,
  useHostedPage,
  verifyCalls,
  type PayBOrderFixture,
  type PayBTest,
} from '../pay-b-test-setup.js';

/**
 * charge.completed over real HTTP from the simulator to the listening platform: only data.id is taken
 * from the body, the verified transaction decides, each gateway transaction changes state once.
 */
describe('gateway D webhook: charge.completed', () => {
  let test: PayBTest;
  /** Order transactions that entered paid, in order. */
  let paidEntered: string[];
  let chargeEvents: unknown[];

  beforeAll(async () => {
    // automatic webhooks are off: each test sends exactly the deliveries it is about
    test = await startPayBTest({ listen: true, simulator: { autoWebhooks: false, webhookRetries: 3, webhookRetryDelayMs: 20 } });
    test.platform.events.on('state_enter.order_transaction.state.paid', (payload: StateMachineTransitionPayload) => void paidEntered.push(payload.entityId));
    test.platform.events.on(CHARGE_COMPLETED_EVENT, (payload) => void chargeEvents.push(payload.data));
  });
  afterAll(() => test.close());
  beforeEach(() => {
    paidEntered = [];
    chargeEvents = [];
  });

  /** A USD fixture order with a payment created at the simulator by the handler's own pay. */
  async function orderWithPayment(amountMinor = 4200, isoCode = 'USD'): Promise<PayBOrderFixture> {
    const fixture = await createPayBOrderFixture(test.platform, { isoCode, amountMinor });
    await startFixturePayment(test.platform, fixture);
    return fixture;
  }

  /** A charge.completed body as the gateway sends it for a stored transaction. */
  function chargeBody(gatewayId: number, patch: Record<string, unknown> = {}): Record<string, unknown> {
    return { event: 'charge.completed', data: { ...test.sim.transaction(gatewayId), ...patch } };
  }

  /** The gateway's delivery of charge.completed for a stored transaction, straight to the platform (no retries). */
  function postCharge(gatewayId: number): Promise<Response> {
    return fetch(test.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'verif-hash': TEST_WEBHOOK_HASH },
      body: JSON.stringify(chargeBody(gatewayId)),
    });
  }

  it('settles an order whose customer never returns: paid with all gateway data, from charge.completed alone', async () => {
    const fixture = await orderWithPayment();
    const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
    const result = await test.sim.sendChargeWebhook(transactionId!);
    expect(result).toEqual({ delivered: true, attempts: 1, statuses: [200] });

    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
    expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([{ action: 'paid' }]);
    expect(paidEntered).toEqual([fixture.orderTransactionId]);
    expect(verifyCalls(test.sim, transactionId!)).toBe(1);
    const gateway = test.sim.transaction(transactionId!)!;
    expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toEqual({
      pay_b_reference: gateway.flw_ref,
      // the host's flag: the simulator's keys are sandbox keys
      payment_test_mode: true,
      pay_b_transaction_id: String(transactionId),
      pay_b_payment_type: gateway.payment_type,
      pay_b_transaction_fee: String(gateway.app_fee),
      pay_b_amount_charged: '42',
      pay_b_amount_settled: String(gateway.amount_settled),
      pay_b_currency: 'USD',
      pay_b_verified_at: expect.any(String),
      pay_b_customer: { name: 'Fix Ture', email: 'fixture@example.com' },
      pay_b_processed_events: [`charge:${transactionId}`],
    });
    expect(chargeEvents).toEqual([expect.objectContaining({ id: transactionId, tx_ref: fixture.orderTransactionId })]);
  });

  it('fails the transaction for a failed attempt, and a later successful attempt still pays it', async () => {
    const fixture = await orderWithPayment();
    const failed = await test.sim.completePayment(fixture.orderTransactionId, 'failed');
    expect((await test.sim.sendChargeWebhook(failed.transactionId!)).statuses).toEqual([200]);
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('failed');

    const paid = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
    expect((await test.sim.sendChargeWebhook(paid.transactionId!)).statuses).toEqual([200]);
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
    expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([{ action: 'fail' }, { action: 'paid' }]);
    expect((await customFieldsOf(test.platform, fixture.orderTransactionId)).pay_b_processed_events).toEqual([
      `charge:${failed.transactionId}`,
      `charge:${paid.transactionId}`,
    ]);
  });

  it('keeps a pending transaction open and settles it when the same gateway transaction completes later', async () => {
    const fixture = await orderWithPayment();
    const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful', { status: 'pending' });
    expect((await test.sim.sendChargeWebhook(transactionId!)).statuses).toEqual([200]);
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
    expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).not.toHaveProperty('pay_b_processed_events');
    // no move happened (open already), yet the verified gateway data is stored
    expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toMatchObject({ pay_b_transaction_id: String(transactionId) });

    test.sim.updateTransaction(transactionId!, { status: 'successful' });
    expect((await test.sim.sendChargeWebhook(transactionId!)).statuses).toEqual([200]);
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
    expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([{ action: 'paid' }]);
  });

  describe('a right hash with a forged body never pays', () => {
    it('takes status, amount and currency from the API, not from the body', async () => {
      const fixture = await orderWithPayment(4200);
      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'failed');
      // the body claims success at the right amount: the gateway says failed
      const result = await test.sim.deliverWebhook(chargeBody(transactionId!, { status: 'successful', amount: 42, charged_amount: 42, currency: 'USD' }));
      expect(result.statuses).toEqual([200]);
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('failed');
      expect(paidEntered).toEqual([]);
    });

    it.each([
      ['a lower amount', { amount: '41.99' }],
      ['another currency', { currency: 'EUR' }],
    ])('ignores a paid gateway transaction of %s, even when the body shows the order amount', async (_name, gatewayPatch) => {
      const fixture = await orderWithPayment(4200);
      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful', gatewayPatch);
      const result = await test.sim.deliverWebhook(chargeBody(transactionId!, { amount: 42, currency: 'USD' }));
      expect(result.statuses).toEqual([200]);
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
      expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([]);
      expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toEqual({});
    });

    it("does not settle an order with another order's paid gateway transaction (data.id of another order)", async () => {
      const victim = await orderWithPayment(4200);
      const other = await orderWithPayment(4200);
      const { transactionId: othersPayment } = await test.sim.completePayment(other.orderTransactionId, 'successful');
      const result = await test.sim.deliverWebhook({ event: 'charge.completed', data: { ...test.sim.transaction(othersPayment!), tx_ref: victim.orderTransactionId } });
      expect(result.statuses).toEqual([200]);
      expect(await stateOf(test.platform, victim.orderTransactionId)).toBe('open');
      expect(await customFieldsOf(test.platform, victim.orderTransactionId)).toEqual({});
      // and the other order is not touched by a body naming the victim
      expect(await stateOf(test.platform, other.orderTransactionId)).toBe('open');
      expect(paidEntered).toEqual([]);
    });
  });

  describe('acknowledged (200) and nothing changes', () => {
    it.each([
      ['a tx_ref that is not a UUID', 'Links-616626414629'],
      ['no tx_ref', undefined],
      ['a UUID of no order transaction', 'ffffffffffffffffffffffffffffffff'],
      ['a dashed UUID of no order transaction', 'ffffffff-ffff-ffff-ffff-fffffffffffe'],
    ])('for %s', async (_name, txRef) => {
      const fixture = await orderWithPayment();
      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
      const result = await test.sim.deliverWebhook(chargeBody(transactionId!, { tx_ref: txRef }));
      expect(result.statuses).toEqual([200]);
      expect(verifyCalls(test.sim, transactionId!)).toBe(0);
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
    });

    it('for an order transaction paid with another payment method', async () => {
      const invoiceOrder = await createOrderFixture(test.platform);
      const result = await test.sim.deliverWebhook({ event: 'charge.completed', data: { id: 4711, tx_ref: invoiceOrder.transactionId, status: 'successful' } });
      expect(result.statuses).toEqual([200]);
      expect(verifyCalls(test.sim, 4711)).toBe(0);
      expect(await stateOf(test.platform, invoiceOrder.transactionId)).toBe('open');
      expect(await customFieldsOf(test.platform, invoiceOrder.transactionId)).toEqual({});
    });

    it('for a gateway id the gateway does not know ("No transaction was found for this id")', async () => {
      const fixture = await orderWithPayment();
      const result = await test.sim.deliverWebhook({ event: 'charge.completed', data: { id: 99999001, tx_ref: fixture.orderTransactionId, status: 'successful' } });
      expect(result).toEqual({ delivered: true, attempts: 1, statuses: [200] });
      expect(verifyCalls(test.sim, 99999001)).toBe(1);
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
      expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toEqual({});
    });

    it('for a transaction that is already paid, without asking the gateway or recording the unverified id', async () => {
      const fixture = await orderWithPayment();
      const first = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
      await test.sim.sendChargeWebhook(first.transactionId!);
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
      // an older failed attempt of the same reference is reported late
      const late = test.sim.transactionsFor(fixture.orderTransactionId)[0]!;
      const failedAttempt = { ...late, id: Number(late.id) + 1000, status: 'failed' };
      const result = await test.sim.deliverWebhook({ event: 'charge.completed', data: failedAttempt });
      expect(result.statuses).toEqual([200]);
      expect(verifyCalls(test.sim, failedAttempt.id)).toBe(0);
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
      expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([{ action: 'paid' }]);
      expect((await customFieldsOf(test.platform, fixture.orderTransactionId)).pay_b_processed_events).toEqual([`charge:${first.transactionId}`]);
    });
  });

  describe('duplicates and concurrency', () => {
    it('changes state once for a delivery sent twice, and the repeat does not ask the gateway again', async () => {
      const fixture = await orderWithPayment();
      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
      const result = await test.sim.deliverWebhook(chargeBody(transactionId!), { times: 2 });
      expect(result.statuses).toEqual([200, 200]);
      expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([{ action: 'paid' }]);
      expect(verifyCalls(test.sim, transactionId!)).toBe(1);
      expect(paidEntered).toEqual([fixture.orderTransactionId]);
      expect((await customFieldsOf(test.platform, fixture.orderTransactionId)).pay_b_processed_events).toEqual([`charge:${transactionId}`]);
    });

    it('changes state once for five deliveries at the same time', async () => {
      const fixture = await orderWithPayment();
      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
      const result = await test.sim.deliverWebhook(chargeBody(transactionId!), { times: 5, parallel: true });
      expect(result.statuses).toEqual([200, 200, 200, 200, 200]);
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
      expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([{ action: 'paid' }]);
      expect(paidEntered).toEqual([fixture.orderTransactionId]);
      // concurrent deliveries share one verification; later ones find the event recorded
      expect(verifyCalls(test.sim, transactionId!)).toBe(1);
      expect((await customFieldsOf(test.platform, fixture.orderTransactionId)).pay_b_processed_events).toEqual([`charge:${transactionId}`]);
    });

    it('changes state once when a failed and a successful attempt arrive at the same time', async () => {
      const fixture = await orderWithPayment();
      const failed = await test.sim.completePayment(fixture.orderTransactionId, 'failed');
      const paid = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
      const results = await Promise.all([test.sim.sendChargeWebhook(paid.transactionId!), test.sim.sendChargeWebhook(failed.transactionId!)]);
      expect(results.map((r) => r.statuses)).toEqual([[200], [200]]);
      // whichever came first, the transaction ends paid and entered paid once
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
      expect(paidEntered).toEqual([fixture.orderTransactionId]);
    });
  });

  describe('gateway faults during verification', () => {
    it('answers 500 when the gateway answers 503, and the retry pays the order', async () => {
      const fixture = await orderWithPayment();
      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
      test.sim.injectFault({ method: 'GET', path: `/v3/transactions/${transactionId}/verify`, status: 503, times: 1 });
      const result = await test.sim.sendChargeWebhook(transactionId!);
      expect(result).toEqual({ delivered: true, attempts: 2, statuses: [500, 200] });
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
      expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([{ action: 'paid' }]);
    });

    it('answers 500 with the documented body while the gateway is down, and changes nothing', async () => {
      const fixture = await orderWithPayment();
      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
      const removeFault = test.sim.injectFault({ method: 'GET', path: `/v3/transactions/${transactionId}/verify`, status: 503, times: 100 });
      try {
        const response = await postCharge(transactionId!);
        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({ status: 'error', message: 'Internal server error' });
      } finally {
        removeFault();
      }
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
      expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toEqual({});
    });

    it('answers 500 when the gateway cannot be reached at all', async () => {
      const fixture = await orderWithPayment();
      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
      await test.setConfig('apiBaseUrl', 'http://127.0.0.1:9');
      try {
        const response = await postCharge(transactionId!);
        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({ status: 'error', message: 'Internal server error' });
      } finally {
        await test.setConfig('apiBaseUrl', test.sim.baseUrl);
      }
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
    });

    it('answers 500 while the active mode has no secret key, asking nothing of the gateway; the retry after the key is set pays', async () => {
      const fixture = await orderWithPayment();
      const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
      await test.setConfig('secretKeySandbox', null);
      try {
        const response = await postCharge(transactionId!);
        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({ status: 'error', message: 'Internal server error' });
      } finally {
        await test.setConfig('secretKeySandbox', TEST_SECRET_KEY);
      }
      expect(verifyCalls(test.sim, transactionId!)).toBe(0);
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
      expect((await test.sim.sendChargeWebhook(transactionId!)).statuses).toEqual([200]);
      expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
    });
  });

  it('answers 500 when apiBaseUrl points at something that is not the API (an HTML 404), so the gateway retries', async () => {
    const fixture = await orderWithPayment();
    const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
    await test.setConfig('apiBaseUrl', `${test.sim.baseUrl}/not-the-api`);
    try {
      const response = await postCharge(transactionId!);
      expect(response.status).toBe(500);
    } finally {
      await test.setConfig('apiBaseUrl', test.sim.baseUrl);
    }
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
    // once the merchant fixed the URL, the gateway's retry settles it
    expect((await test.sim.sendChargeWebhook(transactionId!)).statuses).toEqual([200]);
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
  });

  it('pays a transaction the merchant sent a reminder for (Shopware moves reminded to paid with `pay`)', async () => {
    const fixture = await orderWithPayment();
    await test.platform.stateMachines.transition({ within: test.platform.db, entity: 'order_transaction', id: fixture.orderTransactionId, action: 'remind', context: systemContext });
    const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful');
    expect((await test.sim.sendChargeWebhook(transactionId!)).statuses).toEqual([200]);
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('paid');
    expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([{ action: 'remind' }, { action: 'pay' }]);
  });

  describe('together with the customer return', () => {
    it('pays once when the webhook arrives before the customer returns; finalize then sends the customer to the finish page', async () => {
      test.sim.setOptions({ autoWebhooks: true });
      try {
        const order = await placePayBOrder(test);
        // the hosted page sends charge.completed before it redirects the customer
        const back = await useHostedPage(order.redirectUrl, 'pay');
        expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
        const finalized = await callFinalize(test, back);
        expect(finalized.statusCode).toBe(302);
        expect(finalized.headers.location).toBe(FINISH_URL);
        expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
        expect(await stateChanges(test.platform, order.orderTransactionId)).toEqual([{ action: 'paid' }]);
        expect(paidEntered).toEqual([order.orderTransactionId]);
      } finally {
        test.sim.setOptions({ autoWebhooks: false });
      }
    });

    it('sends the customer to the finish page when charge.completed pays the order while the return cannot be verified', async () => {
      const order = await placePayBOrder(test);
      const back = await useHostedPage(order.redirectUrl, 'pay');
      const gatewayId = Number(back.searchParams.get('transaction_id'));
      // the gateway keeps finalize's verification waiting and then fails it; the webhook arrives meanwhile
      test.sim.injectFault({ method: 'GET', path: `/v3/transactions/${gatewayId}/verify`, status: 503, delayMs: 4000, times: 1 });
      const finalizing = callFinalize(test, back);
      await vi.waitFor(() => expect(verifyCalls(test.sim, gatewayId)).toBe(1), { timeout: 5000 });
      expect((await test.sim.sendChargeWebhook(gatewayId)).statuses).toEqual([200]);
      expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');

      const finalized = await finalizing;
      expect(verifyCalls(test.sim, gatewayId)).toBe(2);
      expect(finalized.statusCode).toBe(302);
      expect(finalized.headers.location).toBe(FINISH_URL);
      expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
      expect(await stateChanges(test.platform, order.orderTransactionId)).toEqual([{ action: 'paid' }]);
    });

    it('does not move a paid transaction when a stale return says cancelled', async () => {
      const order = await placePayBOrder(test);
      const { transactionId } = await test.sim.completePayment(order.orderTransactionId, 'successful');
      await test.sim.sendChargeWebhook(transactionId!);
      const finalizeUrl = new URL(test.sim.payment(order.orderTransactionId)!.request.redirect_url as string);
      finalizeUrl.searchParams.set('status', 'cancelled');
      finalizeUrl.searchParams.set('tx_ref', order.orderTransactionId);
      const finalized = await callFinalize(test, finalizeUrl);
      expect(finalized.headers.location).toBe(FINISH_URL);
      expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
    });
  });

  it('reopens a transaction for a pending gateway status when it had failed', async () => {
    const fixture = await orderWithPayment();
    await test.platform.stateMachines.transition({ within: test.platform.db, entity: 'order_transaction', id: fixture.orderTransactionId, action: 'fail', context: systemContext });
    const { transactionId } = await test.sim.completePayment(fixture.orderTransactionId, 'successful', { status: 'pending' });
    expect((await test.sim.sendChargeWebhook(transactionId!)).statuses).toEqual([200]);
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
    expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([{ action: 'fail' }, { action: 'reopen' }]);
  });
});
