import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { paymentErrors } from '../../../src/platform/checkout/payment/payment-errors.js';
import type { PaymentHandler } from '../../../src/platform/checkout/payment/payment-handler.js';
import { PaymentTokenService } from '../../../src/platform/checkout/payment/token/payment-token-service.js';
import type { StateMachineTransitionPayload } from '../../../src/platform/state-machine/events.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { newId } from '../../../src/platform/ids.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';
import { createPaymentMethod, createProduct, transactionState } from './checkout-fixtures.js';

const FINISH_URL = 'https://frontend.example/checkout/finish?orderId=1';
const ERROR_URL = 'https://frontend.example/account/order/edit';

/**
 * A stand-in for a payment provider's hosted page, over real HTTP on 127.0.0.1: it answers with a
 * redirect back to the shop's return URL, adding the outcome the test asked for.
 */
async function startProviderPage(): Promise<{ server: FastifyInstance; baseUrl: string }> {
  const server = Fastify();
  server.get('/pay', async (request, reply) => {
    const { returnUrl, outcome } = request.query as { returnUrl: string; outcome: string };
    const target = new URL(returnUrl);
    target.searchParams.set('status', outcome);
    return reply.redirect(target.toString(), 302);
  });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, baseUrl: address };
}

describe('payment flow: order, handle-payment, provider page, finalize', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  let provider: { server: FastifyInstance; baseUrl: string };
  let redirectMethodId: string;
  let throwingMethodId: string;
  /** `state_enter.order_transaction.state.paid` deliveries with the state the database showed at that moment. */
  let paidEvents: Array<{ entityId: string; stateSeen: string }>;
  /** What the test handler's `pay` and `finalize` received. */
  let payCalls: Array<Record<string, unknown>>;
  let finalizeCalls: Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await createTestPlatform();
    client = await createStoreApiClient(t);
    provider = await startProviderPage();

    const redirectingHandler: PaymentHandler = {
      async pay({ transaction, requestData }) {
        payCalls.push({ transaction, requestData });
        const url = new URL('/pay', provider.baseUrl);
        url.searchParams.set('returnUrl', transaction.returnUrl);
        url.searchParams.set('outcome', String(requestData.outcome ?? 'successful'));
        return { redirectUrl: url.toString() };
      },
      async finalize({ transaction, requestData }) {
        const platform = t.platform;
        finalizeCalls.push({ transaction, requestData });
        if (requestData.status === 'cancelled') throw paymentErrors.customerCanceled(transaction.orderTransactionId, 'Cancelled on the payment page.');
        if (requestData.status !== 'successful') throw paymentErrors.asyncFinalizeInterrupted(transaction.orderTransactionId, 'The card was declined.');
        await platform.stateMachines.transition({ within: platform.db, entity: 'order_transaction', id: transaction.orderTransactionId, action: 'paid', context: systemContext });
      },
    };
    redirectMethodId = await createPaymentMethod(t.platform, redirectingHandler, 'Redirect payment');
    throwingMethodId = await createPaymentMethod(
      t.platform,
      {
        async pay() {
          throw new TypeError('fetch failed: connect ECONNREFUSED');
        },
      },
      'Broken payment',
    );

    t.platform.events.on('state_enter.order_transaction.state.paid', async (payload: StateMachineTransitionPayload) => {
      paidEvents.push({ entityId: payload.entityId, stateSeen: await transactionState(t.platform, payload.entityId) });
    });
  });
  afterAll(async () => {
    await provider.server.close();
    await t.close();
  });
  beforeEach(() => {
    paidEvents = [];
    payCalls = [];
    finalizeCalls = [];
  });

  /** Registers a customer, fills the cart, picks the payment method and places the order. */
  async function placeOrder(paymentMethodId: string | null): Promise<{ token: string; orderId: string; transactionId: string }> {
    const token = await client.registerCustomer();
    const product = await createProduct(t.platform, { gross: 24.99 });
    expect((await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 2 }] } })).statusCode).toBe(200);
    if (paymentMethodId) expect((await client.storeApi('PATCH', '/store-api/context', { token, body: { paymentMethodId } })).statusCode).toBe(200);
    const order = await client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
    expect(order.statusCode).toBe(200);
    return { token, orderId: order.json().id, transactionId: order.json().transactions[0].id };
  }

  const handlePayment = (token: string, body: Record<string, unknown>) => client.storeApi('POST', '/store-api/handle-payment', { token, body });

  /** Follows the handler's redirect to the provider page over HTTP; returns the shop URL the provider sends the customer back to. */
  async function visitProvider(redirectUrl: string): Promise<URL> {
    const response = await fetch(redirectUrl, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  }

  /** The customer's browser arriving at the shop's finalize URL. */
  const finalize = (url: URL, method: 'GET' | 'POST' = 'GET') => t.app.inject({ method, url: `${url.pathname}${url.search}` });

  it('pays: redirect to the provider, back to finalize, 302 to the finish URL, transaction paid once', async () => {
    const { token, orderId, transactionId } = await placeOrder(redirectMethodId);
    const started = await handlePayment(token, { orderId, finishUrl: FINISH_URL, errorUrl: ERROR_URL, outcome: 'successful' });
    expect(started.statusCode).toBe(200);
    const { redirectUrl } = started.json();
    expect(redirectUrl.startsWith(`${provider.baseUrl}/pay?`)).toBe(true);
    // the handler got the ids, the return URL and the extra request parameters only
    expect(payCalls).toEqual([
      {
        transaction: { orderTransactionId: transactionId, orderId, paymentMethodId: redirectMethodId, returnUrl: expect.stringMatching(/^http:\/\/localhost:8000\/payment\/finalize-transaction\?_sw_payment_token=[\w.-]+$/) },
        requestData: { outcome: 'successful' },
      },
    ]);
    expect(await transactionState(t.platform, transactionId)).toBe('open');

    const back = await visitProvider(redirectUrl);
    expect(back.origin).toBe('http://localhost:8000');
    expect(back.pathname).toBe('/payment/finalize-transaction');
    expect(back.searchParams.get('status')).toBe('successful');

    const finalized = await finalize(back);
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(FINISH_URL);
    expect(finalizeCalls).toEqual([
      { transaction: { orderTransactionId: transactionId, orderId, paymentMethodId: redirectMethodId }, requestData: { status: 'successful' } },
    ]);
    expect(await transactionState(t.platform, transactionId)).toBe('paid');
    // the subscriber ran once, after the commit (it already saw the new state)
    expect(paidEvents).toEqual([{ entityId: transactionId, stateSeen: 'paid' }]);

    // the token is single-use: a second return changes nothing
    const replay = await finalize(back);
    expect(replay.statusCode).toBe(410);
    expect(replay.json().errors[0]).toMatchObject({ code: 'CHECKOUT__PAYMENT_TOKEN_INVALIDATED' });
    expect(finalizeCalls).toHaveLength(1);
    expect(paidEvents).toHaveLength(1);
    expect(await transactionState(t.platform, transactionId)).toBe('paid');

    // nothing is open any more: handle-payment has nothing to do
    const nothingOpen = await handlePayment(token, { orderId, finishUrl: FINISH_URL });
    expect(nothingOpen.statusCode).toBe(200);
    expect(nothingOpen.json()).toEqual({ redirectUrl: null });
  });

  it('finalizes once when the return arrives twice at the same time', async () => {
    const { token, orderId, transactionId } = await placeOrder(redirectMethodId);
    const { redirectUrl } = (await handlePayment(token, { orderId, finishUrl: FINISH_URL, outcome: 'successful' })).json();
    const back = await visitProvider(redirectUrl);
    const [first, second] = await Promise.all([finalize(back), finalize(back, 'POST')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([302, 410]);
    expect(finalizeCalls).toHaveLength(1);
    expect(paidEvents).toEqual([{ entityId: transactionId, stateSeen: 'paid' }]);
  });

  it('cancels the transaction when the customer cancels at the provider, and sends them to the error URL', async () => {
    const { token, orderId, transactionId } = await placeOrder(redirectMethodId);
    const { redirectUrl } = (await handlePayment(token, { orderId, finishUrl: FINISH_URL, errorUrl: `${ERROR_URL}?orderId=${orderId}`, outcome: 'cancelled' })).json();
    const finalized = await finalize(await visitProvider(redirectUrl));
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?orderId=${orderId}&error-code=CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT`);
    expect(await transactionState(t.platform, transactionId)).toBe('cancelled');
    expect(paidEvents).toEqual([]);
  });

  it('fails the transaction when the provider reports a failure', async () => {
    const { token, orderId, transactionId } = await placeOrder(redirectMethodId);
    const { redirectUrl } = (await handlePayment(token, { orderId, finishUrl: FINISH_URL, errorUrl: ERROR_URL, outcome: 'failed' })).json();
    const finalized = await finalize(await visitProvider(redirectUrl));
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED`);
    expect(await transactionState(t.platform, transactionId)).toBe('failed');

    // a failed transaction is not open: handle-payment answers null (Shopware)
    expect((await handlePayment(token, { orderId })).json()).toEqual({ redirectUrl: null });
  });

  it('answers 204 after finalize when no finish or error URL was given', async () => {
    const { token, orderId, transactionId } = await placeOrder(redirectMethodId);
    const { redirectUrl } = (await handlePayment(token, { orderId, outcome: 'successful' })).json();
    const finalized = await finalize(await visitProvider(redirectUrl));
    expect(finalized.statusCode).toBe(204);
    expect(await transactionState(t.platform, transactionId)).toBe('paid');
  });

  it('redirects to finish and error URLs with characters beyond ASCII, percent-encoded as a browser sends them', async () => {
    const finishUrl = 'https://frontend.example/bestellung/abgeschlossen/€?name=Ωmega';
    const errorUrl = 'https://frontend.example/zahlung/fehlgeschlagen/€';
    const paid = await placeOrder(redirectMethodId);
    const { redirectUrl } = (await handlePayment(paid.token, { orderId: paid.orderId, finishUrl, errorUrl, outcome: 'successful' })).json();
    const finalized = await finalize(await visitProvider(redirectUrl));
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe('https://frontend.example/bestellung/abgeschlossen/%E2%82%AC?name=%CE%A9mega');
    expect(await transactionState(t.platform, paid.transactionId)).toBe('paid');

    const declined = await placeOrder(redirectMethodId);
    const started = (await handlePayment(declined.token, { orderId: declined.orderId, finishUrl, errorUrl, outcome: 'failed' })).json();
    const failed = await finalize(await visitProvider(started.redirectUrl));
    expect(failed.statusCode).toBe(302);
    expect(failed.headers.location).toBe('https://frontend.example/zahlung/fehlgeschlagen/%E2%82%AC?error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED');

    // a path on this shop likewise
    const local = await placeOrder(redirectMethodId);
    const localStart = (await handlePayment(local.token, { orderId: local.orderId, finishUrl: '/checkout/finish/€?orderId=1', outcome: 'successful' })).json();
    const localFinalized = await finalize(await visitProvider(localStart.redirectUrl));
    expect(localFinalized.statusCode).toBe(302);
    expect(localFinalized.headers.location).toBe('/checkout/finish/%E2%82%AC?orderId=1');
  });

  it('keeps an invoice transaction open and sends the customer to the finish URL', async () => {
    const { token, orderId, transactionId } = await placeOrder(null);
    const withFinish = await handlePayment(token, { orderId, finishUrl: '/checkout/finish?orderId=1' });
    expect(withFinish.statusCode).toBe(200);
    expect(withFinish.json()).toEqual({ redirectUrl: '/checkout/finish?orderId=1' });
    expect(await transactionState(t.platform, transactionId)).toBe('open');
    // no redirect, nothing to come back to: the token was used up at once
    const tokens = await t.platform.db.selectFrom('payment_token').select('invalidated_at').where('order_transaction_id', '=', transactionId).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.invalidated_at).not.toBeNull();

    const withoutFinish = await client.storeApi('GET', `/store-api/handle-payment?orderId=${orderId}`, { token });
    expect(withoutFinish.statusCode).toBe(200);
    expect(withoutFinish.json()).toEqual({ redirectUrl: null });
    expect(await transactionState(t.platform, transactionId)).toBe('open');
  });

  it('fails the transaction when pay throws: redirect to the error URL, or a 400 without one', async () => {
    const first = await placeOrder(throwingMethodId);
    const redirected = await handlePayment(first.token, { orderId: first.orderId, errorUrl: ERROR_URL });
    expect(redirected.statusCode).toBe(200);
    expect(redirected.json()).toEqual({ redirectUrl: `${ERROR_URL}?error-code=CHECKOUT__PAYMENT_ERROR` });
    expect(await transactionState(t.platform, first.transactionId)).toBe('failed');
    const tokens = await t.platform.db.selectFrom('payment_token').select('invalidated_at').where('order_transaction_id', '=', first.transactionId).execute();
    expect(tokens.every((row) => row.invalidated_at !== null)).toBe(true);

    const second = await placeOrder(throwingMethodId);
    const refused = await handlePayment(second.token, { orderId: second.orderId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: 'CHECKOUT__PAYMENT_ERROR' });
    expect(refused.body).not.toContain('ECONNREFUSED');
    expect(await transactionState(t.platform, second.transactionId)).toBe('failed');
  });

  it('pays the newest open transaction of an order that has several (as Shopware does)', async () => {
    const { token, orderId, transactionId: older } = await placeOrder(redirectMethodId);
    const amount = (await t.platform.db.selectFrom('order_transaction').select('amount').where('id', '=', older).executeTakeFirstOrThrow()).amount;
    const newer = newId();
    await transaction(t.platform.db, (uow) =>
      t.platform.repositories.get('order_transaction').create({ id: newer, orderId, paymentMethodId: redirectMethodId, amount }, systemContext, uow),
    );

    const paidTransactions = () => payCalls.map((call) => (call.transaction as { orderTransactionId: string }).orderTransactionId);
    expect((await handlePayment(token, { orderId })).statusCode).toBe(200);
    expect(paidTransactions()).toEqual([newer]);

    // once the newer one is no longer open, the older open one is the one to pay
    await t.platform.stateMachines.transition({ within: t.platform.db, entity: 'order_transaction', id: newer, action: 'cancel', context: systemContext });
    expect((await handlePayment(token, { orderId })).statusCode).toBe(200);
    expect(paidTransactions()).toEqual([newer, older]);
  });

  it('finalize with a handler that is gone meanwhile sends the customer to the error URL and leaves the transaction open', async () => {
    const methodId = await createPaymentMethod(t.platform, {
      // the "provider" sends the customer straight back
      pay: async (input) => ({ redirectUrl: input.transaction.returnUrl }),
      finalize: async (input) => void finalizeCalls.push({ ...input }),
    });
    const { token, orderId, transactionId } = await placeOrder(methodId);
    const { redirectUrl } = (await handlePayment(token, { orderId, finishUrl: FINISH_URL, errorUrl: ERROR_URL })).json();
    // e.g. the extension owning the handler was deactivated while the customer was away
    await t.platform.db.updateTable('payment_method').set({ handler_identifier: 'no_longer_registered' }).where('id', '=', methodId).execute();

    const finalized = await finalize(new URL(redirectUrl));
    expect(finalized.statusCode).toBe(302);
    expect(finalized.headers.location).toBe(`${ERROR_URL}?error-code=CHECKOUT__UNKNOWN_PAYMENT_METHOD`);
    expect(finalizeCalls).toEqual([]);
    expect(await transactionState(t.platform, transactionId)).toBe('open');
  });

  describe('handle-payment refusals', () => {
    it('needs a logged-in customer', async () => {
      const response = await client.storeApi('POST', '/store-api/handle-payment', { body: { orderId: '0'.repeat(32) } });
      expect(response.statusCode).toBe(403);
      expect(response.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    });

    it("answers someone else's order like an unknown one", async () => {
      const { orderId, transactionId } = await placeOrder(redirectMethodId);
      const stranger = await client.registerCustomer();
      for (const id of [orderId, 'f'.repeat(32), 'not-an-id']) {
        const response = await handlePayment(stranger, { orderId: id, finishUrl: FINISH_URL });
        expect(response.statusCode).toBe(404);
        expect(response.json().errors[0]).toMatchObject({ code: 'CHECKOUT__INVALID_ORDER_ID', detail: `The order with id ${id} is invalid or could not be found.` });
      }
      expect(payCalls).toEqual([]);
      expect(await transactionState(t.platform, transactionId)).toBe('open');
    });

    it('answers an order without any transaction as unknown (CHECKOUT__INVALID_ORDER_ID)', async () => {
      const { token, orderId } = await placeOrder(redirectMethodId);
      await t.platform.db.deleteFrom('order_transaction').where('order_id', '=', orderId).execute();
      const response = await handlePayment(token, { orderId, finishUrl: FINISH_URL });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0]).toMatchObject({ code: 'CHECKOUT__INVALID_ORDER_ID' });
      expect(payCalls).toEqual([]);
    });

    it.each([
      ['finishUrl', 'javascript:alert(1)'],
      ['finishUrl', '//evil.example/path'],
      ['errorUrl', 'ftp://files.example/x'],
      ['errorUrl', 'relative/path'],
    ])('refuses %s %s', async (field, value) => {
      const { token, orderId } = await placeOrder(redirectMethodId);
      const response = await handlePayment(token, { orderId, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__INVALID_REQUEST_PARAMETER', source: { pointer: `/${field}` } });
      expect(payCalls).toEqual([]);
    });
  });

  describe('finalize refusals', () => {
    it('needs the token parameter', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/payment/finalize-transaction', headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__MISSING_REQUEST_PARAMETER', detail: 'Parameter "_sw_payment_token" is missing.' });
    });

    it('refuses a forged token', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/payment/finalize-transaction?_sw_payment_token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
        headers: { accept: 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('CHECKOUT__INVALID_PAYMENT_TOKEN');
    });

    it('refuses an expired token and changes nothing', async () => {
      const { token, orderId, transactionId } = await placeOrder(redirectMethodId);
      const { redirectUrl } = (await handlePayment(token, { orderId, finishUrl: FINISH_URL })).json();
      const back = await visitProvider(redirectUrl);
      // a token issued long ago: its lifetime (30 minutes by default) has passed
      const issuedLongAgo = await new PaymentTokenService(t.platform.env.appSecret, { now: () => new Date(Date.now() - 31 * 60_000) }).generate(t.platform.db, {
        orderTransactionId: transactionId,
        paymentMethodId: redirectMethodId,
        finishUrl: FINISH_URL,
        lifetimeMinutes: 30,
      });
      const expired = await t.app.inject({ method: 'GET', url: `/payment/finalize-transaction?_sw_payment_token=${issuedLongAgo}&status=successful`, headers: { accept: 'application/json' } });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().errors[0].code).toBe('CHECKOUT__PAYMENT_TOKEN_EXPIRED');
      expect(finalizeCalls).toEqual([]);
      expect(await transactionState(t.platform, transactionId)).toBe('open');
      // the genuine, fresh token still works
      expect((await finalize(back)).statusCode).toBe(302);
    });

    it('uses the configured token lifetime (core.cart.paymentFinalizeTransactionTime)', async () => {
      await t.platform.systemConfig.set(t.platform.db, 'core.cart.paymentFinalizeTransactionTime', 5);
      try {
        const { token, orderId } = await placeOrder(redirectMethodId);
        const { redirectUrl } = (await handlePayment(token, { orderId })).json();
        const jwt = (await visitProvider(redirectUrl)).searchParams.get('_sw_payment_token')!;
        const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
        expect(claims.exp - claims.iat).toBe(5 * 60);
      } finally {
        await t.platform.systemConfig.set(t.platform.db, 'core.cart.paymentFinalizeTransactionTime', null);
      }
    });
  });
});
