import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClientError, GatewayHttpClient, isTransientGatewayError, redactedExcerpt } from '../../../src/extensions/_gateway-kit/index.js';

const SECRET = 'sk_test_0123456789abcdef';

describe('gateway kit: the JSON client base', () => {
  let server: Server;
  let baseUrl = '';
  const answers = new Map<string, { status: number; body: string; delayMs?: number; location?: string }>();
  const received: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(`${request.method} ${request.url} ${request.headers.authorization}`);
      const answer = answers.get(request.url ?? '') ?? { status: 404, body: '<html>not found</html>' };
      const headers = { 'content-type': 'application/json', ...(answer.location ? { location: answer.location } : {}) };
      setTimeout(() => response.writeHead(answer.status, headers).end(answer.body), answer.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = (timeoutMs = 2000) =>
    new GatewayHttpClient({
      gatewayName: 'Gateway X',
      baseUrl: `${baseUrl}///`,
      secretKey: SECRET,
      timeoutMs,
      readEnvelope: (body) => (body.status === true ? { ok: true, data: body.data } : { ok: false, message: typeof body.message === 'string' ? body.message : undefined }),
    });

  it('returns data when the envelope says so', async () => {
    answers.set('/ok', { status: 200, body: JSON.stringify({ status: true, data: { id: 7 } }) });
    expect(await client().request('GET', '/ok')).toMatchObject({ data: { id: 7 }, httpStatus: 200 });
  });

  it('an error envelope with HTTP 200 is a refusal; a key echoed back never reaches the message', async () => {
    answers.set('/echo?ref=abc', { status: 200, body: JSON.stringify({ status: false, message: `Invalid key ${SECRET} for this account` }) });
    const error = await client().request('GET', '/echo?ref=abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayClientError);
    expect(error).toMatchObject({ kind: 'gateway', details: { httpStatus: 200, path: '/echo', gatewayMessage: 'Invalid key [redacted] for this account' } });
    expect(String((error as Error).message)).not.toContain(SECRET);
    expect(JSON.stringify((error as GatewayClientError).toLog())).not.toContain(SECRET);
    expect(String((error as Error).message)).not.toContain('ref=abc');
  });

  it('tells timeouts, no answer, non-JSON and refusals apart', async () => {
    answers.set('/slow', { status: 200, body: '{}', delayMs: 300 });
    await expect(client(50).request('GET', '/slow')).rejects.toMatchObject({ kind: 'timeout' });
    const unreachable = new GatewayHttpClient({ gatewayName: 'X', baseUrl: 'http://127.0.0.1:1', secretKey: SECRET, timeoutMs: 1000, readEnvelope: () => ({ ok: true, data: null }) });
    await expect(unreachable.request('GET', '/')).rejects.toMatchObject({ kind: 'network' });
    answers.set('/html', { status: 200, body: '<html>' });
    await expect(client().request('GET', '/html')).rejects.toMatchObject({ kind: 'invalid-response' });
    const failed = (path: string) => client().request('GET', path).then(() => { throw new Error('expected a refusal'); }, (e: GatewayClientError) => e);
    const notFound = await failed('/missing');
    expect(notFound).toMatchObject({ kind: 'gateway', details: { httpStatus: 404 } });
    // an answer that is not the API's (no message) is worth a retry; a 400 with a message is not
    expect(isTransientGatewayError(notFound)).toBe(true);
    answers.set('/refused', { status: 400, body: JSON.stringify({ status: false, message: 'Transaction reference not found' }) });
    expect(isTransientGatewayError(await failed('/refused'))).toBe(false);
  });

  it('sends the bearer key and the JSON body; follows no redirect', async () => {
    answers.set('/create', { status: 200, body: JSON.stringify({ status: true, data: { created: true } }) });
    received.length = 0;
    expect(await client().request('POST', '/create', { amount: 1 })).toMatchObject({ data: { created: true } });
    expect(received).toEqual([`POST /create Bearer ${SECRET}`]);
    // a moved API (e.g. http to https) is a refusal worth a retry once the merchant fixes the URL, never a hop
    answers.set('/moved', { status: 302, body: '', location: '/ok' });
    answers.set('/ok', { status: 200, body: JSON.stringify({ status: true, data: {} }) });
    received.length = 0;
    const moved = await client().request('GET', '/moved').catch((e: unknown) => e);
    expect(moved).toMatchObject({ kind: 'gateway', details: { httpStatus: 302 } });
    expect(isTransientGatewayError(moved as GatewayClientError)).toBe(true);
    expect(received).toEqual([`GET /moved Bearer ${SECRET}`]);
  });

  it('redactedExcerpt replaces secrets, strips control characters and cuts long text', () => {
    expect(redactedExcerpt(`a ${SECRET}\n b`, [SECRET, null, 'ab'])).toBe('a [redacted] b');
    expect(redactedExcerpt('x'.repeat(1000), []).length).toBe(301);
  });
});
