import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';

/**
 * JSON-encoded criteria in a query string (`filter=[...]`) are decoded after the input guard looked at the
 * query (a string there), so they get the body's depth limit when decoded: 5,000 levels overflowed the
 * stack of the criteria walk, a 500.
 */
describe('hardening: JSON in query strings nests no deeper than a body may', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => {
    t = await createTestPlatform();
    client = await createStoreApiClient(t);
  });
  afterAll(() => t.close());

  const deepList = (depth: number) => encodeURIComponent(`${'['.repeat(depth)}${']'.repeat(depth)}`);
  const expectTooDeep = (response: LightMyRequestResponse, parameter: string) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'FRAMEWORK__INVALID_CRITERIA',
      detail: `The query parameter "${parameter}": The input nests deeper than 32 levels.`,
      source: { pointer: `/${parameter}` },
    });
  };

  it('Admin API list routes: filter, sort and post-filter 5,000 levels deep are a 400', async () => {
    for (const parameter of ['filter', 'sort', 'post-filter', 'aggregations']) {
      expectTooDeep(await t.api('GET', `/api/product?${parameter}=${deepList(5_000)}`), parameter);
    }
    // within the limit the criteria are read as before
    const shallow = await t.api('GET', `/api/product?filter=${encodeURIComponent(JSON.stringify([{ type: 'equals', field: 'active', value: true }]))}`);
    expect(shallow.statusCode).toBe(200);
  });

  it('Store API: a filter 5,000 levels deep is a 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/store-api/product?filter=${deepList(5_000)}`, headers: { 'sw-access-key': client.accessKey, accept: 'application/json' } });
    expectTooDeep(response, 'filter');
  });
});
