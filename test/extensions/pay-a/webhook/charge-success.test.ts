import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_METHOD_ID } from '../../../platform/checkout/checkout-fixtures.js';
import { createOrderFixture } from '../../../fixtures/orders.js';
import {
  callFinalize,
  createPayAOrderFixture,
  customFieldsOf,
  DEFAULT_SALES_CHANNEL_ID,
  FINISH_URL,
  placePayAOrder,
  stateChanges,
  stateOf,
  startFixturePayment,
  startPayATest,
  TEST_SECRET_KEY,
  useHostedPage,
  verifyCalls,
  type PayAOrderFixture,
  type PayATest,
} from '../pay-a-test-setup.js';

/**
 * charge.success over real HTTP from the simulator: always re-verified through the API before anything
 * is paid, so a validly signed forged body cannot pay another amount or order; duplicates and parallel
 * deliveries apply once.
 */
describe('gateway A webhook: charge.success', () => {
  let test: PayATest;
  beforeAll(async () => {
    test = await startPayATest({ listen: true, simulator: { webhookRetryDelayMs: 20 } });
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    test.sim.setOptions({ autoWebhooks: true, webhookRetries: 3 });
    await test.setConfig('secretKeySandbox', TEST_SECRET_KEY);
    await test.setConfig('sandbox', null, DEFAULT_SALES_CHANNEL_ID);
  });

  /** An NGN order whose payment was started (reference stored), nothing paid yet. */
  async function startedOrder(amountMinor = 1_500_000): Promise<PayAOrderFixture & { reference: string }> {
    const fixture = await createPayAOrderFixture(test.platform, { isoCode: 'NGN', amountMinor });
    return { ...fixture, reference: (await startFixturePayment(test.platform, fixture)).reference };
  }

  /** The gateway's record of a payment, without telling the shop. */
  async function paidSilently(reference: string, overrides = {}): Promise<void> {
    test.sim.setOptions({ autoWebhooks: false });
    await test.sim.completePayment(reference, 'success', overrides);
    test.sim.setOptions({ autoWebhooks: true });
  }

  it('pays an order whose customer never came back, after verifying it; the return later goes to the finish page', async () => {
    const order = await placePayAOrder(test);
    const back = await useHostedPage(order.redirectUrl, 'pay');
    // the simulator delivered charge.success (204) before redirecting
    expect(test.sim.webhookDeliveries.at(-1)).toMatchObject({ event: 'charge.success', status: 204, attempt: 1 });
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
    expect(verifyCalls(test.sim, order.reference)).toBe(1);
    const id = test.sim.transaction(order.reference)!.id;
    expect(await customFieldsOf(test.platform, order.orderTransactionId)).toMatchObject({ pay_a_reference: order.reference, pay_a_transaction_id: String(id), pay_a_processed_events: [`charge:${id}`] });

    const finalized = await callFinalize(test, back);
    expect(finalized.headers.location).toBe(FINISH_URL);
    expect(await stateChanges(test.platform, order.orderTransactionId)).toEqual([{ action: 'paid' }]);
  });

  describe('forged bodies never pay (the signature is valid: signed with the merchant key)', () => {
    it('a body claiming success and the full amount for an attempt the gateway reports abandoned', async () => {
      const order = await startedOrder();
      const forged = { event: 'charge.success', data: { id: 1, reference: order.reference, status: 'success', amount: 1_500_000, requested_amount: 1_500_000, currency: 'NGN', domain: 'test' } };
      expect(await test.sim.deliverWebhook(forged)).toMatchObject({ delivered: true, statuses: [204] });
      expect(verifyCalls(test.sim, order.reference)).toBe(1);
      expect(await stateOf(test.platform, order.orderTransactionId)).toBe('open');
      expect(await stateChanges(test.platform, order.orderTransactionId)).toEqual([]);
    });

    it('a body with the order amount when the gateway charged less', async () => {
      const order = await startedOrder();
      await paidSilently(order.reference, { amount: 150_000, requestedAmount: 150_000 });
      const forged = { event: 'charge.success', data: { ...test.sim.transaction(order.reference), amount: 1_500_000, requested_amount: 1_500_000 } };
      await test.sim.deliverWebhook(forged);
      expect(await stateOf(test.platform, order.orderTransactionId)).toBe('open');
      expect(await customFieldsOf(test.platform, order.orderTransactionId)).toEqual({ pay_a_reference: order.reference });
    });

    it('one kobo less or more than the order, even with fees making up the difference', async () => {
      for (const requestedAmount of [1_499_999, 1_500_001]) {
        const order = await startedOrder();
        await paidSilently(order.reference, { requestedAmount, amount: 1_500_000 });
        await test.sim.sendChargeWebhook(order.reference);
        expect(await stateOf(test.platform, order.orderTransactionId)).toBe('open');
      }
    });

    it('the same number in another currency', async () => {
      const order = await startedOrder();
      await paidSilently(order.reference, { currency: 'USD' });
      await test.sim.sendChargeWebhook(order.reference);
      expect(await stateOf(test.platform, order.orderTransactionId)).toBe('open');
    });

    it("another order's paid reference pays that order only, never the one of the same amount", async () => {
      const paid = await startedOrder();
      const victim = await startedOrder();
      await paidSilently(paid.reference);
      // the body names the victim's transaction, the reference is the paid order's
      await test.sim.deliverWebhook({ event: 'charge.success', data: { ...test.sim.transaction(paid.reference), metadata: { order_transaction_id: victim.orderTransactionId } } });
      expect(await stateOf(test.platform, paid.orderTransactionId)).toBe('paid');
      expect(await stateOf(test.platform, victim.orderTransactionId)).toBe('open');
      // and a body naming the victim's reference is verified as the victim's: not paid
      await test.sim.deliverWebhook({ event: 'charge.success', data: { ...test.sim.transaction(paid.reference), reference: victim.reference } });
      expect(await stateOf(test.platform, victim.orderTransactionId)).toBe('open');
    });

    it('a reference that is not ours, or one of an order paid another way, is acknowledged and ignored', async () => {
      const invoice = await createOrderFixture(test.platform, { paymentMethodId: INVOICE_METHOD_ID });
      for (const reference of ['T685312322670591', `${invoice.transactionId}-0123456789ab`]) {
        expect(await test.sim.deliverWebhook({ event: 'charge.success', data: { reference, status: 'success', domain: 'test' } })).toMatchObject({ statuses: [204] });
        expect(verifyCalls(test.sim, reference)).toBe(0);
      }
      expect(await stateOf(test.platform, invoice.transactionId)).toBe('open');
    });
  });

  it('duplicates, one after another and in parallel, pay once; a paid transaction is not verified again', async () => {
    const sequential = await startedOrder();
    await paidSilently(sequential.reference);
    await test.sim.deliverWebhook({ event: 'charge.success', data: test.sim.transaction(sequential.reference) }, { times: 3 });
    expect(await stateChanges(test.platform, sequential.orderTransactionId)).toEqual([{ action: 'paid' }]);
    expect(verifyCalls(test.sim, sequential.reference)).toBe(1);

    const parallel = await startedOrder();
    await paidSilently(parallel.reference);
    const result = await test.sim.deliverWebhook({ event: 'charge.success', data: test.sim.transaction(parallel.reference) }, { times: 6, parallel: true });
    expect(result).toMatchObject({ delivered: true, statuses: [204, 204, 204, 204, 204, 204] });
    expect(await stateChanges(test.platform, parallel.orderTransactionId)).toEqual([{ action: 'paid' }]);
    // duplicates arriving together share one verification in a process
    expect(verifyCalls(test.sim, parallel.reference)).toBe(1);
    const id = test.sim.transaction(parallel.reference)!.id;
    expect((await customFieldsOf(test.platform, parallel.orderTransactionId)).pay_a_processed_events).toEqual([`charge:${id}`]);
  });

  it('an earlier attempt the customer paid in another tab still settles the transaction, which then keeps the paid reference', async () => {
    const order = await startedOrder();
    const second = await startFixturePayment(test.platform, order);
    expect(second.reference).not.toBe(order.reference);
    expect((await customFieldsOf(test.platform, order.orderTransactionId)).pay_a_reference).toBe(second.reference);
    await test.sim.completePayment(order.reference, 'success');
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
    expect((await customFieldsOf(test.platform, order.orderTransactionId)).pay_a_reference).toBe(order.reference);
  });

  it('answers 500 while the gateway cannot be asked; the retried delivery pays', async () => {
    const order = await startedOrder();
    test.sim.injectFault({ method: 'GET', path: `/transaction/verify/${order.reference}`, status: 503, times: 2 });
    await test.sim.completePayment(order.reference, 'success');
    await test.sim.webhooksSettled();
    expect(test.sim.webhookDeliveries.filter((d) => (d.body as { data: { reference: string } }).data.reference === order.reference).map((d) => d.status)).toEqual([500, 500, 204]);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
  });

  it("answers 500 when the transaction's sales channel has no key for its mode (the gateway retries until it has)", async () => {
    const order = await startedOrder();
    await paidSilently(order.reference);
    await test.setConfig('sandbox', false, DEFAULT_SALES_CHANNEL_ID);
    test.sim.setOptions({ webhookRetries: 0 });
    expect(await test.sim.sendChargeWebhook(order.reference)).toMatchObject({ delivered: false, statuses: [500] });
    expect(verifyCalls(test.sim, order.reference)).toBe(0);
    await test.setConfig('sandbox', null, DEFAULT_SALES_CHANNEL_ID);
    expect(await test.sim.sendChargeWebhook(order.reference)).toMatchObject({ delivered: true, statuses: [204] });
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
  });

  it('acknowledges a reference the gateway does not know (a retry would hear the same)', async () => {
    const order = await startedOrder();
    const unknown = `${order.orderTransactionId}-ffffffffffff`;
    expect(await test.sim.deliverWebhook({ event: 'charge.success', data: { reference: unknown, status: 'success', domain: 'test' } })).toMatchObject({ statuses: [204] });
    expect(verifyCalls(test.sim, unknown)).toBe(1);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('open');
  });
});
