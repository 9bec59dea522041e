import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayBSimulator, type PayBSimulator } from '../../../../src/extensions/pay-b/simulator/index.js';
import { api, initPayment } from './helpers.js';

const REDIRECT = 'http://shop.test/payment/finalize-transaction?_sw_payment_token=abc.def';

describe('gateway D simulator: payments, hosted page and verify', () => {
  let sim: PayBSimulator;

  beforeAll(async () => {
    sim = await startPayBSimulator({ secretKeys: ['FLWSECK_TEST-simulator', 'FLWSECK_TEST-second'] });
  });
  afterAll(async () => {
    await sim.close();
  });

  describe('authentication', () => {
    it('answers 401 without a Bearer key or with an unknown one, and accepts every configured key', async () => {
      const expected = { status: 'error', message: 'Authorization required', data: null };
      for (const key of [null, 'FLWSECK_TEST-wrong', '']) {
        const response = await api(sim, 'POST', '/v3/payments', { tx_ref: 'auth-1', amount: 10, customer: { email: 'a@b.test' } }, { key });
        expect(response.status).toBe(401);
        expect(response.json).toEqual(expected);
      }
      expect(sim.payment('auth-1')).toBeUndefined();
      expect((await api(sim, 'GET', '/v3/banks/NG', undefined, { key: 'FLWSECK_TEST-second' })).status).toBe(200);
    });

    it('records every API request with its headers and parsed body, the rejected ones included', async () => {
      const before = sim.requests.length;
      await api(sim, 'POST', '/v3/accounts/resolve', { account_number: '0690000031', account_bank: '044' }, { key: 'nope' });
      const recorded = sim.requests[before]!;
      expect(recorded).toMatchObject({ method: 'POST', path: '/v3/accounts/resolve', body: { account_number: '0690000031', account_bank: '044' } });
      expect(recorded.headers.authorization).toBe('Bearer nope');
      expect(recorded.headers['content-type']).toBe('application/json');
    });
  });

  describe('POST /v3/payments', () => {
    it('creates a hosted link and stores the request as sent, with NGN when no currency is given', async () => {
      const body = {
        tx_ref: 'order-tx-1',
        amount: '7500',
        redirect_url: REDIRECT,
        customer: { email: 'buyer@example.com', name: 'Ada Buyer', phonenumber: '09012345678' },
        customizations: { title: 'My Shop', logo: 'https://shop.test/logo.png', description: 'Order 10001' },
        payment_options: 'card, ussd',
        configurations: { session_duration: 10, max_retry_attempt: 5 },
      };
      const response = await api(sim, 'POST', '/v3/payments', body);
      expect(response.status).toBe(200);
      expect(response.json.status).toBe('success');
      expect(response.json.message).toBe('Hosted Link');
      expect(response.json.data.link).toMatch(new RegExp(`^${sim.baseUrl}/hosted/pay/flwlnk-[0-9a-f]+$`));
      expect(sim.payment('order-tx-1')).toEqual({ txRef: 'order-tx-1', link: response.json.data.link, request: body });

      const { redirectUrl, transactionId } = await sim.completePayment('order-tx-1', 'successful');
      expect(sim.transaction(transactionId!)).toMatchObject({ amount: 7500, currency: 'NGN', customer: { name: 'Ada Buyer', phone_number: '09012345678' } });
      expect(redirectUrl).toBe(`${REDIRECT}&status=successful&tx_ref=order-tx-1&transaction_id=${transactionId}`);
    });

    it.each([
      [{ amount: 10, customer: { email: 'a@b.test' } }, 'tx_ref is required'],
      [{ tx_ref: '', amount: 10, customer: { email: 'a@b.test' } }, 'tx_ref is required'],
      [{ tx_ref: 'v-1', customer: { email: 'a@b.test' } }, 'amount is required'],
      [{ tx_ref: 'v-1', amount: 10 }, 'customer.email is required'],
      [{ tx_ref: 'v-1', amount: 10, customer: { name: 'No Mail' } }, 'customer.email is required'],
      [{ tx_ref: 'v-1', amount: 'ten', customer: { email: 'a@b.test' } }, 'amount must be a number'],
      [{ tx_ref: 'v-1', amount: 0, customer: { email: 'a@b.test' } }, 'amount must be greater than 0'],
      [{ tx_ref: 'v-1', amount: '-5', customer: { email: 'a@b.test' } }, 'amount must be greater than 0'],
      [{ tx_ref: 'v-1', amount: 10, currency: 'NAIRA', customer: { email: 'a@b.test' } }, 'currency is invalid'],
      [{ tx_ref: 'v-1', amount: 10, customer: { email: 'a@b.test' }, redirect_url: 'javascript:alert(1)' }, 'redirect_url must be a valid URL'],
    ])('rejects %j with 400 "%s"', async (body, message) => {
      const response = await api(sim, 'POST', '/v3/payments', body);
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ status: 'error', message, data: null });
      expect(sim.payment('v-1')).toBeUndefined();
    });

    it('answers malformed JSON with a 400 error envelope and keeps running', async () => {
      const response = await api(sim, 'POST', '/v3/payments', undefined, { rawBody: '{"tx_ref": "broken",' });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ status: 'error', message: 'Invalid JSON body', data: null });
      expect((await api(sim, 'GET', '/v3/banks/NG')).status).toBe(200);
    });

    it('gives a new link when a tx_ref is initialised again, and refuses it once the tx_ref is paid', async () => {
      const first = await initPayment(sim, { tx_ref: 'reinit-1', amount: 100 });
      const second = await initPayment(sim, { tx_ref: 'reinit-1', amount: 120 });
      expect(second).not.toBe(first);
      expect(sim.payment('reinit-1')!.link).toBe(second);
      expect(sim.payment('reinit-1')!.request.amount).toBe(120);

      await sim.completePayment('reinit-1', 'successful');
      const again = await api(sim, 'POST', '/v3/payments', { tx_ref: 'reinit-1', amount: 120, customer: { email: 'a@b.test' } });
      expect(again.status).toBe(400);
      expect(again.json).toEqual({ status: 'error', message: 'A payment with this tx_ref has already been completed. Use a new tx_ref', data: null });
      expect(sim.payment('reinit-1')!.link).toBe(second);
    });
  });

  describe('hosted page', () => {
    it('shows the merchant title, amount and currency with every value HTML-escaped, and three buttons', async () => {
      const link = await initPayment(sim, {
        tx_ref: 'page-<1>',
        amount: '1234.5',
        currency: 'USD',
        customizations: { title: '<script>alert("x")</script> & Co', description: "Tom's <b>order</b>" },
      });
      const response = await fetch(link);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<b>order');
      expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co');
      expect(html).toContain('Tom&#39;s &#60;b&#62;order&#60;/b&#62;');
      expect(html).toContain('page-&#60;1&#62;');
      expect(html).toContain('<span data-amount>1234.50</span> <span data-currency>USD</span>');
      for (const action of ['pay', 'fail', 'cancel']) expect(html).toContain(`name="action" value="${action}"`);
      // never mistaken for a real payment page: the gateway and "Test simulator" in the bar and the title
      expect(html).toContain('<title>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co · Gateway D simulator</title>');
      expect(html).toContain('<header class="bar"><span>Gateway D</span><small>Test simulator</small></header>');
    });

    it('answers an unknown link with a 404 page', async () => {
      const response = await fetch(`${sim.baseUrl}/hosted/pay/flwlnk-unknown`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
    });

    it('redirects Fail and then Pay with status, tx_ref and transaction_id; Cancel without transaction_id', async () => {
      const link = await initPayment(sim, { tx_ref: 'attempts-1', amount: 250 });
      const press = (action: string) => fetch(link, { method: 'POST', body: new URLSearchParams({ action }), redirect: 'manual' });

      const cancelled = await press('cancel');
      expect(cancelled.status).toBe(302);
      expect(cancelled.headers.get('location')).toBe(`${REDIRECT}&status=cancelled&tx_ref=attempts-1`);
      expect(sim.transactionsFor('attempts-1')).toEqual([]);

      const failed = await press('fail');
      expect(failed.status).toBe(302);
      const failedAt = new URL(failed.headers.get('location')!);
      expect(failedAt.searchParams.get('status')).toBe('failed');
      expect(failedAt.searchParams.get('tx_ref')).toBe('attempts-1');
      expect(failedAt.searchParams.get('_sw_payment_token')).toBe('abc.def');
      const failedId = Number(failedAt.searchParams.get('transaction_id'));

      const paid = await press('pay');
      const paidAt = new URL(paid.headers.get('location')!);
      expect(paidAt.searchParams.get('status')).toBe('successful');
      const paidId = Number(paidAt.searchParams.get('transaction_id'));
      expect(paidId).toBeGreaterThan(failedId);

      expect(sim.transactionsFor('attempts-1').map((t) => [t.id, t.status])).toEqual([
        [failedId, 'failed'],
        [paidId, 'successful'],
      ]);
      // the link is spent once paid
      expect((await fetch(link)).status).toBe(400);
      expect((await press('pay')).status).toBe(400);
      await expect(sim.completePayment('attempts-1', 'successful')).rejects.toThrow(/inactive/);
    });

    it('refuses an unknown action', async () => {
      const link = await initPayment(sim, { tx_ref: 'bad-action', amount: 5 });
      const response = await fetch(link, { method: 'POST', body: new URLSearchParams({ action: 'steal' }), redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(sim.transactionsFor('bad-action')).toEqual([]);
    });

    it('refuses a disabled link', async () => {
      const link = await initPayment(sim, { tx_ref: 'disable-1', amount: 5 });
      expect((await api(sim, 'POST', '/v3/payments/link/disable', { link })).json.status).toBe('success');
      const again = await api(sim, 'POST', '/v3/payments/link/disable', { link });
      expect(again.json).toEqual({ status: 'error', message: 'This payment link is currently inactive', data: null });
      expect((await fetch(link)).status).toBe(400);
    });
  });

  describe('verify', () => {
    it('answers GET /v3/transactions/:id/verify with the full transaction record', async () => {
      await initPayment(sim, { tx_ref: 'verify-1', amount: 100 });
      const { transactionId } = await sim.completePayment('verify-1', 'successful');
      const response = await api(sim, 'GET', `/v3/transactions/${transactionId}/verify`);
      expect(response.status).toBe(200);
      expect(response.json.status).toBe('success');
      expect(response.json.message).toBe('Transaction fetched successfully');
      const data = response.json.data;
      expect(data).toMatchObject({
        id: transactionId,
        tx_ref: 'verify-1',
        amount: 100,
        currency: 'NGN',
        charged_amount: 100,
        app_fee: 1.4,
        merchant_fee: 0,
        amount_settled: 98.6,
        status: 'successful',
        payment_type: 'card',
        meta: null,
        customer: { email: 'buyer@example.com', name: 'Ada Buyer' },
      });
      expect(data.flw_ref).toMatch(/^FLW-MOCK-/);
      expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
      expect(typeof data.customer.id).toBe('number');
      expect(Object.keys(data.card)).toEqual(['first_6digits', 'last_4digits', 'issuer', 'country', 'type', 'expiry', 'token']);
      expect(data).toEqual(sim.transaction(transactionId!));
    });

    it('answers an unknown or non-numeric id with the gateway error (HTTP 400)', async () => {
      for (const id of ['999', 'abc', '12.5']) {
        const response = await api(sim, 'GET', `/v3/transactions/${id}/verify`);
        expect(response.status).toBe(400);
        expect(response.json).toEqual({ status: 'error', message: 'No transaction was found for this id', data: null });
      }
    });

    it('verifies by reference with the latest attempt', async () => {
      await initPayment(sim, { tx_ref: 'by-ref-1', amount: 40 });
      await sim.completePayment('by-ref-1', 'failed');
      const { transactionId } = await sim.completePayment('by-ref-1', 'successful');
      const response = await api(sim, 'GET', '/v3/transactions/verify_by_reference?tx_ref=by-ref-1');
      expect(response.status).toBe(200);
      expect(response.json.data).toMatchObject({ id: transactionId, status: 'successful', tx_ref: 'by-ref-1' });

      const unknown = await api(sim, 'GET', '/v3/transactions/verify_by_reference?tx_ref=nothing-here');
      expect(unknown.status).toBe(400);
      expect(unknown.json.message).toBe('No transaction was found for this id');
    });

    it('records what the test makes the gateway record: another amount, currency, pending status', async () => {
      await initPayment(sim, { tx_ref: 'override-1', amount: '200.00' });
      const { transactionId, redirectUrl } = await sim.completePayment('override-1', 'successful', { amount: '150.25', currency: 'USD', status: 'pending' });
      expect(new URL(redirectUrl).searchParams.get('status')).toBe('pending');
      const pending = (await api(sim, 'GET', `/v3/transactions/${transactionId}/verify`)).json.data;
      expect(pending).toMatchObject({ amount: 150.25, currency: 'USD', status: 'pending', app_fee: null, amount_settled: null });

      sim.updateTransaction(transactionId!, { status: 'successful', processor_response: 'Approved later' });
      const settled = (await api(sim, 'GET', `/v3/transactions/${transactionId}/verify`)).json.data;
      // 1.4 % of 150.25 = 2.1035 -> 2.10
      expect(settled).toMatchObject({ status: 'successful', app_fee: 2.1, amount_settled: 148.15, processor_response: 'Approved later' });
    });

    it('takes a fixed fee override', async () => {
      await initPayment(sim, { tx_ref: 'fee-override', amount: 100 });
      const { transactionId } = await sim.completePayment('fee-override', 'successful', { appFee: 2.5 });
      expect(sim.transaction(transactionId!)).toMatchObject({ app_fee: 2.5, amount_settled: 97.5, charged_amount: 100 });
    });
  });
});

describe('gateway D simulator: the customer bears the fee', () => {
  it('charges amount + app_fee and settles the full amount', async () => {
    const sim = await startPayBSimulator({ feeBearer: 'customer' });
    try {
      await initPayment(sim, { tx_ref: 'customer-fee', amount: '5000' });
      const { transactionId } = await sim.completePayment('customer-fee', 'successful');
      const data = (await api(sim, 'GET', `/v3/transactions/${transactionId}/verify`)).json.data;
      expect(data).toMatchObject({ amount: 5000, app_fee: 70, charged_amount: 5070, amount_settled: 5000 });
      expect(data.charged_amount).toBeGreaterThan(data.amount);
    } finally {
      await sim.close();
    }
  });
});
