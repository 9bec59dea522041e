import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPayASimulator, type PayASimulator } from '../../../../src/extensions/pay-a/simulator/index.js';
import { suiteWebhookReceiver } from '../../_gateway/simulator-helpers.js';
import { initialize, WebhookReceiver } from './helpers.js';

const TEST_KEY = 'sk_test_simulator';
const LIVE_KEY = 'sk_live_simulator';

const hmac = (key: string, raw: string) => createHmac('sha512', key).update(raw).digest('hex');

/** The simulator's webhook sender as the real gateway sends: signing, delivery, retries, duplicates. */
describe('gateway A simulator: signed webhook delivery', () => {
  let sim: PayASimulator;
  const receiver = suiteWebhookReceiver(new WebhookReceiver());
  beforeAll(async () => {
    sim = await startPayASimulator({ secretKeys: [TEST_KEY, LIVE_KEY], webhookUrl: receiver.url, webhookRetries: 2, webhookRetryDelayMs: 10 });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(() => {
    receiver.reset();
  });

  it("signs charge.success with the key of the transaction's mode: lowercase hex HMAC-SHA512 of the exact bytes, nothing else", async () => {
    for (const [key, domain] of [[TEST_KEY, 'test'], [LIVE_KEY, 'live']] as const) {
      const { reference } = await initialize(sim, {}, key);
      await sim.completePayment(reference, 'success');
      const delivery = receiver.received.at(-1)!;
      expect(JSON.parse(delivery.raw)).toMatchObject({ event: 'charge.success', data: { reference, domain, status: 'success' } });
      expect(delivery.headers['x-pay-a-signature']).toBe(hmac(key, delivery.raw));
      expect(delivery.headers['x-pay-a-signature']).toMatch(/^[0-9a-f]{128}$/);
      expect(delivery.headers['content-type']).toBe('application/json');
      // no timestamp or event id: the body alone is signed
      expect(Object.keys(delivery.headers).filter((name) => name.startsWith('x-'))).toEqual(['x-pay-a-signature']);
      expect(sim.signatureOf(delivery.raw)).toBe(delivery.headers['x-pay-a-signature']);
    }
  });

  it('counts any 2xx as delivered and retries after anything else, redirects included (never followed)', async () => {
    receiver.answers.push(500, 302, 200);
    const result = await sim.deliverWebhook({ event: 'charge.success', data: { domain: 'test' } });
    expect(result).toEqual({ delivered: true, attempts: 3, statuses: [500, 302, 200] });
    expect(receiver.redirectTargetHits).toBe(0);

    receiver.answers.push(503, 503, 503);
    expect(await sim.deliverWebhook({ event: 'charge.success', data: {} })).toEqual({ delivered: false, attempts: 3, statuses: [503, 503, 503] });
    expect(sim.webhookDeliveries.at(-1)).toMatchObject({ event: 'charge.success', attempt: 3, status: 503 });
  });

  it('delivers duplicates, one after another or all at once, and any event type or raw text', async () => {
    expect(await sim.deliverWebhook({ event: 'transfer.success', data: { domain: 'test' } }, { times: 2 })).toMatchObject({ delivered: true, attempts: 2 });
    expect(await sim.deliverWebhook({ event: 'charge.success', data: { domain: 'test' } }, { times: 3, parallel: true })).toMatchObject({ delivered: true, attempts: 3 });
    expect(receiver.events()).toEqual(['transfer.success', 'transfer.success', 'charge.success', 'charge.success', 'charge.success']);
    await sim.deliverWebhook('{"event": broken');
    expect(receiver.received.at(-1)!.raw).toBe('{"event": broken');
    expect(receiver.received.at(-1)!.headers['x-pay-a-signature']).toBe(hmac(TEST_KEY, '{"event": broken'));
  });

  it('sends the given headers instead of the signature (a forged or missing one)', async () => {
    await sim.deliverWebhook({ event: 'charge.success', data: {} }, { headers: { 'x-pay-a-signature': 'f'.repeat(128) } });
    expect(receiver.received.at(-1)!.headers['x-pay-a-signature']).toBe('f'.repeat(128));
    await sim.deliverWebhook({ event: 'charge.success', data: {} }, { headers: {} });
    expect(receiver.received.at(-1)!.headers).not.toHaveProperty('x-pay-a-signature');
  });

  it('holds automatic webhooks until released; none are sent without a webhook URL', async () => {
    sim.holdWebhooks();
    const { reference } = await initialize(sim);
    await sim.completePayment(reference, 'success');
    expect(receiver.received).toEqual([]);
    expect(sim.heldWebhooks).toHaveLength(1);
    await sim.releaseWebhooks({ duplicate: true });
    expect(receiver.events()).toEqual(['charge.success', 'charge.success']);

    sim.setWebhookUrl(undefined);
    try {
      const other = await initialize(sim);
      await sim.completePayment(other.reference, 'success');
      expect(receiver.received).toHaveLength(2);
      await expect(sim.deliverWebhook({ event: 'x', data: {} })).rejects.toThrow(/no webhookUrl/);
    } finally {
      sim.setWebhookUrl(receiver.url);
    }
  });
});
