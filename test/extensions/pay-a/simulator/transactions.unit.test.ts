import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPayASimulator, type PayASimulator } from '../../../../src/extensions/pay-a/simulator/index.js';
import { suiteWebhookReceiver } from '../../_gateway/simulator-helpers.js';
import { api, CALLBACK_URL, initialize, WebhookReceiver } from './helpers.js';

/** The simulator's transactions as the real gateway handles them: initialize, the hosted page, verify. */
describe('gateway A simulator: initialize, hosted page, verify', () => {
  let sim: PayASimulator;
  const receiver = suiteWebhookReceiver(new WebhookReceiver());
  beforeAll(async () => {
    sim = await startPayASimulator({ secretKeys: ['sk_test_simulator', 'sk_live_simulator'], webhookUrl: receiver.url });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(() => {
    sim.setOptions({ feeBearer: 'merchant', unknownReferenceStatus: 400, autoWebhooks: true });
  });

  describe('POST /transaction/initialize', () => {
    it('needs a Bearer key it knows: 401 Invalid key', async () => {
      for (const key of [null, 'sk_test_other']) {
        const answer = await api(sim, 'POST', '/transaction/initialize', { email: 'a@b.test', amount: 5000 }, { key });
        expect(answer).toMatchObject({ status: 401, json: { status: false, message: 'Invalid key' } });
      }
    });

    it('creates the transaction: authorization_url on the hosted page, access_code, the reference sent', async () => {
      const answer = await api(sim, 'POST', '/transaction/initialize', { email: 'a@b.test', amount: 500000, currency: 'NGN', reference: 'order-1.a=b', callback_url: CALLBACK_URL });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: expect.stringMatching(new RegExp(`^${sim.baseUrl}/checkout/[0-9a-f]{15}$`)), access_code: expect.any(String), reference: 'order-1.a=b' },
      });
      expect(answer.json.data.authorization_url.endsWith(answer.json.data.access_code)).toBe(true);
      expect(sim.transaction('order-1.a=b')).toMatchObject({ status: 'abandoned', amount: 500000, requested_amount: 500000, currency: 'NGN', domain: 'test', channel: null });
    });

    it('generates a reference when none is sent, and accepts the amount as a string of digits', async () => {
      const answer = await api(sim, 'POST', '/transaction/initialize', { email: 'a@b.test', amount: '20000' });
      expect(answer.status).toBe(200);
      expect(answer.json.data.reference).toMatch(/^[0-9a-z]{10}$/);
      expect(sim.transaction(answer.json.data.reference)).toMatchObject({ amount: 20000 });
    });

    it.each([
      ['no email', { amount: 5000 }, 'Email is not allowed to be empty', 'missing_params'],
      ['a malformed email', { email: 'not-an-email', amount: 5000 }, 'Invalid Email Address Passed', 'invalid_params'],
      ['no amount', { email: 'a@b.test' }, 'You must specify a valid amount', 'invalid_amount'],
      ['a zero amount', { email: 'a@b.test', amount: 0 }, 'You must specify a valid amount', 'invalid_amount'],
      ['a fractional amount (float arithmetic gone wrong)', { email: 'a@b.test', amount: 1998.9999999999998 }, '"amount" must be an integer', 'invalid_amount'],
      ['a decimal string', { email: 'a@b.test', amount: '199.99' }, '"amount" must be an integer', 'invalid_amount'],
      ['a negative amount', { email: 'a@b.test', amount: -5000 }, '"amount" must be an integer', 'invalid_amount'],
      ['an amount below the NGN minimum of 5000', { email: 'a@b.test', amount: 4999, currency: 'NGN' }, 'Invalid Amount Sent', 'invalid_amount'],
      ['an amount below the USD minimum of 200', { email: 'a@b.test', amount: 199, currency: 'USD' }, 'Invalid Amount Sent', 'invalid_amount'],
      ['a currency the merchant does not have', { email: 'a@b.test', amount: 5000, currency: 'EUR' }, 'Currency not supported by merchant', 'unsupported_currency'],
      ['a reference with other characters', { email: 'a@b.test', amount: 5000, reference: 'order/1' }, 'Invalid character in transaction reference', 'invalid_reference'],
    ])('refuses %s with 400 and the gateway message', async (_name, body, message, code) => {
      const answer = await api(sim, 'POST', '/transaction/initialize', body);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ status: false, message, type: 'validation_error', code });
    });

    it('refuses a reused reference: duplicate_reference with its next step', async () => {
      await initialize(sim, { reference: 'dup-ref-1' });
      const again = await api(sim, 'POST', '/transaction/initialize', { email: 'a@b.test', amount: 5000, reference: 'dup-ref-1' });
      expect(again).toMatchObject({
        status: 400,
        json: { status: false, message: 'Duplicate Transaction Reference', code: 'duplicate_reference', meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' } },
      });
    });

    it('charges the integration currency when none is sent (the silent currency switch integrations fall into)', async () => {
      const { reference } = await initialize(sim, { currency: undefined, amount: 1250 * 100 });
      expect(sim.transaction(reference)).toMatchObject({ currency: 'NGN' });
      sim.setOptions({ defaultCurrency: 'GHS' });
      try {
        const ghs = await initialize(sim, { currency: null });
        expect(sim.transaction(ghs.reference)).toMatchObject({ currency: 'GHS' });
      } finally {
        sim.setOptions({ defaultCurrency: 'NGN' });
      }
    });

    it('XOF: amounts are ×100 although XOF has no subunit, and a fractional part is ignored', async () => {
      const whole = await initialize(sim, { currency: 'XOF', amount: 150000 });
      expect(sim.transaction(whole.reference)).toMatchObject({ amount: 150000, requested_amount: 150000 });
      const fractional = await initialize(sim, { currency: 'XOF', amount: 150050 });
      expect(sim.transaction(fractional.reference)).toMatchObject({ amount: 150000, requested_amount: 150000 });
      // 0.99 XOF is below XOF 1.00 once the fraction is dropped
      expect(await api(sim, 'POST', '/transaction/initialize', { email: 'a@b.test', currency: 'XOF', amount: 99 })).toMatchObject({ status: 400, json: { message: 'Invalid Amount Sent' } });
    });

    it('keeps metadata as sent: an object, a JSON string, or nothing ("")', async () => {
      const object = await initialize(sim, { metadata: { order_id: 'o1' } });
      expect(sim.transaction(object.reference)!.metadata).toEqual({ order_id: 'o1' });
      const text = await initialize(sim, { metadata: '{"order_id":"o2"}' });
      expect(sim.transaction(text.reference)!.metadata).toBe('{"order_id":"o2"}');
      const none = await initialize(sim, { metadata: undefined });
      expect(sim.transaction(none.reference)!.metadata).toBe('');
    });
  });

  describe('the hosted page', () => {
    async function press(url: string, action: string): Promise<Response> {
      return fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action }).toString(), redirect: 'manual' });
    }

    it('shows the amount in major units with Pay, Fail and Abandon; Pay records the success with fees and sends the customer back with reference and trxref', async () => {
      const { authorization_url, reference } = await initialize(sim, { amount: 1_234_550 });
      const page = await fetch(authorization_url);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain('12,345.50 NGN');
      for (const label of ['Pay', 'Fail', 'Abandon']) expect(html).toContain(`>${label}</button>`);

      const received = receiver.received.length;
      const answer = await press(authorization_url, 'pay');
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(`${CALLBACK_URL}&reference=${reference}&trxref=${reference}`);
      // 1.5 % + 100 NGN (from 2,500 NGN on), in kobo
      expect(sim.transaction(reference)).toMatchObject({ status: 'success', amount: 1_234_550, requested_amount: 1_234_550, fees: 28_518, channel: 'card', gateway_response: 'Successful' });
      expect(sim.transaction(reference)!.paid_at).toEqual(expect.stringMatching(/^\d{4}-.*\.000Z$/));
      // charge.success went out before the customer was sent back
      expect(receiver.events().slice(received)).toEqual(['charge.success']);

      // a paid transaction's page is closed
      expect((await fetch(authorization_url)).status).toBe(400);
      expect((await press(authorization_url, 'pay')).status).toBe(400);
    });

    it('Fail records a failed attempt without a webhook (the gateway sends them for successes only)', async () => {
      const { authorization_url, reference } = await initialize(sim);
      const received = receiver.received.length;
      const answer = await press(authorization_url, 'fail');
      expect(answer.headers.get('location')).toBe(`${CALLBACK_URL}&reference=${reference}&trxref=${reference}`);
      expect(sim.transaction(reference)).toMatchObject({ status: 'failed', fees: null, gateway_response: 'Declined' });
      expect(receiver.received.length).toBe(received);
    });

    it("Abandon leaves the transaction abandoned and goes to the metadata's cancel_action, else to the callback", async () => {
      const withCancel = await initialize(sim, { metadata: { cancel_action: 'http://shop.test/cancelled' } });
      expect((await press(withCancel.authorization_url, 'abandon')).headers.get('location')).toBe('http://shop.test/cancelled');
      expect(sim.transaction(withCancel.reference)).toMatchObject({ status: 'abandoned' });
      const without = await initialize(sim);
      expect((await press(without.authorization_url, 'abandon')).headers.get('location')).toBe(`${CALLBACK_URL}&reference=${without.reference}&trxref=${without.reference}`);
    });

    it('refuses an unknown page (404) and an unknown action (400)', async () => {
      expect((await fetch(`${sim.baseUrl}/checkout/nope`)).status).toBe(404);
      const { authorization_url } = await initialize(sim);
      expect((await press(authorization_url, 'steal')).status).toBe(400);
    });
  });

  describe('GET /transaction/verify/:reference', () => {
    it.each(['success', 'failed', 'abandoned', 'ongoing', 'pending', 'reversed'])('reports status %s', async (status) => {
      const { reference } = await initialize(sim);
      sim.setOptions({ autoWebhooks: false });
      if (status !== 'abandoned') await sim.completePayment(reference, status === 'failed' ? 'failed' : 'success', status === 'success' || status === 'failed' ? {} : { status });
      const answer = await api(sim, 'GET', `/transaction/verify/${reference}`);
      expect(answer).toMatchObject({ status: 200, json: { status: true, message: 'Verification successful', data: { status, reference } } });
    });

    it('answers the real verify shape: integer amounts, domain, customer, authorization', async () => {
      const { reference } = await initialize(sim, { amount: 30050 });
      sim.setOptions({ autoWebhooks: false });
      await sim.completePayment(reference, 'success');
      const { data } = (await api(sim, 'GET', `/transaction/verify/${reference}`)).json;
      expect(data).toMatchObject({
        id: expect.any(Number),
        domain: 'test',
        amount: 30050,
        requested_amount: 30050,
        currency: 'NGN',
        fees: 451,
        channel: 'card',
        customer: { email: 'buyer@example.com', customer_code: expect.stringMatching(/^CUS_/) },
        authorization: { last4: '4081', card_type: 'visa ' },
      });
      expect(data.paid_at).toBe(data.paidAt);
    });

    it('fees passed on to the customer: amount = requested_amount + fees', async () => {
      sim.setOptions({ feeBearer: 'customer', autoWebhooks: false });
      const { reference } = await initialize(sim, { amount: 30050 });
      await sim.completePayment(reference, 'success');
      expect(sim.transaction(reference)).toMatchObject({ requested_amount: 30050, fees: 451, amount: 30501 });
    });

    it('updateTransaction changes what verify reports; other keys are shown verbatim; bad values are refused', async () => {
      const { reference } = await initialize(sim, { amount: 50_000 });
      sim.updateTransaction(reference, { status: 'ongoing', amount: 49_000, requested_amount: 49_000, fees: null, gateway_note: 'patched' });
      expect((await api(sim, 'GET', `/transaction/verify/${reference}`)).json.data).toMatchObject({ status: 'ongoing', amount: 49_000, requested_amount: 49_000, fees: null, gateway_note: 'patched' });
      expect(() => sim.updateTransaction(reference, { amount: 1.5 })).toThrow(/amount must be a non-negative integer/);
      expect(() => sim.updateTransaction(reference, { status: 7 })).toThrow(/status must be a string/);
      expect(() => sim.updateTransaction('unknown', {})).toThrow(/no transaction/);
    });

    it('the domain follows the key that initialized the transaction', async () => {
      const { reference } = await initialize(sim, {}, 'sk_live_simulator');
      expect(sim.transaction(reference)).toMatchObject({ domain: 'live' });
    });

    it('an unknown reference: 400 "Transaction reference not found." (404 as the OpenAPI document says, when asked)', async () => {
      expect(await api(sim, 'GET', '/transaction/verify/unknown-ref')).toMatchObject({ status: 400, json: { status: false, message: 'Transaction reference not found.' } });
      sim.setOptions({ unknownReferenceStatus: 404 });
      expect(await api(sim, 'GET', '/transaction/verify/unknown-ref')).toMatchObject({ status: 404, json: { status: false } });
    });

    it('injected faults: a 503, then a slow answer', async () => {
      const { reference } = await initialize(sim);
      sim.injectFault({ method: 'GET', path: `/transaction/verify/${reference}`, status: 503 });
      expect((await api(sim, 'GET', `/transaction/verify/${reference}`)).status).toBe(503);
      sim.injectFault({ path: /^\/transaction\/verify\//, delayMs: 300 });
      const started = Date.now();
      expect((await api(sim, 'GET', `/transaction/verify/${reference}`)).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    });
  });
});
