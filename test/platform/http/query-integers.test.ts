import { describe, expect, it } from 'vitest';
import { useTestPlatformWithExtension } from '../../helpers/test-platform.js';
import { createStoreApiClient } from '../store-api/store-api-client.js';
import { newId } from '../../../src/platform/ids.js';
import { operations, resolve, type Document } from './openapi/document-helpers.js';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}
interface IntegerQueryParameter {
  api: 'admin' | 'store';
  method: string;
  path: string;
  name: string;
  minimum?: number;
  maximum?: number;
  parameters: Parameter[];
}

/**
 * Every integer query parameter of the Admin API and Store API documents is range-checked before a
 * handler (and SQL) sees it: values far out of range, not finite or not integers answer 400 in the error
 * shape, never 500 (`?limit=1e400` on the failed messages reached PostgreSQL as "Infinity").
 */
describe('integer query parameters of the OpenAPI documents', () => {
  const suite = useTestPlatformWithExtension();

  const integerQueryParameters = async (): Promise<IntegerQueryParameter[]> => {
    const found: IntegerQueryParameter[] = [];
    for (const [api, url] of [
      ['admin', '/api/_info/openapi3.json'],
      ['store', '/store-api/_info/openapi3.json'],
    ] as const) {
      const doc = (await suite.t.app.inject({ method: 'GET', url })).json() as Document;
      for (const { path, method, operation } of operations(doc)) {
        const parameters = (operation.parameters ?? []) as Parameter[];
        for (const parameter of parameters) {
          if (parameter.in !== 'query' || !parameter.schema) continue;
          const schema = resolve(doc, parameter.schema);
          if (schema.type !== 'integer') continue;
          found.push({ api, method, path, name: parameter.name, minimum: schema.minimum as number | undefined, maximum: schema.maximum as number | undefined, parameters });
        }
      }
    }
    return found;
  };

  // path parameters get a value that passes their pattern or enum, so the query is what is wrong
  const urlOf = (parameter: IntegerQueryParameter, value: string): string => {
    const path = parameter.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const schema = parameter.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
      if (Array.isArray(schema.enum)) return String(schema.enum[0]);
      return newId();
    });
    return `${path}?${encodeURIComponent(parameter.name)}=${encodeURIComponent(value)}`;
  };

  it('documents the bounds of each (limits and pages of every listing, the failed messages)', async () => {
    const parameters = await integerQueryParameters();
    const names = new Set(parameters.map((p) => `${p.api} ${p.name}`));
    expect([...names].sort()).toEqual(expect.arrayContaining(['admin limit', 'admin page', 'store limit', 'store page']));
    expect(parameters.some((p) => p.path === '/api/_action/message-queue/failed' && p.name === 'limit')).toBe(true);
    for (const p of parameters) {
      expect(typeof p.minimum, `${p.method} ${p.path} ${p.name}`).toBe('number');
      expect(typeof p.maximum, `${p.method} ${p.path} ${p.name}`).toBe('number');
      expect(p.maximum!, `${p.method} ${p.path} ${p.name}`).toBeLessThanOrEqual(2_147_483_647);
    }
  });

  it('answers out-of-range, non-finite and non-integer values with 400 in the error shape', async () => {
    const store = await createStoreApiClient(suite.t);
    const adminToken = await suite.t.adminToken();
    const parameters = await integerQueryParameters();
    const wrong: string[] = [];
    for (const parameter of parameters) {
      const values = ['1e400', 'Infinity', '-Infinity', '-1', String(2n ** 63n), 'NaN', '1.5', 'abc'];
      if (parameter.minimum !== undefined) values.push(String(parameter.minimum - 1));
      if (parameter.maximum !== undefined) values.push(String(parameter.maximum + 1));
      for (const value of values) {
        const url = urlOf(parameter, value);
        const method = parameter.method.toUpperCase();
        const response =
          parameter.api === 'admin'
            ? await suite.t.api(method, url, { token: adminToken, body: method === 'GET' ? undefined : {} })
            : await store.storeApi(method, url, { body: method === 'GET' ? undefined : {} });
        const error = response.statusCode === 400 ? (response.json() as { errors?: Array<Record<string, unknown>> }).errors?.[0] : undefined;
        const names = error && (String((error.source as { pointer?: string } | undefined)?.pointer ?? '').endsWith(`/${parameter.name}`) || String(error.detail).includes(parameter.name));
        if (!error || error.status !== '400' || typeof error.code !== 'string' || !names) wrong.push(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(parameters.length).toBeGreaterThan(10);
  });

  it('still takes every value inside the bounds', async () => {
    const ok = await suite.t.api('GET', '/api/_action/message-queue/failed?limit=500');
    expect(ok.statusCode).toBe(200);
    expect((await suite.t.api('GET', '/api/tax?limit=500&page=1000000')).statusCode).toBe(200);
  });
});
