import { describe, expect, it } from 'vitest';
import { useTestPlatformWithExtension } from '../../helpers/test-platform.js';
import { createStoreApiClient } from '../store-api/store-api-client.js';
import { newId } from '../../../src/platform/ids.js';
import { operations, resolve, type Document } from './openapi/document-helpers.js';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
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

  // Path and other required parameters get values that let the request through (an existing record where one
  // is at hand), so the integer is what is wrong.
  const urlOf = async (parameter: IntegerQueryParameter, value: string): Promise<string> => {
    let path = parameter.path;
    for (const match of parameter.path.matchAll(/\{([^}]+)\}/g)) path = path.replace(match[0], await pathValue(parameter, match[1]!));
    const query = new URLSearchParams({ [parameter.name]: value });
    for (const other of parameter.parameters) {
      if (other.in === 'query' && other.required && other.name !== parameter.name) query.set(other.name, Array.isArray(other.schema?.enum) ? String(other.schema.enum[0]) : 'x');
    }
    return `${path}?${query}`;
  };
  const pathValue = async (parameter: IntegerQueryParameter, name: string): Promise<string> => {
    const schema = parameter.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
    if (Array.isArray(schema.enum)) return String(schema.enum[0]);
    const entity = /^(\w+)Id$/.exec(name)?.[1]?.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const row = entity ? await suite.t.platform.db.selectFrom(entity).select('id').limit(1).executeTakeFirst().catch(() => undefined) : undefined;
    return (row?.id as string | undefined) ?? newId();
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
    const send = (parameter: IntegerQueryParameter, url: string) => {
      const method = parameter.method.toUpperCase();
      const body = method === 'GET' ? undefined : {};
      return parameter.api === 'admin' ? suite.t.api(method, url, { token: adminToken, body }) : store.storeApi(method, url, { body });
    };
    const namesParameter = (parameter: IntegerQueryParameter, response: { statusCode: number; json(): unknown }) => {
      if (response.statusCode !== 400) return false;
      const error = (response.json() as { errors?: Array<{ status?: string; code?: unknown; detail?: unknown; source?: { pointer?: string } }> }).errors?.[0];
      return error?.status === '400' && typeof error.code === 'string' && (String(error.source?.pointer ?? '').endsWith(`/${parameter.name}`) || String(error.detail).includes(parameter.name));
    };
    const parameters = await integerQueryParameters();
    const wrong: string[] = [];
    const checked = new Set<string>();
    for (const parameter of parameters) {
      // a route that refuses a valid value for another reason first (a record that does not exist) must answer
      // a bad value no differently: the value did not get further either
      const baseline = await send(parameter, await urlOf(parameter, String(parameter.minimum ?? 1)));
      const values = ['1e400', 'Infinity', '-Infinity', '-1', String(2n ** 63n), 'NaN', '1.5', 'abc'];
      if (parameter.minimum !== undefined) values.push(String(parameter.minimum - 1));
      if (parameter.maximum !== undefined) values.push(String(parameter.maximum + 1));
      for (const value of values) {
        const url = await urlOf(parameter, value);
        const response = await send(parameter, url);
        if (namesParameter(parameter, response)) checked.add(`${parameter.method} ${parameter.path}`);
        else if (baseline.statusCode < 400 || baseline.statusCode >= 500 || response.statusCode !== baseline.statusCode) {
          wrong.push(`${parameter.method.toUpperCase()} ${url}: ${response.statusCode} ${response.body.slice(0, 160)} (a valid value: ${baseline.statusCode})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(parameters.length).toBeGreaterThan(10);
    // these reach the check itself
    expect([...checked]).toEqual(expect.arrayContaining(['get /api/_action/message-queue/failed', 'get /api/tax', 'get /api/tax/{id}', 'get /store-api/product', 'get /store-api/category']));
  });

  it('still takes every value inside the bounds', async () => {
    const ok = await suite.t.api('GET', '/api/_action/message-queue/failed?limit=500');
    expect(ok.statusCode).toBe(200);
    expect((await suite.t.api('GET', '/api/tax?limit=500&page=1000000')).statusCode).toBe(200);
  });
});
