import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSigningSecret, signedHeaders, verifySignedMessage } from '../../../../src/extensions/order-export/delivery/standard-webhooks.js';
import { startTargetSimulator, type TargetSimulator, type TargetSimulatorOptions } from '../../../../src/extensions/order-export/simulator/index.js';

const SECRET = generateSigningSecret();

describe('target simulator', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  const start = async (options: TargetSimulatorOptions = {}) => {
    const sim = await startTargetSimulator({ signingSecret: SECRET, ...options });
    cleanups.push(() => sim.close());
    return sim;
  };
  const post = (sim: TargetSimulator, body: string, headers: Record<string, string> = {}, path = '/orders') =>
    fetch(`${sim.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const signed = (body: string, id = 'corr1'): Record<string, string> => ({ ...signedHeaders({ id, timestamp: Math.floor(Date.now() / 1000), body, secrets: [SECRET] }) });

  it('verifies signatures and refuses unsigned or tampered deliveries', async () => {
    const sim = await start();
    const body = '{"orderNumber":"10042"}';
    expect((await post(sim, body, signed(body))).status).toBe(200);
    const unsigned = await post(sim, body);
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ error: 'invalid_signature', reason: 'missing_headers' });
    expect((await post(sim, '{"orderNumber":"10043"}', signed(body))).status).toBe(400);
    expect(sim.deliveries.map((delivery) => [delivery.signature, delivery.signatureFailure, delivery.answeredStatus])).toEqual([
      ['valid', undefined, 200],
      ['invalid', 'missing_headers', 400],
      ['invalid', 'no_matching_signature', 400],
    ]);
    expect(sim.deliveries[0]).toMatchObject({ rawBody: body, json: { orderNumber: '10042' }, path: '/orders' });
  });

  it('answers from the per-request script, then the queue, then the default', async () => {
    const sim = await start({ defaultAnswer: { status: 204 } });
    sim.enqueue({ status: 500 }, { status: 429, retryAfter: 30 });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++) statuses.push((await post(sim, '{}', signed('{}'))).status);
    expect(statuses).toEqual([500, 429, 204]);
    sim.respondWith((delivery) => ((delivery.json as { vip?: boolean }).vip ? { status: 202, acknowledged: true, reference: 'VIP-1' } : undefined));
    const vip = await post(sim, '{"vip":true}', signed('{"vip":true}'));
    expect(vip.status).toBe(202);
    expect(await vip.json()).toEqual({ acknowledged: true, reference: 'VIP-1' });
    expect((await post(sim, '{}', signed('{}'))).status).toBe(204);
  });

  it('sends Retry-After and custom headers, and waits when told', async () => {
    const sim = await start();
    sim.enqueue({ status: 503, retryAfter: 'Wed, 21 Oct 2037 07:28:00 GMT', headers: { 'x-trace': 't1' }, delayMs: 200 });
    const started = performance.now();
    const response = await post(sim, '{}', signed('{}'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(response.headers.get('retry-after')).toBe('Wed, 21 Oct 2037 07:28:00 GMT');
    expect(response.headers.get('x-trace')).toBe('t1');
  });

  it('checks the configured auth before answering as scripted', async () => {
    const sim = await start({ auth: { type: 'bearer', token: 'tok-1' } });
    sim.enqueue({ status: 201 });
    expect((await post(sim, '{}', { ...signed('{}'), authorization: 'Bearer nope' })).status).toBe(401);
    expect((await post(sim, '{}', { ...signed('{}'), authorization: 'Bearer tok-1' })).status).toBe(201);
    expect(sim.deliveries.map((delivery) => delivery.authorized)).toEqual([false, true]);
  });

  it('issues OAuth tokens for the client credentials grant (Basic or form client auth)', async () => {
    const sim = await start({ auth: { type: 'oauth2', clientId: 'shop id', clientSecret: 's&cret', tokenLifetimeSeconds: 60 } });
    const token = (body: string, headers: Record<string, string> = {}) =>
      fetch(sim.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });
    const basic = `Basic ${Buffer.from('shop+id:s%26cret').toString('base64')}`;
    const viaBasic = await token('grant_type=client_credentials', { authorization: basic });
    expect(viaBasic.status).toBe(200);
    const issued = (await viaBasic.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 60 });
    expect((await token('grant_type=client_credentials&client_id=shop+id&client_secret=s%26cret')).status).toBe(200);
    expect((await token('grant_type=client_credentials&client_id=shop+id&client_secret=wrong')).status).toBe(401);
    expect((await token('grant_type=password', { authorization: basic })).status).toBe(400);

    expect((await post(sim, '{}', { ...signed('{}'), authorization: `Bearer ${issued.access_token}` })).status).toBe(200);
    sim.revokeTokens();
    expect((await post(sim, '{}', { ...signed('{}'), authorization: `Bearer ${issued.access_token}` })).status).toBe(401);
    expect(sim.tokenRequests.map((request) => request.granted)).toEqual([true, true, false, false]);
  });

  describe('acknowledgements', () => {
    /** a stand-in for the shop's callback route: records and verifies what arrives */
    const callback = async () => {
      const received: Array<{ headers: Record<string, string>; raw: string }> = [];
      const app: FastifyInstance = Fastify();
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      app.post('/ext-order-export/acknowledge', async (request) => {
        received.push({ headers: request.headers as Record<string, string>, raw: request.body as string });
        return { ok: true };
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      cleanups.push(() => app.close());
      return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/ext-order-export/acknowledge`, received };
    };

    it('sends a signed acknowledgement the shop can verify', async () => {
      const sim = await start();
      const shop = await callback();
      const result = await sim.acknowledge({ callbackUrl: shop.url, correlationId: 'corr1', status: 'acknowledged', reference: 'ERP-9' });
      expect(result.status).toBe(200);
      const { headers, raw } = shop.received[0]!;
      expect(JSON.parse(raw)).toEqual({ correlationId: 'corr1', status: 'acknowledged', reference: 'ERP-9' });
      expect(headers['content-type']).toBe('application/json');
      expect(verifySignedMessage({ headers, body: raw, secrets: [SECRET] })).toMatchObject({ ok: true, id: result.messageId });
      expect(new Webhook(SECRET).verify(raw, headers)).toEqual(JSON.parse(raw));
    });

    it('can send a rejection, an old timestamp, a repeated id or a wrong secret to test the shop', async () => {
      const sim = await start();
      const shop = await callback();
      await sim.acknowledge({ callbackUrl: shop.url, correlationId: 'c2', status: 'rejected', message: 'unknown SKU', timestamp: 1_600_000_000, messageId: 'ack_same' });
      await sim.acknowledge({ callbackUrl: shop.url, correlationId: 'c2', status: 'rejected', signingSecret: generateSigningSecret(), messageId: 'ack_same' });
      const [old, forged] = shop.received;
      expect(JSON.parse(old!.raw)).toEqual({ correlationId: 'c2', status: 'rejected', message: 'unknown SKU' });
      expect(verifySignedMessage({ headers: old!.headers, body: old!.raw, secrets: [SECRET] })).toEqual({ ok: false, reason: 'timestamp_too_old' });
      expect(verifySignedMessage({ headers: forged!.headers, body: forged!.raw, secrets: [SECRET] })).toEqual({ ok: false, reason: 'no_matching_signature' });
      expect([old!.headers['webhook-id'], forged!.headers['webhook-id']]).toEqual(['ack_same', 'ack_same']);
    });

    it('needs a signing secret', async () => {
      const sim = await startTargetSimulator();
      cleanups.push(() => sim.close());
      await expect(sim.acknowledge({ callbackUrl: 'http://127.0.0.1:1/', correlationId: 'c', status: 'acknowledged' })).rejects.toThrow('needs a signing secret');
    });
  });

  describe('control routes for the command line', () => {
    it('queues answers, lists deliveries and sends acknowledgements', async () => {
      const sim = await start();
      const control = (path: string, body?: unknown) =>
        fetch(`${sim.baseUrl}/_simulator/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(await (await control('script', { answers: [{ status: 409 }] })).json()).toEqual({ queued: 1 });
      expect((await control('script', { answers: [{ nope: 1 }] })).status).toBe(400);
      expect((await post(sim, '{"a":1}', signed('{"a":1}'))).status).toBe(409);
      const listed = (await (await control('deliveries')).json()) as { deliveries: Array<{ rawBody: string; answeredStatus: number }> };
      expect(listed.deliveries.map((delivery) => [delivery.rawBody, delivery.answeredStatus])).toEqual([['{"a":1}', 409]]);

      const shop = await (async () => {
        const received: string[] = [];
        const app = Fastify();
        app.post('/ack', async (request) => {
          received.push(JSON.stringify(request.body));
          return {};
        });
        await app.listen({ host: '127.0.0.1', port: 0 });
        cleanups.push(() => app.close());
        return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/ack`, received };
      })();
      const ack = await control('acknowledge', { callbackUrl: shop.url, correlationId: 'c9', status: 'acknowledged' });
      expect(ack.status).toBe(200);
      expect(shop.received).toEqual(['{"correlationId":"c9","status":"acknowledged"}']);
    });
  });
});
