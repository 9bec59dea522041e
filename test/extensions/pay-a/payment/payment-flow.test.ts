import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../../_gateway/capture-logs.js';
import { toMinorUnits } from '../../../../src/platform/checkout/money/money.js';
import {
  callFinalize,
  customFieldsOf,
  ERROR_URL,
  FINISH_URL,
  loggedText,
  placePayAOrder,
  stateChanges,
  stateOf,
  startPayATest,
  TEST_SECRET_KEY,
  useHostedPage,
  verifyCalls,
  type PayATest,
} from '../pay-a-test-setup.js';

const REFERENCE = /^([0-9a-f]{32})-[0-9a-f]{12}$/;

/**
 * The storefront flow with gateway A over real HTTP (Store API → simulator's hosted page → finalize),
 * without webhooks: the customer's return alone decides here.
 */
describe('gateway A payment flow: handle-payment, hosted page, finalize', () => {
  let test: PayATest;
  beforeAll(async () => {
    test = await startPayATest();
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    await test.setConfig('secretKeySandbox', TEST_SECRET_KEY);
  });

  async function transactionAmountMinor(orderTransactionId: string): Promise<number> {
    const row = await test.platform.db.selectFrom('order_transaction').select('amount').where('id', '=', orderTransactionId).executeTakeFirstOrThrow();
    return toMinorUnits((row.amount as { totalPrice: number }).totalPrice, 2);
  }

  it('pays: the reference is stored before the customer leaves, the gateway gets the order in kobo, the customer pays, finalize verifies and the transaction is paid', async () => {
    const order = await placePayAOrder(test, { gross: 24.99, quantity: 2 });
    const [, named] = REFERENCE.exec(order.reference) ?? [];
    expect(named).toBe(order.orderTransactionId);
    const transaction = test.sim.transaction(order.reference)!;
    expect(order.redirectUrl).toBe(transaction.authorization_url);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('open');

    // what the gateway received: an integer amount in minor units, the currency always, the finalize URL
    const amountMinor = await transactionAmountMinor(order.orderTransactionId);
    expect(amountMinor).toBeGreaterThan(5000 * 100);
    expect(transaction.request).toEqual({
      email: order.customerEmail,
      amount: amountMinor,
      currency: 'NGN',
      reference: order.reference,
      callback_url: expect.stringMatching(/^http:\/\/localhost:8000\/payment\/finalize-transaction\?_sw_payment_token=[\w.-]+$/),
      metadata: {
        order_id: order.orderId,
        order_number: order.orderNumber,
        order_transaction_id: order.orderTransactionId,
        cancel_action: (transaction.request as { callback_url: string }).callback_url,
      },
    });
    const call = test.sim.requests.find((r) => r.path === '/transaction/initialize' && (r.body as { reference: string }).reference === order.reference)!;
    expect(call.headers.authorization).toBe(`Bearer ${TEST_SECRET_KEY}`);

    const back = await useHostedPage(order.redirectUrl, 'pay');
    expect(back.searchParams.get('reference')).toBe(order.reference);
    expect(back.searchParams.get('trxref')).toBe(order.reference);
    const finalized = await callFinalize(test, back);
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(FINISH_URL);

    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
    expect(await stateChanges(test.platform, order.orderTransactionId)).toEqual([{ action: 'paid' }]);
    expect(verifyCalls(test.sim, order.reference)).toBe(1);
    const verified = test.sim.transaction(order.reference)!;
    const fields = await customFieldsOf(test.platform, order.orderTransactionId);
    expect(fields).toEqual({
      pay_a_reference: order.reference,
      // the host's flag: the simulator's keys are sandbox keys
      payment_test_mode: true,
      pay_a_transaction_id: String(verified.id),
      pay_a_channel: 'card',
      pay_a_fees: verified.fees,
      pay_a_amount: amountMinor,
      pay_a_currency: 'NGN',
      pay_a_verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pay_a_processed_events: [`charge:${verified.id}`],
    });
    expect(typeof verified.fees).toBe('number');
  });

  it('a new reference per attempt: a second handle-payment of the open transaction stores a fresh one, which finalize verifies', async () => {
    const order = await placePayAOrder(test);
    const again = await test.client.storeApi('POST', '/store-api/handle-payment', { token: order.token, body: { orderId: order.orderId, finishUrl: FINISH_URL, errorUrl: ERROR_URL } });
    expect(again.statusCode, again.body).toBe(200);
    const second = (await customFieldsOf(test.platform, order.orderTransactionId)).pay_a_reference as string;
    expect(second).toMatch(REFERENCE);
    expect(second.startsWith(order.orderTransactionId)).toBe(true);
    expect(second).not.toBe(order.reference);
    expect(again.json().redirectUrl).toBe(test.sim.transaction(second)!.authorization_url);
    // both attempts exist at the gateway; the reference was never sent twice
    expect(test.sim.transaction(order.reference)).toBeDefined();
    const paid = await callFinalize(test, await useHostedPage(again.json().redirectUrl, 'pay'));
    expect(paid.headers.location).toBe(FINISH_URL);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
    expect(verifyCalls(test.sim, second)).toBe(1);
    expect(verifyCalls(test.sim, order.reference)).toBe(0);
  });

  it('abandoned on the hosted page: back through cancel_action (no reference), the stored reference is verified and the transaction cancelled', async () => {
    const order = await placePayAOrder(test);
    const back = await useHostedPage(order.redirectUrl, 'abandon');
    expect(back.searchParams.has('reference')).toBe(false);
    const finalized = await callFinalize(test, back);
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT`);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('cancelled');
    expect(verifyCalls(test.sim, order.reference)).toBe(1);
    // not final: the attempt may still be paid on its page, so no event is recorded
    expect(await customFieldsOf(test.platform, order.orderTransactionId)).not.toHaveProperty('pay_a_processed_events');
  });

  it('fails the transaction after a failed attempt, storing the verified attempt', async () => {
    const order = await placePayAOrder(test);
    const finalized = await callFinalize(test, await useHostedPage(order.redirectUrl, 'fail'));
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED`);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('failed');
    expect(await stateChanges(test.platform, order.orderTransactionId)).toEqual([{ action: 'fail' }]);
    const id = test.sim.transaction(order.reference)!.id;
    expect(await customFieldsOf(test.platform, order.orderTransactionId)).toMatchObject({ pay_a_transaction_id: String(id), pay_a_processed_events: [`charge:${id}`] });
  });

  it.each(['ongoing', 'pending', 'processing', 'reversed'])('leaves the transaction open for status %s and sends the customer to the finish page', async (status) => {
    const order = await placePayAOrder(test);
    const { redirectUrl } = await test.sim.completePayment(order.reference, 'success', { status });
    const finalized = await callFinalize(test, new URL(redirectUrl));
    expect(finalized.headers.location).toBe(FINISH_URL);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('open');
    expect(await customFieldsOf(test.platform, order.orderTransactionId)).not.toHaveProperty('pay_a_processed_events');
  });

  it("never trusts the return's reference: a paid reference of another order in the URL does not pay this one", async () => {
    const paid = await placePayAOrder(test);
    await test.sim.completePayment(paid.reference, 'success');
    const victim = await placePayAOrder(test);
    const back = new URL((await test.sim.completePayment(victim.reference, 'abandoned')).redirectUrl);
    back.searchParams.set('reference', paid.reference);
    back.searchParams.set('trxref', paid.reference);

    const finalized = await callFinalize(test, back);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT`);
    expect(await stateOf(test.platform, victim.orderTransactionId)).toBe('cancelled');
    expect(verifyCalls(test.sim, paid.reference)).toBe(0);
    expect(verifyCalls(test.sim, victim.reference)).toBe(1);
  });

  it('fails the transaction when the gateway cannot be reached for verification (503)', async () => {
    const order = await placePayAOrder(test);
    const back = await useHostedPage(order.redirectUrl, 'pay');
    test.sim.injectFault({ method: 'GET', path: `/transaction/verify/${order.reference}`, status: 503 });
    const finalized = await callFinalize(test, back);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED`);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('failed');
  });

  it('fails the transaction with a customer-safe error when the gateway refuses the key, logging no key', async () => {
    const wrongKey = 'sk_test_not-the-right-key-4711';
    await test.setConfig('secretKeySandbox', wrongKey);
    const { lines: logged, restore } = captureLogs(test.platform.logger);
    let body = '';
    try {
      const account = await test.client.registerCustomerAccount();
      await test.client.storeApi('PATCH', '/store-api/context', { token: account.token, body: { currencyId: (await test.platform.db.selectFrom('currency').select('id').where('iso_code', '=', 'NGN').executeTakeFirstOrThrow()).id } });
      const order = await placeWithToken(account.token);
      expect(order.handlePayment.statusCode).toBe(400);
      body = order.handlePayment.body;
      expect(order.handlePayment.json().errors[0]).toMatchObject({
        code: 'CHECKOUT__ASYNC_PAYMENT_PROCESS_INTERRUPTED',
        detail: expect.stringContaining('The payment with Gateway A could not be started. Please try again or choose another payment method.'),
      });
      expect(await stateOf(test.platform, order.orderTransactionId)).toBe('failed');
    } finally {
      restore();
    }
    expect(body).not.toContain(wrongKey);
    const serialized = loggedText(logged);
    expect(serialized).toContain('pay-a: the payment could not be started');
    expect(serialized).toContain('Invalid key');
    expect(serialized).not.toContain(wrongKey);
    expect(serialized).not.toContain(TEST_SECRET_KEY);
  });

  async function placeWithToken(token: string) {
    const { createProduct } = await import('../../../platform/checkout/checkout-fixtures.js');
    const product = await createProduct(test.platform, { gross: 10 });
    await test.client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 1 }] } });
    await test.client.storeApi('PATCH', '/store-api/context', { token, body: { paymentMethodId: (await import('../pay-a-test-setup.js')).PAY_A_METHOD_ID } });
    const placed = await test.client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
    expect(placed.statusCode, placed.body).toBe(200);
    const handlePayment = await test.client.storeApi('POST', '/store-api/handle-payment', { token, body: { orderId: placed.json().id } });
    return { orderTransactionId: placed.json().transactions[0].id as string, handlePayment };
  }
});

