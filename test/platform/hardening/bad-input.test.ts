import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';

/** `{"a":{"a":...}}` nested `depth` levels around `leaf`. */
function nested(depth: number, leaf: unknown = 1): string {
  return '{"a":'.repeat(depth) + JSON.stringify(leaf) + '}'.repeat(depth);
}

/** A 400 in the platform's error shape, with a short detail (never the whole bad value). */
function expectBadInput(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
  const body = response.json() as { errors: Array<{ status: string; code: string; title: string; detail: string }> };
  expect(body.errors.length).toBeGreaterThan(0);
  for (const error of body.errors) expect(error).toMatchObject({ status: '400', code: expect.any(String), title: 'Bad Request', detail: expect.any(String) });
  expect(response.body.length).toBeLessThan(5000);
}

describe('hardening: input anyone can send never ends in a 500', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => {
    t = await createTestPlatform();
    client = await createStoreApiClient(t);
  });
  afterAll(() => t.close());

  const json = (method: 'POST' | 'PATCH', url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', accept: 'application/json', ...headers } });

  it('without a token: NUL in the password grant, deep nesting in OAuth bodies', async () => {
    expectBadInput(await json('POST', '/api/oauth/token', JSON.stringify({ grant_type: 'password', client_id: 'administration', username: 'ad\u0000min', password: 'x' })));
    expectBadInput(await json('POST', '/api/oauth/token', nested(10_000)));
  });

  it('with only the Store API key: NUL and lone surrogates in term and filters, deep limit/page, deep orderId', async () => {
    const key = { 'sw-access-key': client.accessKey };
    expectBadInput(await json('POST', '/store-api/product', JSON.stringify({ term: 'mug\u0000' }), key));
    expectBadInput(await json('POST', '/store-api/product', JSON.stringify({ filter: [{ type: 'equals', field: 'name', value: 'x\u0000' }] }), key));
    expectBadInput(await json('POST', '/store-api/product', JSON.stringify({ term: 'mug\ud800x' }), key));
    expectBadInput(await json('POST', '/store-api/product', `{"limit":${nested(10_000)}}`, key));
    expectBadInput(await json('POST', '/store-api/product', `{"page":${nested(10_000)}}`, key));
    expectBadInput(await json('POST', '/store-api/handle-payment', `{"orderId":${nested(10_000)}}`, key));
    expectBadInput(await t.app.inject({ method: 'GET', url: `/store-api/product?term=a%00b`, headers: key }));
    expectBadInput(await t.app.inject({ method: 'GET', url: `/store-api/product?limit${'[a]'.repeat(10_000)}=1`, headers: key }));
  });

  it('Admin API: NUL in writes and searches, lone surrogates in system config, deep values, huge pages', async () => {
    const token = await t.adminToken();
    const auth = { authorization: `Bearer ${token}` };
    expectBadInput(await json('POST', '/api/tax', JSON.stringify({ name: 'Bad\u0000tax', taxRate: 5 }), auth));
    expectBadInput(await json('POST', '/api/search/product', JSON.stringify({ term: 'x\u0000' }), auth));
    expectBadInput(await json('POST', '/api/search/product', JSON.stringify({ filter: [{ type: 'contains', field: 'name', value: '\u0000' }] }), auth));
    expectBadInput(await json('POST', '/api/_action/system-config', JSON.stringify({ 'Core.config.note': 'a\ud800x' }), auth));
    expectBadInput(await json('POST', '/api/_action/system-config', `{"Core.config.deep":${nested(10_000)}}`, auth));
    expectBadInput(await json('POST', '/api/search/product', `{"filter":${nested(10_000)}}`, auth));
    expectBadInput(await json('POST', '/api/tax', `{"name":"Deep","taxRate":5,"customFields":${nested(10_000)}}`, auth));
    expectBadInput(await json('POST', '/api/search/product', JSON.stringify({ page: 1e21 }), auth));
    expectBadInput(await t.app.inject({ method: 'GET', url: '/api/product?page=99999999999999999999', headers: { ...auth, accept: 'application/json' } }));
    // nothing of it was written
    expect(await t.platform.db.selectFrom('tax').select('id').where('name', 'in', ['Bad\u0000tax'.replace('\u0000', ''), 'Deep']).execute()).toEqual([]);
    expect(await t.platform.db.selectFrom('system_config').select('id').where('configuration_key', 'in', ['Core.config.note', 'Core.config.deep']).execute()).toEqual([]);
  });

  it('a violation quotes at most an excerpt of a bad value', async () => {
    const token = await t.adminToken();
    const response = await json('POST', '/api/tax', JSON.stringify({ name: 'x'.repeat(5000), taxRate: 5 }), { authorization: `Bearer ${token}` });
    expectBadInput(response);
    expect(JSON.stringify(response.json().errors[0].meta)).not.toContain('x'.repeat(200));
  });

  it('the HTTP layer answers in the error shape too: a too long path part (414), too large headers (431)', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/product/${'a'.repeat(5000)}`, headers: { authorization: `Bearer ${await t.adminToken()}` } });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ errors: [expect.objectContaining({ status: '414', code: 'FRAMEWORK__URI_TOO_LONG' })] });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const headers = await fetch(`${address}/api/_info/health-check`, { headers: { 'x-big': 'b'.repeat(20_000) } });
    expect(headers.status).toBe(431);
    expect(await headers.json()).toEqual({ errors: [expect.objectContaining({ status: '431', code: 'FRAMEWORK__REQUEST_HEADERS_TOO_LARGE' })] });
  });
});
