import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { registerErrorHandler } from '../../../../src/platform/http/error-handler.js';
import { QueryInteger, schemaCompilerOptions, typed } from '../../../../src/platform/http/schemas/index.js';
import { withIntegerBounds } from '../../../../src/platform/http/schemas/query-integers.js';

/**
 * Integers in query strings and path parameters, for every route: a route that declares an integer
 * without bounds still never sees one outside 0..2^31-1, and no route sees a non-finite number (ajv
 * coerces `1e400` to Infinity and skips its range checks for it).
 */
describe('integers in query strings and path parameters', () => {
  let app: FastifyInstance;
  const reached: unknown[] = [];
  beforeAll(async () => {
    app = Fastify(schemaCompilerOptions());
    registerErrorHandler(app);
    const routes = typed(app);
    routes.get(
      '/unbounded/:n',
      { schema: { params: Type.Object({ n: Type.Integer() }), querystring: Type.Object({ offset: Type.Optional(Type.Integer()), ratio: Type.Optional(Type.Number()) }) } },
      async (request) => {
        reached.push({ n: request.params.n, ...request.query });
        return { ok: true };
      },
    );
    routes.get('/bounded', { schema: { querystring: Type.Object({ delta: Type.Optional(QueryInteger({ minimum: -10, maximum: 10 })) }) } }, async (request) => {
      reached.push(request.query);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('refuses what lies outside the default bounds or is not finite, pointing at the parameter', async () => {
    reached.length = 0;
    for (const [url, pointer] of [
      ['/unbounded/1?offset=-1', '/querystring/offset'],
      ['/unbounded/1?offset=2147483648', '/querystring/offset'],
      ['/unbounded/1?offset=9223372036854775808', '/querystring/offset'],
      ['/unbounded/1?offset=1e400', '/querystring/offset'],
      ['/unbounded/1?offset=Infinity', '/querystring/offset'],
      ['/unbounded/1?ratio=1e400', '/querystring/ratio'],
      ['/unbounded/1?ratio=-Infinity', '/querystring/ratio'],
      ['/unbounded/1e400', '/params/n'],
      ['/unbounded/-5', '/params/n'],
      ['/bounded?delta=11', '/querystring/delta'],
      ['/bounded?delta=1e400', '/querystring/delta'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors[0], url).toMatchObject({ status: '400', code: 'FRAMEWORK__INVALID_REQUEST_PARAMETER', source: { pointer } });
    }
    expect(reached).toEqual([]);
  });

  it('passes everything inside the bounds on, coerced', async () => {
    reached.length = 0;
    expect((await get('/unbounded/0?offset=2147483647&ratio=0.5')).statusCode).toBe(200);
    expect((await get('/bounded?delta=-10')).statusCode).toBe(200);
    expect(reached).toEqual([{ n: 0, offset: 2147483647, ratio: 0.5 }, { delta: -10 }]);
  });

  it('leaves a schema without unbounded integers as it is, and the original schema untouched', () => {
    const bounded = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 5 }), name: Type.String() });
    expect(withIntegerBounds(bounded)).toBe(bounded);
    const open = Type.Object({ page: Type.Integer({ minimum: 1 }) });
    expect(withIntegerBounds(open).properties.page).toMatchObject({ minimum: 1, maximum: 2_147_483_647 });
    expect(open.properties.page).not.toHaveProperty('maximum');
  });
});
