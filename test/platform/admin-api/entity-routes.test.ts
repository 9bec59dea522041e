import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiContext } from '../../../src/platform/acl/context.js';
import { registerEntityRoutes } from '../../../src/platform/admin-api/entity-routes.js';
import type { DatabaseHandle } from '../../../src/platform/database/connection.js';
import { EventDispatcher } from '../../../src/platform/events/dispatcher.js';
import { RepositoryFactory } from '../../../src/platform/entities/repository.js';
import { registerErrorHandler } from '../../../src/platform/http/error-handler.js';
import { registerJsonParser } from '../../../src/platform/http/raw-body.js';
import { admin, createRegistry, id, restricted } from '../entities/fixtures.js';
import { openTestDatabase } from '../entities/database-fixtures.js';

// The whole-platform helper boots the production app, whose route list is not ours to change; this
// small app has the same JSON parser, error handler and ajv options, plus a stand-in for the
// bearer-token hook: `x-test-privileges` (comma-separated) makes a restricted caller, else admin.
let handle: DatabaseHandle;
let app: FastifyInstance;
const unavailable = new Set<string>();
const STATE = id(101);

beforeAll(async () => {
  handle = await openTestDatabase();
  const registry = createRegistry();
  const dispatcher = new EventDispatcher();
  const repositories = new RepositoryFactory({ registry, dispatcher, db: handle.db });
  app = Fastify({ ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } } });
  registerJsonParser(app);
  registerErrorHandler(app);
  app.decorateRequest('apiContext', null as unknown as ApiContext);
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-test-privileges'];
    request.apiContext = typeof header === 'string' ? restricted(...header.split(',')) : admin;
  });
  registerEntityRoutes(app, { registry, repositories, db: handle.db, isEntityAvailable: (name) => !unavailable.has(name) });
  await app.ready();
  await handle.db
    .insertInto('test_state')
    .values({ id: STATE, technical_name: 'open', created_at: new Date() })
    .execute();
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const json = { accept: 'application/json' };

async function createTax(name: string, taxRate: number): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/test-tax', headers: json, payload: { name, taxRate } });
  expect(response.statusCode).toBe(204);
  return response.headers.location!.split('/').pop()!;
}

describe('generic entity routes', () => {
  it('POST answers 204 with Location, or 200 with the record when _response is given', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test-tax', headers: json, payload: { name: 'Standard', taxRate: 19 } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers.location).toMatch(/^http:\/\/localhost(:\d+)?\/api\/test-tax\/[0-9a-f]{32}$/);

    const detail = await app.inject({ method: 'POST', url: '/api/test-tax?_response=1', headers: json, payload: { name: 'Reduced', taxRate: 7, customFields: { a: 1 } } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ name: 'Reduced', taxRate: 7, customFields: { a: 1 }, apiAlias: 'test_tax', updatedAt: null });
  });

  it('rejects array bodies and reports validation errors with pointers', async () => {
    const array = await app.inject({ method: 'POST', url: '/api/test-tax', headers: json, payload: [{ name: 'x', taxRate: 1 }] });
    expect(array.statusCode).toBe(400);
    expect(array.json().errors[0].code).toBe('FRAMEWORK__INVALID_REQUEST_BODY');

    const invalid = await app.inject({ method: 'POST', url: '/api/test-tax', headers: json, payload: { taxRate: 'x', extra: true } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual(['/taxRate', '/extra', '/name']);
    expect(invalid.json().errors[0]).toMatchObject({ status: '400', code: 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION', title: 'Bad Request' });
  });

  it('GET by id answers {data} or 404; a malformed id is 404 too', async () => {
    const taxId = await createTax('Detail', 5);
    const found = await app.inject({ method: 'GET', url: `/api/test-tax/${taxId}`, headers: json });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      data: expect.objectContaining({ id: taxId, name: 'Detail', taxRate: 5, position: null, customFields: {}, apiAlias: 'test_tax' }),
    });
    const missing = await app.inject({ method: 'GET', url: `/api/test-tax/${id(4242)}`, headers: json });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__RESOURCE_NOT_FOUND', detail: `The test_tax resource with the following primary key was not found: id(${id(4242)})` });
    expect((await app.inject({ method: 'GET', url: '/api/test-tax/NOT-AN-ID', headers: json })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/no-such-entity', headers: json })).statusCode).toBe(404);
  });

  it('PATCH updates (204 or 200 with _response) and answers 404 for missing records', async () => {
    const taxId = await createTax('Before', 1);
    const patched = await app.inject({ method: 'PATCH', url: `/api/test-tax/${taxId}`, headers: json, payload: { name: 'After' } });
    expect(patched.statusCode).toBe(204);
    expect(patched.headers.location).toContain(`/api/test-tax/${taxId}`);
    const detail = await app.inject({ method: 'PATCH', url: `/api/test-tax/${taxId}?_response=true`, headers: json, payload: { position: 3 } });
    expect(detail.json().data).toMatchObject({ name: 'After', position: 3, updatedAt: expect.any(String) });
    const missing = await app.inject({ method: 'PATCH', url: `/api/test-tax/${id(4343)}`, headers: json, payload: { name: 'x' } });
    expect(missing.statusCode).toBe(404);
  });

  it('PATCH writes the record its path names, whatever id the body carries', async () => {
    const target = await createTax('Target', 1);
    const bystander = await createTax('Bystander', 2);
    const patched = await app.inject({ method: 'PATCH', url: `/api/test-tax/${target}`, headers: json, payload: { id: bystander, name: 'Renamed' } });
    expect(patched.statusCode).toBe(204);
    expect(patched.headers.location).toMatch(new RegExp(`/api/test-tax/${target}$`));
    const names = await handle.db.selectFrom('test_tax').select(['id', 'name']).where('id', 'in', [target, bystander]).orderBy('name').execute();
    expect(names).toEqual([
      { id: bystander, name: 'Bystander' },
      { id: target, name: 'Renamed' },
    ]);
  });

  it('JSON:API listings link their pages: first, prev, next and (with exact counts) last', async () => {
    for (const n of [1, 2, 3, 4, 5]) await createTax(`Paged ${n}`, n);
    const filter = 'filter[0][type]=prefix&filter[0][field]=name&filter[0][value]=Paged&sort=taxRate';
    const page = async (query: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/test-tax?${filter}&${query}`, headers: { accept: 'application/vnd.api+json' } });
      expect(response.statusCode).toBe(200);
      const { links, data } = response.json() as { links: Record<string, string>; data: Array<{ attributes: { name: string } }> };
      // each link keeps the criteria and names its page
      for (const link of Object.values(links)) expect(new URL(link).searchParams.get('filter[0][value]')).toBe('Paged');
      const pages = Object.fromEntries(Object.entries(links).map(([rel, link]) => [rel, new URL(link).searchParams.get('page')]));
      return { pages, names: data.map((r) => r.attributes.name) };
    };

    expect(await page('limit=2&page=2&total-count-mode=exact')).toEqual({
      pages: { self: '2', first: '1', prev: '1', next: '3', last: '3' },
      names: ['Paged 3', 'Paged 4'],
    });
    // without a count, a full page suggests a next one; a short page is the last
    expect((await page('limit=2&page=1')).pages).toEqual({ self: '1', first: '1', next: '2' });
    expect((await page('limit=2&page=3')).pages).toEqual({ self: '3', first: '1', prev: '2' });

    // a POST search only links itself
    const search = await app.inject({ method: 'POST', url: '/api/search/test-tax', headers: { accept: 'application/vnd.api+json' }, payload: { limit: 1 } });
    expect(Object.keys(search.json().links)).toEqual(['self']);
  });

  it('DELETE answers 204, then 404', async () => {
    const taxId = await createTax('Doomed', 1);
    expect((await app.inject({ method: 'DELETE', url: `/api/test-tax/${taxId}`, headers: json })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/test-tax/${taxId}`, headers: json })).statusCode).toBe(404);
  });

  it('lists in plain JSON with criteria from the query string or the body, and search-ids', async () => {
    for (const n of [1, 2, 3]) await createTax(`Listed ${n}`, n);
    const listing = await app.inject({
      method: 'GET',
      url: '/api/test-tax?limit=2&sort=-taxRate&total-count-mode=exact&filter[0][type]=prefix&filter[0][field]=name&filter[0][value]=Listed',
      headers: json,
    });
    expect(listing.statusCode).toBe(200);
    expect(listing.json()).toEqual({
      total: 3,
      data: [expect.objectContaining({ name: 'Listed 3' }), expect.objectContaining({ name: 'Listed 2' })],
      aggregations: {},
    });
    const search = await app.inject({
      method: 'POST',
      url: '/api/search/test-tax',
      headers: json,
      payload: { filter: [{ type: 'contains', field: 'test_tax.name', value: 'listed' }], includes: { test_tax: ['name'] }, sort: [{ field: 'name', order: 'ASC' }] },
    });
    expect(search.json().data[0]).toEqual({ id: expect.any(String), name: 'Listed 1', apiAlias: 'test_tax' });
    const ids = await app.inject({ method: 'POST', url: '/api/search-ids/test-tax', headers: json, payload: { filter: [{ type: 'prefix', field: 'name', value: 'Listed' }], 'total-count-mode': 1 } });
    expect(ids.json()).toEqual({ total: 3, data: [expect.stringMatching(/^[0-9a-f]{32}$/), expect.any(String), expect.any(String)] });
  });

  it('answers search errors with pointers', async () => {
    const unsupported = await app.inject({ method: 'POST', url: '/api/search/test-tax', headers: json, payload: { filter: [{ type: 'weird' }] } });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__INVALID_FILTER_QUERY', detail: 'Unsupported filter type: weird', source: { pointer: '/filter/0/type' } });
    const limit = await app.inject({ method: 'GET', url: '/api/test-tax?limit=501', headers: json });
    expect(limit.json().errors[0].code).toBe('FRAMEWORK__QUERY_LIMIT_EXCEEDED');
  });

  it('renders JSON:API for vnd.api+json, */* and no Accept', async () => {
    const taxId = await createTax('Api', 10);
    const orderResponse = await app.inject({
      method: 'POST',
      url: '/api/test-order',
      headers: json,
      payload: { orderNumber: 'JA-1', stateId: STATE, taxId, transactions: [{ amount: 4 }] },
    });
    expect(orderResponse.statusCode).toBe(204);
    const orderId = orderResponse.headers.location!.split('/').pop()!;
    for (const accept of ['application/vnd.api+json', '*/*', undefined]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/test-order?filter[0][type]=equals&filter[0][field]=id&filter[0][value]=${orderId}&associations[tax][limit]=1&associations[transactions][limit]=5&total-count-mode=exact`,
        headers: accept ? { accept } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/vnd.api+json');
      const body = response.json();
      expect(body.meta).toEqual({ totalCountMode: 1, total: 1 });
      expect(body.data[0]).toMatchObject({
        id: orderId,
        type: 'test_order',
        attributes: { orderNumber: 'JA-1', taxId },
        links: { self: expect.stringContaining(`/api/test-order/${orderId}`) },
        relationships: { tax: { data: { type: 'test_tax', id: taxId } }, paymentMethods: { data: [] } },
      });
      expect(body.data[0].attributes).not.toHaveProperty('tax');
      expect(body.included.map((r: { type: string }) => r.type).sort()).toEqual(['test_order_transaction', 'test_tax']);
      expect(body.links.self).toContain('/api/test-order?');
    }
    const detail = await app.inject({ method: 'GET', url: `/api/test-order/${orderId}`, headers: { accept: 'application/vnd.api+json' } });
    expect(detail.json().data).toMatchObject({ id: orderId, type: 'test_order' });
    expect((await app.inject({ method: 'GET', url: '/api/test-order', headers: { accept: 'text/html' } })).statusCode).toBe(415);
  });

  it('checks route and association privileges', async () => {
    const denied = await app.inject({ method: 'GET', url: '/api/test-tax', headers: { ...json, 'x-test-privileges': 'test_order:read' } });
    expect(denied.statusCode).toBe(403);
    expect(JSON.parse(denied.json().errors[0].detail)).toEqual({ message: 'Missing privilege', missingPrivileges: ['test_tax:read'] });
    const association = await app.inject({
      method: 'POST',
      url: '/api/search/test-order',
      headers: { ...json, 'x-test-privileges': 'test_order:read' },
      payload: { associations: { tax: {} }, filter: [{ type: 'equals', field: 'stateMachineState.technicalName', value: 'open' }] },
    });
    expect(association.statusCode).toBe(403);
    expect(JSON.parse(association.json().errors[0].detail).missingPrivileges.sort()).toEqual(['test_state:read', 'test_tax:read']);
    const create = await app.inject({ method: 'POST', url: '/api/test-tax', headers: { ...json, 'x-test-privileges': 'test_tax:read' }, payload: { name: 'x', taxRate: 1 } });
    expect(JSON.parse(create.json().errors[0].detail).missingPrivileges).toEqual(['test_tax:create']);
    const del = await app.inject({ method: 'DELETE', url: `/api/test-tax/${id(1)}`, headers: { ...json, 'x-test-privileges': 'test_tax:read' } });
    expect(del.statusCode).toBe(403);
    const allowed = await app.inject({ method: 'POST', url: '/api/test-tax', headers: { ...json, 'x-test-privileges': 'test_tax:create' }, payload: { name: 'ok', taxRate: 1 } });
    expect(allowed.statusCode).toBe(204);
  });

  it('has no write routes for read-only entities and hides unavailable entities', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/test-state', headers: json, payload: { technicalName: 'x' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/test-state', headers: json })).statusCode).toBe(200);
    unavailable.add('test_payment_method');
    try {
      const hidden = await app.inject({ method: 'GET', url: '/api/test-payment-method', headers: json });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
    } finally {
      unavailable.delete('test_payment_method');
    }
  });

  it('turns constraint errors into 400s', async () => {
    await app.inject({ method: 'POST', url: '/api/test-payment-method', headers: json, payload: { name: 'A', technicalName: 'dup' } });
    const duplicate = await app.inject({ method: 'POST', url: '/api/test-payment-method', headers: json, payload: { name: 'B', technicalName: 'dup' } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION', source: { pointer: '/technicalName' } });
  });
});
