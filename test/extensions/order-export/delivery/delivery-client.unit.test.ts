import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialConfig } from '../../../../src/extensions/order-export/delivery/auth/credential-types.js';
import { OAuth2TokenProvider } from '../../../../src/extensions/order-export/delivery/auth/oauth2-token-provider.js';
import { DeliveryClient, type DeliveryOutcome } from '../../../../src/extensions/order-export/delivery/delivery-client.js';
import { createOutboundAgent } from '../../../../src/extensions/order-export/delivery/outbound-agent.js';
import { generateSigningSecret } from '../../../../src/extensions/order-export/delivery/standard-webhooks.js';
import type { DeliveryTarget } from '../../../../src/extensions/order-export/delivery/target-settings.js';
import { startTargetSimulator, type SimulatorAuth, type TargetSimulator } from '../../../../src/extensions/order-export/simulator/index.js';

const SIGNING_SECRET = generateSigningSecret();
const CORRELATION_ID = '0190a7b1c2d34e5f8a9b0c1d2e3f4a5b';
const BODY = JSON.stringify({ orderNumber: '10042', total: 36.96, lines: [{ sku: 'SW-1000', qty: 1 }] });

describe('delivery client against the target simulator', () => {
  const agent = createOutboundAgent({ allowPrivateTargets: true });
  const sims: TargetSimulator[] = [];
  let client: DeliveryClient;

  const simulator = async (auth: SimulatorAuth = { type: 'none' }) => {
    const sim = await startTargetSimulator({ signingSecret: SIGNING_SECRET, auth });
    sims.push(sim);
    return sim;
  };
  const target = (sim: TargetSimulator, extra: Partial<DeliveryTarget> = {}): DeliveryTarget => ({
    url: sim.deliveryUrl,
    method: 'POST',
    signingSecrets: [SIGNING_SECRET],
    ...extra,
  });
  const deliver = (sim: TargetSimulator, credential?: CredentialConfig | null, extra: Partial<DeliveryTarget> = {}, body = BODY) =>
    client.deliver({ target: target(sim, extra), credential, body, correlationId: CORRELATION_ID });
  /** nothing stored or reported may contain the secret */
  const expectNoSecret = (outcome: DeliveryOutcome, ...secrets: string[]) => {
    const stored = JSON.stringify(outcome);
    for (const secret of secrets) expect(stored).not.toContain(secret);
  };

  beforeAll(() => {
    client = new DeliveryClient({ dispatcher: agent });
  });
  afterEach(async () => {
    await Promise.all(sims.splice(0).map((sim) => sim.close()));
  });
  afterAll(() => agent.close());

  it('delivers the exact bytes, signed, with idempotency key and webhook id', async () => {
    const sim = await simulator();
    const outcome = await deliver(sim, null, { headers: { 'X-Tenant': 'shop-1' } });
    expect(outcome).toMatchObject({ kind: 'delivered', httpStatus: 200, message: 'the target answered 200', acknowledged: false, tokenRefreshed: false });
    const received = sim.deliveries[0]!;
    expect(received).toMatchObject({ method: 'POST', path: '/orders', rawBody: BODY, signature: 'valid', authorized: true });
    expect(received.headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': CORRELATION_ID,
      'webhook-id': CORRELATION_ID,
      'x-tenant': 'shop-1',
    });
    expect(outcome.request).toMatchObject({ method: 'POST', url: sim.deliveryUrl, body: BODY, bodyTruncated: false });
    expect(outcome.request!.headers['webhook-signature']).toBe(received.headers['webhook-signature']);
    expect(outcome.response).toMatchObject({ status: 200, body: '{"received":true}' });
  });

  it('uses PUT when the target says so', async () => {
    const sim = await simulator();
    await deliver(sim, null, { method: 'PUT' });
    expect(sim.deliveries[0]!.method).toBe('PUT');
  });

  it('reads a synchronous acknowledgement and its reference', async () => {
    const sim = await simulator();
    sim.enqueue({ status: 202, acknowledged: true, reference: 'ERP-4711' });
    expect(await deliver(sim)).toMatchObject({ kind: 'delivered', httpStatus: 202, acknowledged: true, targetReference: 'ERP-4711' });
  });

  it('reports a non-2xx answer as rejected, with Retry-After', async () => {
    const sim = await simulator();
    sim.enqueue({ status: 503, retryAfter: 120, body: { error: 'maintenance' } });
    const outcome = await deliver(sim);
    expect(outcome).toMatchObject({ kind: 'rejected', httpStatus: 503, retryAfterSeconds: 120, message: 'the target answered 503' });
    expect(outcome.response!.body).toBe('{"error":"maintenance"}');
  });

  it('treats a redirect as a failure', async () => {
    const sim = await simulator();
    sim.enqueue({ status: 301, headers: { location: 'https://elsewhere.example.com/' } });
    expect(await deliver(sim)).toMatchObject({ kind: 'rejected', httpStatus: 301, message: 'the target answered 301 (redirects are not followed)' });
  });

  it('reports no answer as unreachable', async () => {
    const sim = await simulator();
    sim.enqueue({ status: 200, delayMs: 2_000 });
    const outcome = await deliver(sim, null, { timeoutMs: 150 });
    expect(outcome).toMatchObject({ kind: 'unreachable', httpStatus: null, message: 'no complete answer within 150 ms', response: null });
    expect(outcome.request!.body).toBe(BODY);
  });

  it('authenticates with an API key in the configured header and never stores it', async () => {
    const secret = 'key-9f8e7d6c5b4a';
    const sim = await simulator({ type: 'api_key', headerName: 'X-Erp-Key', key: secret });
    const outcome = await deliver(sim, { authType: 'api_key', publicMeta: { headerName: 'X-Erp-Key' }, secret });
    expect(outcome.kind).toBe('delivered');
    expect(outcome.request!.headers['x-erp-key']).toBe('[redacted]');
    expectNoSecret(outcome, secret);
  });

  it('defaults the API key header to X-API-Key', async () => {
    const sim = await simulator({ type: 'api_key', key: 'key-123456' });
    expect((await deliver(sim, { authType: 'api_key', publicMeta: {}, secret: 'key-123456' })).kind).toBe('delivered');
    expect(sim.deliveries[0]!.headers['x-api-key']).toBe('key-123456');
  });

  it('authenticates with basic and bearer credentials', async () => {
    const basic = await simulator({ type: 'basic', username: 'shop', password: 'pa:ss wörd' });
    const basicOutcome = await deliver(basic, { authType: 'basic', publicMeta: { username: 'shop' }, secret: 'pa:ss wörd' });
    expect(basicOutcome.kind).toBe('delivered');
    expect(basicOutcome.request!.headers.authorization).toBe('[redacted]');
    expectNoSecret(basicOutcome, 'pa:ss wörd', Buffer.from('shop:pa:ss wörd').toString('base64'));

    const bearer = await simulator({ type: 'bearer', token: 'tok-abcdef' });
    expect((await deliver(bearer, { authType: 'bearer', publicMeta: {}, secret: 'tok-abcdef' })).kind).toBe('delivered');
    const wrong = await deliver(bearer, { authType: 'bearer', publicMeta: {}, secret: 'tok-wrong' });
    expect(wrong).toMatchObject({ kind: 'rejected', httpStatus: 401 });
    expectNoSecret(wrong, 'tok-wrong');
  });

  it('redacts a target header whose value is the secret', async () => {
    const sim = await simulator({ type: 'bearer', token: 'tok-abcdef' });
    const outcome = await deliver(sim, { authType: 'bearer', publicMeta: {}, secret: 'tok-abcdef' }, { headers: { 'X-Copy': 'tok-abcdef' } });
    expect(outcome.request!.headers['x-copy']).toBe('[redacted]');
  });

  it('stores a large request body truncated at 64 KiB and sends it whole', async () => {
    const sim = await simulator();
    const body = JSON.stringify({ blob: 'y'.repeat(100_000) });
    const outcome = await deliver(sim, null, {}, body);
    expect(outcome.kind).toBe('delivered');
    expect(outcome.request!.bodyTruncated).toBe(true);
    expect(outcome.request!.body).toHaveLength(64 * 1024);
    expect(sim.deliveries[0]!.rawBody).toBe(body);
    expect(sim.deliveries[0]!.signature).toBe('valid');
  });

  it('reports a credential without its secret as an auth failure and sends nothing', async () => {
    const sim = await simulator();
    expect(await deliver(sim, { authType: 'bearer', publicMeta: {}, secret: null })).toMatchObject({
      kind: 'auth_failed',
      message: 'the bearer credential has no secret',
      request: null,
    });
    expect(sim.deliveries).toHaveLength(0);
  });

  describe('oauth2 client credentials', () => {
    const oauth = (sim: TargetSimulator, secret = 'client-secret-1'): CredentialConfig => ({
      id: 'cred-1',
      authType: 'oauth2',
      publicMeta: { tokenUrl: sim.tokenUrl, clientId: 'shop', scope: 'orders:write' },
      secret,
    });

    it('fetches a token once and reuses it', async () => {
      const sim = await simulator({ type: 'oauth2', clientId: 'shop', clientSecret: 'client-secret-1', scope: 'orders:write' });
      const local = new DeliveryClient({ dispatcher: agent });
      const first = await local.deliver({ target: target(sim), credential: oauth(sim), body: BODY, correlationId: CORRELATION_ID });
      const second = await local.deliver({ target: target(sim), credential: oauth(sim), body: BODY, correlationId: CORRELATION_ID });
      expect([first.kind, second.kind]).toEqual(['delivered', 'delivered']);
      expect(sim.tokenRequests).toEqual([{ clientId: 'shop', scope: 'orders:write', granted: true }]);
      expect(sim.deliveries[0]!.headers.authorization).toBe(sim.deliveries[1]!.headers.authorization);
      const token = sim.deliveries[0]!.headers.authorization!.slice('Bearer '.length);
      expectNoSecret(first, 'client-secret-1', token);
    });

    it('fetches a new token once when the target answers 401', async () => {
      const sim = await simulator({ type: 'oauth2', clientId: 'shop', clientSecret: 'client-secret-1' });
      const local = new DeliveryClient({ dispatcher: agent });
      await local.deliver({ target: target(sim), credential: oauth(sim), body: BODY, correlationId: CORRELATION_ID });
      sim.revokeTokens();
      const outcome = await local.deliver({ target: target(sim), credential: oauth(sim), body: BODY, correlationId: CORRELATION_ID });
      expect(outcome).toMatchObject({ kind: 'delivered', tokenRefreshed: true });
      expect(sim.tokenRequests).toHaveLength(2);
      expect(sim.deliveries.map((delivery) => delivery.answeredStatus)).toEqual([200, 401, 200]);
    });

    it('gives up after one refresh when the target keeps answering 401', async () => {
      const sim = await simulator({ type: 'oauth2', clientId: 'shop', clientSecret: 'client-secret-1' });
      sim.respondWith(() => ({ status: 401 }));
      const outcome = await client.deliver({ target: target(sim), credential: oauth(sim), body: BODY, correlationId: CORRELATION_ID });
      expect(outcome).toMatchObject({ kind: 'rejected', httpStatus: 401, tokenRefreshed: true });
      expect(sim.deliveries).toHaveLength(2);
    });

    it('renews a token shortly before it expires', async () => {
      const sim = await simulator({ type: 'oauth2', clientId: 'shop', clientSecret: 'client-secret-1', tokenLifetimeSeconds: 120 });
      let now = Date.now();
      const tokens = new OAuth2TokenProvider({ dispatcher: agent, now: () => now });
      const local = new DeliveryClient({ dispatcher: agent, tokens });
      const send = () => local.deliver({ target: target(sim), credential: oauth(sim), body: BODY, correlationId: CORRELATION_ID });
      await send();
      now += 60_000;
      await send();
      expect(sim.tokenRequests).toHaveLength(1);
      // 120 s lifetime, renewed 30 s early
      now += 31_000;
      await send();
      expect(sim.tokenRequests).toHaveLength(2);
    });

    it('reports a refused client as an auth failure without the secret and sends nothing', async () => {
      const sim = await simulator({ type: 'oauth2', clientId: 'shop', clientSecret: 'client-secret-1' });
      const outcome = await client.deliver({ target: target(sim), credential: oauth(sim, 'wrong-secret-xyz'), body: BODY, correlationId: CORRELATION_ID });
      expect(outcome).toMatchObject({ kind: 'auth_failed', message: 'the token endpoint answered 401 (invalid_client)', request: null });
      expect(sim.deliveries).toHaveLength(0);
      expectNoSecret(outcome, 'wrong-secret-xyz');
    });

    it('shares one token request between concurrent deliveries', async () => {
      const sim = await simulator({ type: 'oauth2', clientId: 'shop', clientSecret: 'client-secret-1' });
      const local = new DeliveryClient({ dispatcher: agent });
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, () => local.deliver({ target: target(sim), credential: oauth(sim), body: BODY, correlationId: CORRELATION_ID })),
      );
      expect(outcomes.every((outcome) => outcome.kind === 'delivered')).toBe(true);
      expect(sim.tokenRequests).toHaveLength(1);
    });
  });

  describe('test connection', () => {
    it('reports a reachable target with its status', async () => {
      const sim = await simulator({ type: 'bearer', token: 'tok-abcdef' });
      expect(await client.testConnection({ url: sim.deliveryUrl }, { authType: 'bearer', publicMeta: {}, secret: 'tok-abcdef' })).toEqual({
        reachable: true,
        httpStatus: 200,
        message: 'the target answered 200',
      });
      expect(sim.probes[0]).toMatchObject({ path: '/orders', authorized: true });
      expect(await client.testConnection({ url: sim.deliveryUrl }, { authType: 'bearer', publicMeta: {}, secret: 'nope-nope' })).toEqual({
        reachable: true,
        httpStatus: 401,
        message: 'the target answered 401: check the credential',
      });
      expect(sim.deliveries).toHaveLength(0);
    });

    it('reports an unreachable target and a failing token endpoint as answers', async () => {
      const sim = await simulator({ type: 'oauth2', clientId: 'shop', clientSecret: 's-1' });
      const url = sim.deliveryUrl;
      const credential: CredentialConfig = { authType: 'oauth2', publicMeta: { tokenUrl: sim.tokenUrl, clientId: 'shop' }, secret: 'bad-secret' };
      expect(await client.testConnection({ url }, credential)).toEqual({ reachable: false, httpStatus: 0, message: 'the token endpoint answered 401 (invalid_client)' });
      await sim.close();
      expect(await client.testConnection({ url })).toEqual({ reachable: false, httpStatus: 0, message: 'the connection was refused' });
    });
  });
});
