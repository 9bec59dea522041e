import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHARGE_COMPLETED_EVENT, REFUND_COMPLETED_EVENT } from '../../../../src/extensions/pay-b/events.js';
import {
  createPayBOrderFixture,
  customFieldsOf,
  DEFAULT_SALES_CHANNEL_ID,
  stateChanges,
  startFixturePayment,
  stateOf,
  startPayBTest,
  TEST_WEBHOOK_HASH,
  type PayBOrderFixture,
  type PayBTest,
} from '../pay-b-test-setup.js';

const SUCCESS = { status: 'success' };
const BAD_REQUEST = { status: 'error', message: 'Bad request' };
const ACCESS_DENIED = { status: 'error', message: 'Access denied' };

/**
 * The gate of POST /pay-b/webhook over real HTTP: the verif-hash check (global scope, active mode,
 * fail closed), the body's shape, the exact four answers gateway D understands (200, 400, 403, 500 with fixed bodies), and the events subscribers see.
 */
describe('gateway D webhook: verif-hash and body checks', () => {
  let test: PayBTest;
  let fixture: PayBOrderFixture;
  let gatewayId: number;
  let events: Array<{ name: string; data: unknown }>;
  const unsubscribe: Array<() => void> = [];

  beforeAll(async () => {
    test = await startPayBTest({ listen: true, simulator: { webhookRetries: 0, autoWebhooks: false } });
    // a genuinely paid gateway transaction of an open order: a body naming it would settle the order
    fixture = await createPayBOrderFixture(test.platform, { isoCode: 'USD', amountMinor: 2500 });
    await startFixturePayment(test.platform, fixture);
    gatewayId = (await test.sim.completePayment(fixture.orderTransactionId, 'successful')).transactionId!;
    for (const name of [CHARGE_COMPLETED_EVENT, REFUND_COMPLETED_EVENT] as const) {
      unsubscribe.push(test.platform.events.on(name, (payload) => void events.push({ name, data: payload.data })));
    }
  });
  afterAll(async () => {
    for (const off of unsubscribe) off();
    await test.close();
  });
  beforeEach(() => {
    events = [];
  });
  afterEach(async () => {
    await test.setConfig('sandbox', true);
    await test.setConfig('secretHashSandbox', TEST_WEBHOOK_HASH);
    await test.setConfig('secretHash', null);
    await test.setConfig('secretHashSandbox', null, DEFAULT_SALES_CHANNEL_ID);
  });

  const chargeBody = () => ({ event: 'charge.completed', data: { id: gatewayId, tx_ref: fixture.orderTransactionId, status: 'successful', amount: 25, currency: 'USD' } });

  /** POST to the platform's webhook URL as the gateway would, returning status, body and content type. */
  async function post(body: string | undefined, headers: Record<string, string> = { 'verif-hash': TEST_WEBHOOK_HASH }) {
    const response = await fetch(test.webhookUrl!, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, redirect: 'manual' });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown), contentType: response.headers.get('content-type') };
  }

  async function expectNothingChanged(): Promise<void> {
    expect(await stateOf(test.platform, fixture.orderTransactionId)).toBe('open');
    expect(await stateChanges(test.platform, fixture.orderTransactionId)).toEqual([]);
    expect(await customFieldsOf(test.platform, fixture.orderTransactionId)).toEqual({});
    expect(test.sim.requests.filter((r) => r.path.includes('/verify'))).toEqual([]);
  }

  describe('403 Access denied', () => {
    it.each([
      ['the verif-hash header is missing', {}],
      ['the verif-hash header is empty', { 'verif-hash': '' }],
      ['the verif-hash is wrong', { 'verif-hash': `${TEST_WEBHOOK_HASH}x` }],
      ['the verif-hash differs in case', { 'verif-hash': TEST_WEBHOOK_HASH.toUpperCase() }],
      ['the verif-hash is a prefix of the secret', { 'verif-hash': TEST_WEBHOOK_HASH.slice(0, 8) }],
    ])('when %s, and nothing happens', async (_name, headers) => {
      const answer = await post(JSON.stringify(chargeBody()), headers);
      expect(answer).toEqual({ status: 403, body: ACCESS_DENIED, contentType: expect.stringMatching(/^application\/json/) });
      expect(events).toEqual([]);
      await expectNothingChanged();
    });

    it('when no hash is configured, whatever the header says', async () => {
      await test.setConfig('secretHashSandbox', null);
      for (const headers of [{ 'verif-hash': TEST_WEBHOOK_HASH }, { 'verif-hash': '' }, {}] as Array<Record<string, string>>) {
        expect(await post(JSON.stringify(chargeBody()), headers)).toMatchObject({ status: 403, body: ACCESS_DENIED });
      }
      expect(events).toEqual([]);
      await expectNothingChanged();
    });

    it('before reading the body: a malformed body with a wrong hash is 403, not 400', async () => {
      expect(await post('{not json', { 'verif-hash': 'wrong' })).toMatchObject({ status: 403, body: ACCESS_DENIED });
      expect(await post(undefined, {})).toMatchObject({ status: 403, body: ACCESS_DENIED });
    });

    it('ignores a hash set for a sales channel: the secret hash is read from the global scope only', async () => {
      await test.setConfig('secretHashSandbox', null);
      await test.setConfig('secretHashSandbox', 'channel-only-hash', DEFAULT_SALES_CHANNEL_ID);
      expect(await post(JSON.stringify({ event: 'ping', data: {} }), { 'verif-hash': 'channel-only-hash' })).toMatchObject({ status: 403, body: ACCESS_DENIED });

      // with a global hash, the channel's value does not replace it either
      await test.setConfig('secretHashSandbox', TEST_WEBHOOK_HASH);
      expect(await post(JSON.stringify({ event: 'ping', data: {} }), { 'verif-hash': 'channel-only-hash' })).toMatchObject({ status: 403 });
      expect(await post(JSON.stringify({ event: 'ping', data: {} }))).toMatchObject({ status: 200, body: SUCCESS });
    });

    it('uses the hash of the active mode: secretHashSandbox in sandbox mode, secretHash in live mode', async () => {
      await test.setConfig('secretHash', 'live-mode-hash');
      const ping = JSON.stringify({ event: 'ping', data: {} });
      expect(await post(ping, { 'verif-hash': 'live-mode-hash' })).toMatchObject({ status: 403 });
      expect(await post(ping, { 'verif-hash': TEST_WEBHOOK_HASH })).toMatchObject({ status: 200 });

      await test.setConfig('sandbox', false);
      expect(await post(ping, { 'verif-hash': TEST_WEBHOOK_HASH })).toMatchObject({ status: 403, body: ACCESS_DENIED });
      expect(await post(ping, { 'verif-hash': 'live-mode-hash' })).toMatchObject({ status: 200, body: SUCCESS });

      // live mode without a live hash fails closed, even though a sandbox hash exists
      await test.setConfig('secretHash', null);
      expect(await post(ping, { 'verif-hash': TEST_WEBHOOK_HASH })).toMatchObject({ status: 403 });
    });
  });

  describe('400 Bad request (right hash, malformed body)', () => {
    it.each([
      ['malformed JSON', () => '{"event": "charge.completed", "data": {'],
      ['an empty body', () => ''],
      ['a JSON array', () => JSON.stringify([chargeBody()])],
      ['a JSON string', () => JSON.stringify('charge.completed')],
      ['JSON null', () => 'null'],
      ['no event', () => JSON.stringify({ data: chargeBody().data })],
      ['no data', () => JSON.stringify({ event: 'charge.completed' })],
      ['refund.completed without data', () => JSON.stringify({ event: 'refund.completed' })],
      ['event not a string', () => JSON.stringify({ event: 42, data: chargeBody().data })],
      ['data not an object', () => JSON.stringify({ event: 'charge.completed', data: 'x' })],
      ['data an array', () => JSON.stringify({ event: 'charge.completed', data: [chargeBody().data] })],
      ['a non-numeric data.id', () => JSON.stringify({ event: 'charge.completed', data: { ...chargeBody().data, id: 'abc' } })],
      ['a negative data.id', () => JSON.stringify({ event: 'charge.completed', data: { ...chargeBody().data, id: -5 } })],
      ['a fractional data.id', () => JSON.stringify({ event: 'charge.completed', data: { ...chargeBody().data, id: 1.5 } })],
      ['no data.id', () => JSON.stringify({ event: 'charge.completed', data: { tx_ref: fixture.orderTransactionId } })],
    ])('for %s, and nothing happens', async (_name, body) => {
      const answer = await post(body());
      expect(answer).toEqual({ status: 400, body: BAD_REQUEST, contentType: expect.stringMatching(/^application\/json/) });
      await expectNothingChanged();
    });

    it('for a body larger than any gateway event (256 KiB), refused before it is read', async () => {
      const big = JSON.stringify({ event: 'charge.completed', data: { ...chargeBody().data, padding: 'x'.repeat(300 * 1024) } });
      expect(await post(big)).toMatchObject({ status: 400, body: BAD_REQUEST });
      await expectNothingChanged();
    });

    it('for a body that is not declared as JSON and is not JSON', async () => {
      expect(await post('event=charge.completed', { 'verif-hash': TEST_WEBHOOK_HASH, 'content-type': 'application/x-www-form-urlencoded' })).toMatchObject({ status: 400, body: BAD_REQUEST });
      expect(await post('<xml/>', { 'verif-hash': TEST_WEBHOOK_HASH, 'content-type': 'text/xml' })).toMatchObject({ status: 400, body: BAD_REQUEST });
      await expectNothingChanged();
    });
  });

  describe('200 success', () => {
    it('for event types it does not handle, without changing anything', async () => {
      for (const event of ['transfer.completed', 'subscription.cancelled', 'test_assess']) {
        expect(await post(JSON.stringify({ event, data: { id: 1 } }))).toEqual({ status: 200, body: SUCCESS, contentType: expect.stringMatching(/^application\/json/) });
      }
      // whatever they carry: a dashboard ping may come without data
      expect(await post(JSON.stringify({ event: 'test_assess' }))).toMatchObject({ status: 200, body: SUCCESS });
      expect(await post(JSON.stringify({ event: 'transfer.completed', data: 'x' }))).toMatchObject({ status: 200, body: SUCCESS });
      expect(events).toEqual([]);
      await expectNothingChanged();
    });

    it('for a JSON body sent without a content type (the raw body is read either way)', async () => {
      const response = await fetch(test.webhookUrl!, { method: 'POST', headers: { 'verif-hash': TEST_WEBHOOK_HASH }, body: new Blob([JSON.stringify({ event: 'ping', data: {} })]) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(SUCCESS);
    });

    it('through the gateway (simulator) delivering with its verif-hash', async () => {
      const result = await test.sim.deliverWebhook({ event: 'transfer.completed', data: { id: 9 } });
      expect(result).toEqual({ delivered: true, attempts: 1, statuses: [200] });
    });
  });

  describe('events for subscribers', () => {
    it('dispatches ChargeCompletedEvent with the data as received, after the hash check', async () => {
      const body = { event: 'charge.completed', data: { id: 123456, tx_ref: 'not-a-uuid', status: 'successful', extra: { nested: true } } };
      expect(await post(JSON.stringify(body))).toMatchObject({ status: 200, body: SUCCESS });
      expect(events).toEqual([{ name: CHARGE_COMPLETED_EVENT, data: body.data }]);
    });

    it('dispatches nothing when the hash is wrong or the body is malformed', async () => {
      await post(JSON.stringify(chargeBody()), { 'verif-hash': 'wrong' });
      await post(JSON.stringify({ event: 'refund.completed', data: { id: 1, AmountRefunded: 1, TransactionId: 1 } }), {});
      await post('{');
      expect(events).toEqual([]);
    });

    it('dispatches RefundCompletedEvent for the wrapped and the flat refund form, with the refund object', async () => {
      const refund = { id: 777001, AmountRefunded: 5, status: 'completed', TransactionId: 999999001, meta: '{}' };
      // no such refund in this shop: acknowledged
      expect(await post(JSON.stringify({ event: 'refund.completed', data: refund }))).toMatchObject({ status: 200, body: SUCCESS });
      expect(await post(JSON.stringify(refund))).toMatchObject({ status: 200, body: SUCCESS });
      expect(events).toEqual([
        { name: REFUND_COMPLETED_EVENT, data: refund },
        { name: REFUND_COMPLETED_EVENT, data: refund },
      ]);
    });
  });

  it('writes neither the configured hash nor a presented header value to the log', async () => {
    const logged: unknown[] = [];
    const spies = (['error', 'warn', 'info', 'debug'] as const).map((level) =>
      vi.spyOn(test.platform.logger, level).mockImplementation(((...args: unknown[]) => void logged.push(args)) as never),
    );
    const presented = 'presented-wrong-hash-5150';
    try {
      await post(JSON.stringify(chargeBody()), { 'verif-hash': presented });
      await post('{', { 'verif-hash': TEST_WEBHOOK_HASH });
      await post(JSON.stringify({ event: 'charge.completed', data: { id: 1234, tx_ref: 'x' } }));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const text = JSON.stringify(logged, (_key, value: unknown) => (typeof value === 'object' && value !== null && 'socket' in value ? '[http object]' : value));
    expect(text).toContain('pay-b: webhook refused');
    expect(text).not.toContain(presented);
    expect(text).not.toContain(TEST_WEBHOOK_HASH);
  });

  it('answers 404 while the extension is inactive, like any route of an inactive extension', async () => {
    await test.platform.extensions.deactivate('ExtPayB');
    try {
      const answer = await post(JSON.stringify({ event: 'ping', data: {} }));
      expect(answer.status).toBe(404);
    } finally {
      await test.platform.extensions.activate('ExtPayB');
    }
    expect(await post(JSON.stringify({ event: 'ping', data: {} }))).toMatchObject({ status: 200, body: SUCCESS });
  });

  it('answers GET with no webhook semantics (only POST is the webhook)', async () => {
    const response = await fetch(test.webhookUrl!, { headers: { 'verif-hash': TEST_WEBHOOK_HASH } });
    expect(response.status).toBe(404);
  });
});
