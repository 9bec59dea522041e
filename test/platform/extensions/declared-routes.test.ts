import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import type { Extension } from '../../../src/platform/extensions.js';
import { AppError, errors } from '../../../src/platform/errors/app-error.js';
import { defineRoute, rawRoutes, sendAnswer } from '../../../src/platform/sdk/routes.js';

const PRIVILEGE = 'ext_declared:echo';

/** An extension using every option of a declared route, and the escape hatch. */
const extension: Extension = {
  name: 'ExtDeclared',
  version: '1.0.0',
  privileges: [PRIVILEGE],
  routes: (host) => [
    defineRoute({
      method: 'POST',
      url: '/api/_action/ext-declared/echo',
      privileges: [PRIVILEGE],
      schema: { tags: ['Declared'], summary: 'Echo a name', body: Type.Object({ name: Type.String({ maxLength: 10 }) }) },
      // typed by the schema: `name` is a string here
      handler: async (request) => ({ name: request.body.name.toUpperCase(), extension: host.extensionName }),
    }),
    defineRoute({
      method: 'POST',
      url: '/ext-declared/hook',
      rawBody: true,
      bodyLimit: 64,
      errorAnswers: { badRequest: { status: 400, body: { hook: 'bad' } }, internalError: { status: 500 } },
      handler: async (request, reply) => {
        const raw = request.body as Buffer;
        if (raw.toString('utf8') === 'fail') throw new Error('handling failed');
        return sendAnswer(reply, { status: 200, body: { bytes: raw.length, isBuffer: Buffer.isBuffer(raw) } });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/ext-declared/gated',
      gate: (request) => {
        if (request.headers['x-open'] !== 'yes') throw errors.routeNotFound(request.method, request.url);
      },
      handler: async () => ({ open: true }),
    }),
    defineRoute({
      method: 'GET',
      url: '/ext-declared/xhr',
      xhrOnly: () => new AppError(400, 'EXT_DECLARED__XHR_REQUIRED', 'XMLHttpRequest calls only.'),
      handler: async () => ({ xhr: true }),
    }),
    rawRoutes('tests the escape hatch', (app) => {
      app.get('/ext-declared/raw', async () => ({ raw: true }));
    }),
  ],
};

describe('declared extension routes', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [extension] });
  });
  afterAll(() => t.close());

  it('validates the body against the schema and types the handler by it', async () => {
    const ok = await t.api('POST', '/api/_action/ext-declared/echo', { body: { name: 'ada' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ name: 'ADA', extension: 'ExtDeclared' });

    const invalid = await t.api('POST', '/api/_action/ext-declared/echo', { body: { name: 'much too long a name' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0]).toMatchObject({ status: '400', source: { pointer: '/name' } });
  });

  it('checks the privileges before the body is validated', async () => {
    const token = await t.tokenWithPrivileges(['tax:read']);
    const denied = await t.api('POST', '/api/_action/ext-declared/echo', { token, body: { name: 42 } });
    expect(denied.statusCode).toBe(403);
    expect(JSON.parse(denied.json().errors[0].detail).missingPrivileges).toEqual([PRIVILEGE]);
    const allowed = await t.api('POST', '/api/_action/ext-declared/echo', { token: await t.tokenWithPrivileges([PRIVILEGE]), body: { name: 'x' } });
    expect(allowed.statusCode).toBe(200);
  });

  it('puts the route into the OpenAPI document from its schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/_info/openapi3.json' })).json();
    const entry = doc.paths['/api/_action/ext-declared/echo'].post;
    expect(entry).toMatchObject({ tags: ['Declared'], summary: 'Echo a name' });
    expect(JSON.stringify(entry.requestBody)).toContain('"maxLength":10');
  });

  it('hands a raw-body route the exact bytes, whatever the content type', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/ext-declared/hook', headers: { 'content-type': 'application/json' }, payload: '{"broken' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bytes: 8, isBuffer: true });
  });

  it('answers with the route\'s own error answers: unreadable body and a failing handler', async () => {
    const tooLarge = await t.app.inject({ method: 'POST', url: '/ext-declared/hook', headers: { 'content-type': 'text/plain' }, payload: 'x'.repeat(65) });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ hook: 'bad' });

    const failed = await t.app.inject({ method: 'POST', url: '/ext-declared/hook', headers: { 'content-type': 'text/plain' }, payload: 'fail' });
    expect(failed.statusCode).toBe(500);
    expect(failed.body).toBe('');
  });

  it('runs the gate first and refuses calls that are not XMLHttpRequests where asked', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/ext-declared/gated' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/ext-declared/gated', headers: { 'x-open': 'yes' } })).json()).toEqual({ open: true });

    const plain = await t.app.inject({ method: 'GET', url: '/ext-declared/xhr', headers: { accept: 'application/json' } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors[0].code).toBe('EXT_DECLARED__XHR_REQUIRED');
    const xhr = await t.app.inject({ method: 'GET', url: '/ext-declared/xhr', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(xhr.json()).toEqual({ xhr: true });
  });

  it('mounts the escape hatch in the extension\'s scope; inactive, every route answers 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/ext-declared/raw' })).json()).toEqual({ raw: true });

    expect((await t.api('PUT', '/api/_action/extension/deactivate/plugin/ExtDeclared')).statusCode).toBe(204);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/ext-declared/raw' })).statusCode).toBe(404);
      expect((await t.api('POST', '/api/_action/ext-declared/echo', { body: { name: 'x' } })).statusCode).toBe(404);
      const hook = await t.app.inject({ method: 'POST', url: '/ext-declared/hook', headers: { 'content-type': 'text/plain' }, payload: 'x' });
      expect(hook.statusCode).toBe(404);
      expect(hook.json().errors[0].status).toBe('404');
    } finally {
      expect((await t.api('PUT', '/api/_action/extension/activate/plugin/ExtDeclared')).statusCode).toBe(204);
    }
  });
});
