import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { registerErrorHandler } from '../../../../src/platform/http/error-handler.js';
import { registerJsonParser } from '../../../../src/platform/http/raw-body.js';
import {
  answerValidationErrors,
  documentedOnly,
  IdParams,
  isSchemaValidationError,
  schemaCompilerOptions,
  typed,
  validationIssues,
} from '../../../../src/platform/http/schemas/index.js';

const ID = '0123456789abcdef0123456789abcdef';

/** The platform's request handling (validation options, JSON parser, error handler) with routes that record what reached them. */
async function buildTestApp(): Promise<{ app: FastifyInstance; reached: unknown[] }> {
  const reached: unknown[] = [];
  const app = Fastify(schemaCompilerOptions());
  registerJsonParser(app);
  registerErrorHandler(app);
  const routes = typed(app);

  routes.post(
    '/typed/:id',
    {
      schema: {
        params: IdParams('id'),
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1 })) }),
        body: Type.Object({ name: Type.String(), quantity: Type.Integer({ minimum: 1 }), tags: Type.Optional(Type.Array(Type.String())) }),
      },
    },
    async (request) => {
      reached.push({ id: request.params.id, limit: request.query.limit, body: request.body });
      return { ok: true };
    },
  );
  routes.post('/documented', { schema: { body: documentedOnly(Type.Object({ name: Type.String() })) } }, async (request) => {
    reached.push(request.body);
    return { ok: true };
  });
  routes.get('/answers/documented', { schema: { response: { 200: documentedOnly(Type.Object({ a: Type.String() })) } } }, async () => ({ a: 'x', extra: 1 }));
  routes.get('/answers/serialized', { schema: { response: { 200: Type.Object({ a: Type.String() }) } } }, async () => ({ a: 'x', extra: 1 }) as { a: string });
  routes.post('/attached', { attachValidation: true, schema: { body: Type.Object({ amount: Type.Number() }) } }, async (request, reply) => {
    if (request.validationError) return reply.code(422).send({ problems: validationIssues(request.validationError) });
    return { amount: request.body.amount };
  });
  await app.register(async (scope) => {
    // a route whose answers to malformed input are fixed by a third party (a webhook)
    answerValidationErrors(scope, (_issues, _request, reply) => reply.code(400).send({ status: 'error', message: 'Bad request' }));
    typed(scope).post('/hook/:id', { schema: { params: IdParams('id'), body: Type.Object({ event: Type.String() }) } }, async (request) => {
      if (request.body.event === 'fail') throw new Error('boom');
      return { status: 'success' };
    });
  });
  await app.ready();
  return { app, reached };
}

describe('schema validation of requests', () => {
  let app: FastifyInstance;
  let reached: unknown[];
  beforeAll(async () => ({ app, reached } = await buildTestApp()));
  afterAll(() => app.close());
  const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object, headers: { 'content-type': 'application/json' } });

  it('a wrong-typed body is a 400 in the error shape pointing into the body, and the handler never runs', async () => {
    reached.length = 0;
    const response = await post(`/typed/${ID}`, { name: 'x', quantity: 'many' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          status: '400',
          code: 'FRAMEWORK__INVALID_REQUEST_PARAMETER',
          title: 'Bad Request',
          detail: 'body/quantity must be integer',
          meta: { parameters: {} },
          source: { pointer: '/quantity' },
        },
      ],
    });
    expect(reached).toEqual([]);
  });

  it('points at a missing property, and at the body itself when it is not an object', async () => {
    expect((await post(`/typed/${ID}`, { quantity: 1 })).json().errors[0].source).toEqual({ pointer: '/name' });
    expect((await post(`/typed/${ID}`, [{ name: 'x', quantity: 1 }])).json().errors[0].source).toEqual({ pointer: '/' });
    expect((await post(`/typed/${ID}`, { name: 'x', quantity: 1, tags: ['a', 2] })).json().errors[0].source).toEqual({ pointer: '/tags/1' });
  });

  it('never coerces JSON bodies, but coerces query strings', async () => {
    reached.length = 0;
    // "2" for an integer, 5 for a string, a one-element list for a string: all refused
    for (const body of [{ name: 'x', quantity: '2' }, { name: 5, quantity: 2 }, { name: ['x'], quantity: 2 }, { name: null, quantity: 2 }]) {
      expect((await post(`/typed/${ID}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(reached).toEqual([]);
    const ok = await post(`/typed/${ID}?limit=5`, { name: 'x', quantity: 2 });
    expect(ok.statusCode).toBe(200);
    expect(reached).toEqual([{ id: ID, limit: 5, body: { name: 'x', quantity: 2 } }]);
    const badQuery = await post(`/typed/${ID}?limit=none`, { name: 'x', quantity: 2 });
    expect(badQuery.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__INVALID_REQUEST_PARAMETER', source: { pointer: '/querystring/limit' } });
  });

  it('a path id that is not 32 lowercase hex characters answers 404 as an unknown route', async () => {
    for (const id of ['not-an-id', ID.toUpperCase(), `${ID}0`]) {
      const response = await post(`/typed/${id}`, { name: 'x', quantity: 1 });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__ROUTE_NOT_FOUND', detail: `No route found for "POST /typed/${id}".` });
    }
  });

  it('a documented-only body reaches the handler as sent: the route checks it itself', async () => {
    reached.length = 0;
    expect((await post('/documented', { name: 5, other: true })).statusCode).toBe(200);
    expect((await post('/documented', ['a'])).statusCode).toBe(200);
    expect(reached).toEqual([{ name: 5, other: true }, ['a']]);
  });

  it('with attachValidation the route answers violations itself', async () => {
    const response = await post('/attached', { amount: '10' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ problems: [{ part: 'body', pointer: '/amount', keyword: 'type', message: 'must be number' }] });
    expect((await post('/attached', { amount: 10 })).json()).toEqual({ amount: 10 });
  });

  it('answerValidationErrors gives a scope its own answer to violations; other errors keep the platform shape', async () => {
    const bad = await post(`/hook/${ID}`, { event: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'error', message: 'Bad request' });
    expect((await post(`/hook/${ID}`, { event: 'charge.completed' })).json()).toEqual({ status: 'success' });
    // a malformed path id is still an unknown route, and a fault still the generic 500
    expect((await post('/hook/nope', { event: 'x' })).json().errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
    const fault = await post(`/hook/${ID}`, { event: 'fail' });
    expect(fault.statusCode).toBe(500);
    expect(fault.json().errors[0].code).toBe('FRAMEWORK__INTERNAL_SERVER_ERROR');
  });

  it('a documented answer is sent as the handler returns it; a real response schema still serializes', async () => {
    expect((await app.inject({ method: 'GET', url: '/answers/documented' })).json()).toEqual({ a: 'x', extra: 1 });
    expect((await app.inject({ method: 'GET', url: '/answers/serialized' })).json()).toEqual({ a: 'x' });
  });

  it('recognises fastify validation errors only', () => {
    expect(isSchemaValidationError(new Error('x'))).toBe(false);
    expect(isSchemaValidationError(Object.assign(new Error('x'), { validation: [] }))).toBe(true);
  });
});
