import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../../_gateway/capture-logs.js';
import { toMinorUnits } from '../../../../src/platform/checkout/money/money.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { createProduct } from '../../../platform/checkout/checkout-fixtures.js';
import { GERMANY_ID } from '../../../platform/store-api/store-api-client.js';
import {
  callFinalize,
  createLogoMedia,
  customFieldsOf,
  ERROR_URL,
  FINISH_URL,
  PAY_B_METHOD_ID,
  placePayBOrder,
  stateChanges,
  stateOf,
  startPayBTest,
  TEST_SECRET_KEY,
  useHostedPage,
  verifyCalls,
  type PayBTest,
} from '../pay-b-test-setup.js';

/**
 * The storefront flow with gateway D over real HTTP (Store API → simulator's hosted page → finalize),
 * without webhooks: the customer's return alone decides here.
 */
describe('gateway D payment flow: handle-payment, hosted page, finalize', () => {
  let test: PayBTest;
  let logoMediaId: string;

  beforeAll(async () => {
    test = await startPayBTest();
    logoMediaId = await createLogoMedia(test.platform);
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    for (const key of ['title', 'description', 'logo'] as const) await test.setConfig(key, null);
    await test.setConfig('secretKeySandbox', TEST_SECRET_KEY);
  });

  /** The order transaction's amount in minor units (EUR), as the order stored it. */
  async function transactionAmountMinor(orderTransactionId: string): Promise<number> {
    const row = await test.platform.db.selectFrom('order_transaction').select('amount').where('id', '=', orderTransactionId).executeTakeFirstOrThrow();
    return toMinorUnits((row.amount as { totalPrice: number }).totalPrice, 2);
  }

  it('pays: the gateway receives the order, the customer pays on the hosted page, finalize verifies and the transaction is paid', async () => {
    await test.setConfig('title', 'Ada Coffee');
    await test.setConfig('description', 'Freshly roasted beans');
    await test.setConfig('logo', logoMediaId);
    const order = await placePayBOrder(test, {
      gross: 24.99,
      quantity: 2,
      customer: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID, phoneNumber: '+49 30 1234567' },
      },
    });
    expect(order.redirectUrl.startsWith(`${test.sim.baseUrl}/`)).toBe(true);

    // what the gateway received: POST /v3/payments with the order's data, amount in major units
    const payment = test.sim.payment(order.orderTransactionId)!;
    expect(payment.link).toBe(order.redirectUrl);
    const amountMinor = await transactionAmountMinor(order.orderTransactionId);
    expect(amountMinor).toBeGreaterThan(4998);
    const logoUrl = (await test.platform.db.selectFrom('media').select('path').where('id', '=', logoMediaId).executeTakeFirstOrThrow()).path as string;
    expect(payment.request).toEqual({
      tx_ref: order.orderTransactionId,
      amount: (amountMinor / 100).toFixed(2).replace(/\.?0+$/, ''),
      currency: 'EUR',
      redirect_url: expect.stringMatching(/^http:\/\/localhost:8000\/payment\/finalize-transaction\?_sw_payment_token=[\w.-]+$/),
      customer: { email: order.customerEmail, name: 'Ada Lovelace', phonenumber: '+49 30 1234567' },
      customizations: { title: 'Ada Coffee', description: 'Freshly roasted beans', logo: `http://localhost:8000/media/${logoUrl}` },
      meta: { order_id: order.orderId, order_number: order.orderNumber },
      // the install defaults; payment_options only when the merchant sets some
      configurations: { session_duration: 30, max_retry_attempt: 5 },
    });
    const apiCall = test.sim.requests.find((r) => r.method === 'POST' && r.path === '/v3/payments' && (r.body as { tx_ref: string }).tx_ref === order.orderTransactionId)!;
    expect(apiCall.headers.authorization).toBe(`Bearer ${TEST_SECRET_KEY}`);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('open');

    // the customer pays and comes back to the finalize URL the gateway was given
    const back = await useHostedPage(order.redirectUrl, 'pay');
    expect(back.href.startsWith(`${payment.request.redirect_url as string}&`)).toBe(true);
    expect(back.searchParams.get('status')).toBe('successful');
    const gatewayId = Number(back.searchParams.get('transaction_id'));
    const finalized = await callFinalize(test, back);
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(FINISH_URL);

    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('paid');
    expect(await stateChanges(test.platform, order.orderTransactionId)).toEqual([{ action: 'paid' }]);
    expect(verifyCalls(test.sim, gatewayId)).toBe(1);
    const gateway = test.sim.transaction(gatewayId)!;
    const fields = await customFieldsOf(test.platform, order.orderTransactionId);
    expect(fields).toEqual({
      pay_b_reference: gateway.flw_ref,
      // the host's flag: the simulator's keys are sandbox keys
      payment_test_mode: true,
      pay_b_transaction_id: String(gatewayId),
      pay_b_payment_type: gateway.payment_type,
      pay_b_transaction_fee: String(gateway.app_fee),
      pay_b_amount_charged: String(gateway.charged_amount),
      pay_b_amount_settled: String(gateway.amount_settled),
      pay_b_currency: 'EUR',
      pay_b_verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pay_b_customer: { name: 'Ada Lovelace', email: order.customerEmail },
      pay_b_processed_events: [`charge:${gatewayId}`],
    });
    expect(typeof gateway.flw_ref).toBe('string');
    expect(Math.abs(Date.parse(fields.pay_b_verified_at as string) - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('sends the shop name shoppers see (the channel\'s own) as title and leaves out description and logo when they are not set', async () => {
    await test.setConfig('logo', 'f'.repeat(32)); // a media id that does not exist
    const order = await placePayBOrder(test, { customer: { billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID } } });
    const request = test.sim.payment(order.orderTransactionId)!.request;
    // the default channel's name ("Storefront") is a kind of channel, not a brand: the shop's name is
    expect(request.customizations).toEqual({ title: 'Demo Shop' });
    expect(request.customer).toEqual({ email: order.customerEmail, name: 'Ada Lovelace' });

    await test.platform.systemConfig.set(test.platform.db, 'core.basicInformation.shopName', 'Quayside Kitchen', DEFAULT_SALES_CHANNEL_ID);
    try {
      const branded = await placePayBOrder(test, { customer: { billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID } } });
      expect(test.sim.payment(branded.orderTransactionId)!.request.customizations).toEqual({ title: 'Quayside Kitchen' });
    } finally {
      await test.platform.systemConfig.set(test.platform.db, 'core.basicInformation.shopName', null, DEFAULT_SALES_CHANNEL_ID);
    }
  });

  it('sends paymentOptions, sessionDuration and maxRetryAttempt to the gateway (unlike the original plugin, which ignored them)', async () => {
    await test.setConfig('paymentOptions', 'card, ussd, banktransfer');
    await test.setConfig('sessionDuration', 15);
    await test.setConfig('maxRetryAttempt', 3);
    try {
      const order = await placePayBOrder(test);
      const request = test.sim.payment(order.orderTransactionId)!.request;
      expect(request.payment_options).toBe('card, ussd, banktransfer');
      expect(request.configurations).toEqual({ session_duration: 15, max_retry_attempt: 3 });

      // the gateway takes sessions of up to a day; unusable values are left to the gateway's defaults
      await test.setConfig('sessionDuration', 5000);
      await test.setConfig('maxRetryAttempt', 'many');
      await test.setConfig('paymentOptions', '');
      const capped = test.sim.payment((await placePayBOrder(test)).orderTransactionId)!.request;
      expect(capped.configurations).toEqual({ session_duration: 1440 });
      expect(capped).not.toHaveProperty('payment_options');
    } finally {
      await test.setConfig('paymentOptions', '');
      await test.setConfig('sessionDuration', 30);
      await test.setConfig('maxRetryAttempt', 5);
    }
  });

  it('cancels the transaction when the customer cancels on the hosted page, without asking the gateway', async () => {
    const order = await placePayBOrder(test);
    const back = await useHostedPage(order.redirectUrl, 'cancel');
    expect(back.searchParams.get('status')).toBe('cancelled');
    expect(back.searchParams.has('transaction_id')).toBe(false);
    const requestsBefore = test.sim.requests.length;

    const finalized = await callFinalize(test, back);
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT`);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('cancelled');
    expect(test.sim.requests.length).toBe(requestsBefore);
    expect(await customFieldsOf(test.platform, order.orderTransactionId)).toEqual({});
  });

  it('fails the transaction after a failed attempt, storing the verified attempt', async () => {
    const order = await placePayBOrder(test);
    const back = await useHostedPage(order.redirectUrl, 'fail');
    expect(back.searchParams.get('status')).toBe('failed');
    const gatewayId = Number(back.searchParams.get('transaction_id'));

    const finalized = await callFinalize(test, back);
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED`);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('failed');
    expect(await stateChanges(test.platform, order.orderTransactionId)).toEqual([{ action: 'fail' }]);
    expect(verifyCalls(test.sim, gatewayId)).toBe(1);
    expect(await customFieldsOf(test.platform, order.orderTransactionId)).toMatchObject({
      pay_b_transaction_id: String(gatewayId),
      pay_b_processed_events: [`charge:${gatewayId}`],
    });
  });

  it('leaves the transaction open when the gateway reports it pending, and sends the customer to the finish page', async () => {
    const order = await placePayBOrder(test);
    const { redirectUrl, transactionId } = await test.sim.completePayment(order.orderTransactionId, 'successful', { status: 'pending' });
    const back = new URL(redirectUrl);
    expect(back.searchParams.get('status')).toBe('pending');

    const finalized = await callFinalize(test, back);
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(FINISH_URL);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('open');
    expect(await stateChanges(test.platform, order.orderTransactionId)).toEqual([]);
    // the data is stored, but the event is not recorded: the completion arrives later under the same id
    const fields = await customFieldsOf(test.platform, order.orderTransactionId);
    expect(fields.pay_b_transaction_id).toBe(String(transactionId));
    expect(fields).not.toHaveProperty('pay_b_processed_events');
  });

  it('trusts the verified status, not the status in the return URL', async () => {
    const order = await placePayBOrder(test);
    const { redirectUrl } = await test.sim.completePayment(order.orderTransactionId, 'failed');
    const forged = new URL(redirectUrl);
    forged.searchParams.set('status', 'successful');
    const finalized = await callFinalize(test, forged);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED`);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('failed');
  });

  it.each([
    ['no transaction_id', (url: URL) => url.searchParams.delete('transaction_id')],
    ['a transaction_id that is not a gateway id', (url: URL) => url.searchParams.set('transaction_id', '12abc')],
    ['a transaction_id the gateway does not know', (url: URL) => url.searchParams.set('transaction_id', '987654321')],
  ])('fails the transaction for a return with %s', async (_name, change) => {
    const order = await placePayBOrder(test);
    const back = new URL((await test.sim.completePayment(order.orderTransactionId, 'successful')).redirectUrl);
    change(back);
    const finalized = await callFinalize(test, back);
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED`);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('failed');
    expect(await customFieldsOf(test.platform, order.orderTransactionId)).toEqual({});
  });

  it('fails the transaction when the gateway cannot be reached for verification (503)', async () => {
    const order = await placePayBOrder(test);
    const back = await useHostedPage(order.redirectUrl, 'pay');
    const gatewayId = back.searchParams.get('transaction_id');
    test.sim.injectFault({ method: 'GET', path: `/v3/transactions/${gatewayId}/verify`, status: 503 });
    const finalized = await callFinalize(test, back);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED`);
    expect(await stateOf(test.platform, order.orderTransactionId)).toBe('failed');
  });

  it('fails the transaction with a customer-safe error when the gateway refuses to create the payment, logging no key', async () => {
    const wrongKey = 'FLWSECK_TEST-not-the-right-key-4711';
    await test.setConfig('secretKeySandbox', wrongKey);
    const { lines: logged, restore } = captureLogs(test.platform.logger);
    try {
      const token = await test.client.registerCustomer();
      const withErrorUrl = await placeWithToken(token, { errorUrl: ERROR_URL });
      expect(withErrorUrl.handlePayment.statusCode).toBe(200);
      expect(withErrorUrl.handlePayment.json()).toEqual({ redirectUrl: `${ERROR_URL}?error-code=CHECKOUT__ASYNC_PAYMENT_PROCESS_INTERRUPTED` });
      expect(await stateOf(test.platform, withErrorUrl.orderTransactionId)).toBe('failed');

      const withoutErrorUrl = await placeWithToken(token, {});
      expect(withoutErrorUrl.handlePayment.statusCode).toBe(400);
      expect(withoutErrorUrl.handlePayment.json().errors[0]).toMatchObject({
        code: 'CHECKOUT__ASYNC_PAYMENT_PROCESS_INTERRUPTED',
        detail: expect.stringContaining('The payment with Gateway D could not be started. Please try again or choose another payment method.'),
      });
      expect(withoutErrorUrl.handlePayment.body).not.toContain(wrongKey);
    } finally {
      restore();
    }
    expect(logged.length).toBeGreaterThan(0);
    const serialized = safeStringify(logged);
    expect(serialized).toContain('pay-b: the payment could not be started');
    expect(serialized).not.toContain(wrongKey);
    expect(serialized).not.toContain(TEST_SECRET_KEY);
  });

  /** An order of the logged-in customer with the gateway D method, then handle-payment with `urls`. */
  async function placeWithToken(token: string, urls: { errorUrl?: string }) {
    const product = await createProduct(test.platform, { gross: 10 });
    await test.client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 1 }] } });
    await test.client.storeApi('PATCH', '/store-api/context', { token, body: { paymentMethodId: PAY_B_METHOD_ID } });
    const placed = await test.client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
    expect(placed.statusCode).toBe(200);
    const handlePayment = await test.client.storeApi('POST', '/store-api/handle-payment', { token, body: { orderId: placed.json().id, ...urls } });
    return { orderTransactionId: placed.json().transactions[0].id as string, handlePayment };
  }
});

/** JSON of logged arguments: errors with message and cause, cycles cut. */
function safeStringify(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Error) return { message: item.message, cause: item.cause, detail: (item as { details?: unknown }).details };
    if (typeof item === 'object' && item !== null) {
      if (seen.has(item)) return '[cycle]';
      seen.add(item);
    }
    return item;
  });
}
