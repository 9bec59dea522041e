import { createServer } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundAgent } from '../../../../src/extensions/order-export/delivery/outbound-agent.js';
import { sendOutboundRequest } from '../../../../src/extensions/order-export/delivery/transport.js';
import { startTargetSimulator, type TargetSimulator } from '../../../../src/extensions/order-export/simulator/index.js';

describe('transport over loopback', () => {
  let sim: TargetSimulator;
  const agent = createOutboundAgent({ allowPrivateTargets: true });
  const send = (options: { url?: string; method?: 'GET' | 'POST' | 'PUT'; body?: string; timeoutMs?: number; maxResponseBytes?: number } = {}) =>
    sendOutboundRequest(
      { method: options.method ?? 'POST', url: options.url ?? sim.deliveryUrl, headers: { 'content-type': 'application/json' }, body: options.body ?? '{}', timeoutMs: options.timeoutMs ?? 5_000 },
      { dispatcher: agent, maxResponseBytes: options.maxResponseBytes },
    );

  beforeAll(async () => {
    sim = await startTargetSimulator();
  });
  afterAll(async () => {
    await sim.close();
    await agent.close();
  });

  it('returns any HTTP answer as a response with status, headers and body', async () => {
    sim.enqueue({ status: 201, headers: { 'x-erp-id': 'E-1' }, body: { id: 'E-1' } });
    const result = await send({ body: '{"a":1}' });
    expect(result).toMatchObject({ kind: 'response', status: 201, bodyTruncated: false });
    if (result.kind !== 'response') throw new Error('expected a response');
    expect(result.headers['x-erp-id']).toBe('E-1');
    expect(JSON.parse(result.body.toString())).toEqual({ id: 'E-1' });
    expect(sim.deliveries.at(-1)!.rawBody).toBe('{"a":1}');
  });

  it('never follows a redirect', async () => {
    const before = sim.deliveries.length;
    sim.enqueue({ status: 302, headers: { location: `${sim.baseUrl}/elsewhere` } });
    const result = await send();
    expect(result).toMatchObject({ kind: 'response', status: 302 });
    expect(sim.deliveries.length).toBe(before + 1);
    expect(sim.probes.some((probe) => probe.path === '/elsewhere')).toBe(false);
  });

  it('reads no more of an answer than the cap', async () => {
    sim.enqueue({ status: 200, body: { blob: 'x'.repeat(300_000) } });
    const result = await send();
    if (result.kind !== 'response') throw new Error('expected a response');
    expect(result.bodyTruncated).toBe(true);
    expect(result.body.length).toBe(64 * 1024);
    sim.enqueue({ status: 200, body: { blob: 'x'.repeat(300_000) } });
    const small = await send({ maxResponseBytes: 100 });
    expect(small.kind === 'response' && small.body.length).toBe(100);
  });

  it('reports a slow target as a timeout', async () => {
    sim.enqueue({ status: 200, delayMs: 2_000 });
    const result = await send({ timeoutMs: 150 });
    expect(result).toMatchObject({ kind: 'transport_error', code: 'timeout', message: 'no complete answer within 150 ms' });
    expect(result.durationMs).toBeLessThan(1_500);
  });

  it('reports a closed port as refused', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const result = await send({ url: `http://127.0.0.1:${port}/orders` });
    expect(result).toMatchObject({ kind: 'transport_error', code: 'ECONNREFUSED', message: 'the connection was refused' });
  });

  it('refuses URLs that are not http(s) before connecting', async () => {
    expect(await send({ url: 'ftp://127.0.0.1/x' })).toEqual({ kind: 'transport_error', code: 'invalid_url', message: 'the URL must use http or https', durationMs: 0 });
  });

  describe('with the outbound guard on', () => {
    const rebinding = (hostname: string, _options: unknown, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) =>
      hostname === 'erp.rebind.test'
        ? callback(null, [{ address: '127.0.0.1', family: 4 }])
        : callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    const guarded = createOutboundAgent({ resolve: rebinding });
    afterAll(() => guarded.close());
    const sendGuarded = (url: string) => sendOutboundRequest({ method: 'POST', url, headers: {}, body: '{}', timeoutMs: 5_000 }, { dispatcher: guarded });

    it('refuses loopback addresses however they are written, and sends nothing', async () => {
      const port = new URL(sim.baseUrl).port;
      const before = sim.deliveries.length;
      for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '2130706433']) {
        const result = await sendGuarded(`http://${host}:${port}/orders`);
        expect(result).toMatchObject({ kind: 'transport_error', code: 'address_refused' });
      }
      expect(sim.deliveries.length).toBe(before);
    });

    it('checks the address a name resolves to when connecting', async () => {
      const port = new URL(sim.baseUrl).port;
      const result = await sendGuarded(`http://erp.rebind.test:${port}/orders`);
      expect(result).toMatchObject({
        kind: 'transport_error',
        code: 'address_refused',
        message: 'erp.rebind.test resolves to 127.0.0.1, a private, loopback or link-local address; such targets are refused',
      });
    });

    it('reports a name that does not resolve', async () => {
      expect(await sendGuarded('http://erp.unknown.test/orders')).toMatchObject({ kind: 'transport_error', code: 'ENOTFOUND', message: 'the host name could not be resolved' });
    });
  });
});
