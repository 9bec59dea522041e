import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createPayAOrderFixture,
  customFieldsOf,
  DEFAULT_SALES_CHANNEL_ID,
  loggedText,
  stateChanges,
  stateOf,
  startFixturePayment,
  startPayATest,
  TEST_SECRET_KEY,
  type PayAOrderFixture,
  type PayATest,
} from '../pay-a-test-setup.js';

const LIVE_KEY = 'sk_live_gate-test-key';
const CHANNEL_KEY = 'sk_test_channel-own-account';

const sign = (raw: string, key = TEST_SECRET_KEY) => createHmac('sha512', key).update(raw).digest('hex');

/**
 * The gate of POST /pay-a/webhook over real HTTP: the signature (HMAC-SHA512 of the raw bytes with the
 * active mode's secret key, constant-time, fail closed), the body's shape, the mode, and exactly its
 * four answers (204, 400, 403, 500), without bodies.
 */
describe('gateway A webhook: signature, body and mode checks', () => {
  let test: PayATest;
  let fixture: PayAOrderFixture;
  let reference: string;

  beforeAll(async () => {
    test = await startPayATest({ listen: true, simulator: { webhookRetries: 0, autoWebhooks: false, secretKeys: [TEST_SECRET_KEY, LIVE_KEY, CHANNEL_KEY] } });
    // a genuinely paid gateway transaction of an open order: a body naming it would settle the order
    fixture = await createPayAOrderFixture(test.platform, { isoCode: 'NGN', amountMinor: 250_000 });
    reference = (await startFixturePayment(test.platform, fixture)).reference;
    await test.sim.completePayment(reference, 'success');
  });
  afterAll(() => test.close());
  afterEach(async () => {
    vi.restoreAllMocks();
    await test.setConfig('sandbox', true);
    await test.setConfig('secretKeySandbox', TEST_SECRET_KEY);
    await test.setConfig('secretKey', null);
    await test.setConfig('secretKeySandbox', null, DEFAULT_SALES_CHANNEL_ID);
    await test.setConfig('sandbox', null, DEFAULT_SALES_CHANNEL_ID);
  });

  const chargeBody = (domain = 'test') => JSON.stringify({ event: 'charge.success', data: { ...test.sim.transaction(reference), domain } });

  /** POST to the platform's webhook URL as the gateway would: status, body text and content type. */
  async function post(body: string | undefined, headers: Record<string, string> = body === undefined ? {} : { 'x-pay-a-signature': sign(body) }) {
    const response = await fetch(test.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, redirect: 'manual' });
    return { status: response.status, body: await response.text() };
  }

  async function expectNothingChanged(): Promise<void> {
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
    expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([]);
    expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toEqual({ pay_a_reference: reference });
    expect(test.sim.requests.filter((r) => r.path.startsWith('/transaction/verify'))).toEqual([]);
  }

  describe('403: missing or invalid signature, or no secret key', () => {
    it.each([
      ['the header is missing', () => ({})],
      ['the header is empty', () => ({ 'x-pay-a-signature': '' })],
      ['the signature is of another body', () => ({ 'x-pay-a-signature': sign(`${chargeBody()} `) })],
      ['the signature uses another key', () => ({ 'x-pay-a-signature': sign(chargeBody(), 'sk_test_somebody-else') })],
      ['the signature is upper-case hex', () => ({ 'x-pay-a-signature': sign(chargeBody()).toUpperCase() })],
      ['the signature is SHA-256', () => ({ 'x-pay-a-signature': createHmac('sha256', TEST_SECRET_KEY).update(chargeBody()).digest('hex') })],
      ['the signature is cut short', () => ({ 'x-pay-a-signature': sign(chargeBody()).slice(0, 64) })],
      ['the header carries the key itself', () => ({ 'x-pay-a-signature': TEST_SECRET_KEY })],
    ])('when %s, and nothing happens', async (_name, headers) => {
      expect(await post(chargeBody(), headers())).toEqual({ status: 403, body: '' });
      await expectNothingChanged();
    });

    it('when no secret key is configured, whatever the header says', async () => {
      await test.setConfig('secretKeySandbox', null);
      expect(await post(chargeBody())).toEqual({ status: 403, body: '' });
      expect(await post(chargeBody(), {})).toEqual({ status: 403, body: '' });
      await expectNothingChanged();
    });

    it('before reading the body: a malformed body without a valid signature is 403, not 400', async () => {
      expect((await post('{not json', { 'x-pay-a-signature': 'bad' })).status).toBe(403);
      expect((await post(undefined, {})).status).toBe(403);
    });

    it("uses the active mode's key: secretKeySandbox in sandbox mode, secretKey in live mode", async () => {
      await test.setConfig('secretKey', LIVE_KEY);
      const ping = JSON.stringify({ event: 'ping', data: {} });
      expect((await post(ping, { 'x-pay-a-signature': sign(ping, LIVE_KEY) })).status).toBe(403);
      expect((await post(ping)).status).toBe(204);
      await test.setConfig('sandbox', false);
      expect((await post(ping)).status).toBe(403);
      expect((await post(ping, { 'x-pay-a-signature': sign(ping, LIVE_KEY) })).status).toBe(204);
      // live mode without a live key fails closed, although a sandbox key exists
      await test.setConfig('secretKey', null);
      expect((await post(ping)).status).toBe(403);
    });

    it("accepts a sales channel's own account: its active key signs its events", async () => {
      await test.setConfig('secretKeySandbox', CHANNEL_KEY, DEFAULT_SALES_CHANNEL_ID);
      const ping = JSON.stringify({ event: 'ping', data: {} });
      expect((await post(ping, { 'x-pay-a-signature': sign(ping, CHANNEL_KEY) })).status).toBe(204);
      expect((await post(ping)).status).toBe(204);
    });
  });

  describe('400: not JSON with event and data (signature valid)', () => {
    it.each([
      ['malformed JSON', '{"event": "charge.success", "data": {'],
      ['an empty body', ''],
      ['a JSON array', '[]'],
      ['a JSON string', '"charge.success"'],
      ['JSON null', 'null'],
      ['no event', JSON.stringify({ data: {} })],
      ['an empty event', JSON.stringify({ event: '', data: {} })],
      ['no data', JSON.stringify({ event: 'charge.success' })],
      ['data not an object', JSON.stringify({ event: 'refund.processed', data: 'x' })],
      ['data an array', JSON.stringify({ event: 'charge.success', data: [] })],
      ['event not a string', JSON.stringify({ event: 42, data: {} })],
      ['an unhandled event without data', JSON.stringify({ event: 'transfer.success' })],
    ])('for %s, and nothing happens', async (_name, body) => {
      expect(await post(body, { 'x-pay-a-signature': sign(body) })).toEqual({ status: 400, body: '' });
      await expectNothingChanged();
    });

    it('for a body larger than any gateway event (256 KiB), refused before it is read', async () => {
      const big = JSON.stringify({ event: 'charge.success', data: { padding: 'x'.repeat(300 * 1024) } });
      expect((await post(big)).status).toBe(400);
      await expectNothingChanged();
    });
  });

  describe('204: handled, or not ours to handle', () => {
    it.each(['transfer.success', 'charge.dispute.create', 'refund.needs-attention', 'subscription.create', 'ping'])('acknowledges %s without acting', async (event) => {
      const body = JSON.stringify({ event, data: { reference, domain: 'test' } });
      expect(await post(body)).toEqual({ status: 204, body: '' });
      await expectNothingChanged();
    });

    it("logs and acknowledges an event whose domain is not the key's mode, without verifying it", async () => {
      const warn = vi.spyOn(test.host.logger, 'warn');
      for (const body of [chargeBody('live'), chargeBody('staging'), JSON.stringify({ event: 'charge.success', data: { reference } })]) {
        expect(await post(body)).toEqual({ status: 204, body: '' });
      }
      await expectNothingChanged();
      expect(warn).toHaveBeenCalledWith({ event: 'charge.success', mode: 'test' }, "pay-a: webhook event's domain does not match the mode of its key; ignored");
    });

    it('acknowledges charge.success without a usable reference', async () => {
      for (const bad of [undefined, 42, 'has spaces', '../../etc']) {
        const body = JSON.stringify({ event: 'charge.success', data: { reference: bad, domain: 'test' } });
        expect((await post(body)).status).toBe(204);
      }
      await expectNothingChanged();
    });

    it('never answers with a body or a redirect, and logs no body or key', async () => {
      const lines: unknown[] = [];
      for (const level of ['info', 'warn', 'error'] as const) vi.spyOn(test.host.logger, level).mockImplementation(((...args: unknown[]) => void lines.push(args)) as never);
      await post(JSON.stringify({ event: 'transfer.success', data: { secret_note: 'do-not-log-me', domain: 'test' } }));
      await post(chargeBody(), { 'x-pay-a-signature': 'wrong' });
      const logged = loggedText(lines);
      expect(logged).not.toContain('do-not-log-me');
      expect(logged).not.toContain(TEST_SECRET_KEY);
      expect(logged).toContain('pay-a: webhook refused, signature missing, wrong, or no secret key configured');
    });
  });
});
