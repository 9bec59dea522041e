import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSigningSecret } from '../../../../src/extensions/order-export/delivery/standard-webhooks.js';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

describe('order export entities through the generic Admin API', () => {
  let oe: OrderExportTest;
  let mappingId: string;
  beforeAll(async () => {
    oe = await startOrderExportTest();
    mappingId = await oe.createMapping();
  });
  afterAll(() => oe.close());

  const storedSecret = async (configId: string) => {
    const row = await oe.host.db.selectFrom('ext_order_export_config').select('signing_secret').where('id', '=', configId).executeTakeFirstOrThrow();
    return { sealed: row.signing_secret as string, plain: oe.host.secrets.decrypt(row.signing_secret as string) };
  };

  it('a target without a signing secret gets a generated whsec_ one, sealed at rest and never read back', async () => {
    const created = await oe.t.api('POST', '/api/ext-order-export-config?_response=1', { body: { name: 'generated', url: 'https://erp.example.com/orders', mappingId } });
    expect(created.statusCode, created.body).toBe(200);
    const target = created.json().data;
    expect(target).toMatchObject({ active: true, method: 'POST', headers: {}, timeoutMs: 10_000, ackMode: 'none', autoExport: 'off', credentialId: null });
    expect(target).not.toHaveProperty('signingSecret');
    const { sealed, plain } = await storedSecret(target.id);
    expect(isValidSigningSecret(plain)).toBe(true);
    expect(sealed).not.toContain(plain.slice('whsec_'.length));
    expect(created.body).not.toContain(plain);
    const read = await oe.t.api('GET', `/api/ext-order-export-config/${target.id}`);
    expect(read.json().data).not.toHaveProperty('signingSecret');
    const filtered = await oe.t.api('POST', '/api/search/ext-order-export-config', { body: { filter: [{ type: 'equals', field: 'signingSecret', value: plain }] } });
    expect(filtered.statusCode).toBe(400);
  });

  it('a given signing secret is kept; a new one replaces it (write-only)', async () => {
    const configId = await oe.createTarget({ mappingId });
    expect((await storedSecret(configId)).plain).toBe(oe.signingSecret);
    const next = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    expect((await oe.t.api('PATCH', `/api/ext-order-export-config/${configId}`, { body: { signingSecret: next } })).statusCode).toBe(204);
    expect((await storedSecret(configId)).plain).toBe(next);
  });

  it('refuses malformed targets: signing secret format, URL, method, headers the export sets, timeout, enums', async () => {
    const base = { name: 'bad', url: 'https://erp.example.com/orders', mappingId };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ signingSecret: 'not-a-secret' }, /"signingSecret" must be "whsec_"/],
      [{ signingSecret: null }, /"signingSecret" must not be null/],
      [{ url: 'ftp://erp.example.com' }, /"url" must use http or https/],
      [{ url: 'https://user:pw@erp.example.com' }, /must not contain a user name or password/],
      [{ method: 'GET' }, /"method" must be one of: POST, PUT/],
      [{ headers: { Authorization: 'Bearer x' } }, /headers\.Authorization: set by the export itself/],
      [{ headers: { 'X-Ok': 'a\r\nInjected: 1' } }, /must be text without line breaks/],
      [{ timeoutMs: 60_001 }, /timeoutMs must be a whole number of milliseconds from 1 to 60000/],
      [{ ackMode: 'sometimes' }, /"ackMode" must be one of: none, callback/],
      [{ autoExport: 'hourly' }, /"autoExport" must be one of: off, order_placed, order_paid/],
    ];
    for (const [fields, detail] of cases) {
      const response = await oe.t.api('POST', '/api/ext-order-export-config', { body: { ...base, ...fields } });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().errors[0].detail).toMatch(detail);
    }
  });

  it('exports and attempts are readable and searchable with their privileges, and written by the export only', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    const { orderExportId, attemptId } = (await oe.exportOrder({ orderId: order.orderId, configId })).json();
    const search = await oe.t.api('POST', '/api/search/ext-order-export', {
      body: { filter: [{ type: 'equals', field: 'orderId', value: order.orderId }], associations: { attempts: {} } },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().data).toEqual([
      expect.objectContaining({ id: orderExportId, orderId: order.orderId, configId, revision: 1, status: 'exported', attempts: [expect.objectContaining({ id: attemptId, outcome: 'exported', trigger: 'manual' })] }),
    ]);
    const reader = await oe.t.tokenWithPrivileges(['ext_order_export:read', 'ext_order_export_attempt:read']);
    expect((await oe.t.api('GET', `/api/ext-order-export-attempt/${attemptId}`, { token: reader })).json().data).toMatchObject({ responseStatus: 200, requestMethod: 'POST' });
    const stranger = await oe.t.tokenWithPrivileges(['ext_order_export_config:read']);
    expect((await oe.t.api('POST', '/api/search/ext-order-export', { body: {}, token: stranger })).statusCode).toBe(403);
    for (const [method, url] of [
      ['PATCH', `/api/ext-order-export/${orderExportId}`],
      ['POST', '/api/ext-order-export'],
      ['DELETE', `/api/ext-order-export-attempt/${attemptId}`],
    ] as const) {
      const response = await oe.t.api(method, url, { body: method === 'DELETE' ? undefined : { status: 'acknowledged' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
    }
  });

  it('a mapping or credential in use cannot be deleted; deleting a target deletes its exports and attempts', async () => {
    const credentialId = await oe.createCredential({ name: 'in use', authType: 'none' });
    const usedMapping = await oe.createMapping(undefined, 'in use');
    const configId = await oe.createTarget({ mappingId: usedMapping, credentialId });
    const order = await oe.createOrder();
    const { orderExportId } = (await oe.exportOrder({ orderId: order.orderId, configId })).json();
    expect((await oe.t.api('DELETE', `/api/ext-order-export-mapping/${usedMapping}`)).statusCode).toBe(400);
    expect((await oe.t.api('DELETE', `/api/ext-order-export-credential/${credentialId}`)).statusCode).toBe(400);
    expect((await oe.t.api('DELETE', `/api/ext-order-export-config/${configId}`)).statusCode).toBe(204);
    expect(await oe.attempts(orderExportId)).toEqual([]);
    expect(await oe.exportRow(order.orderId, configId)).toBeUndefined();
    expect((await oe.t.api('DELETE', `/api/ext-order-export-mapping/${usedMapping}`)).statusCode).toBe(204);
  });

  it('the OpenAPI document describes the routes with their request schemas and privileges', async () => {
    const document = (await oe.t.api('GET', '/api/_info/openapi3.json')).json();
    const exportRoute = document.paths['/api/_action/ext-order-export/export'].post;
    expect(exportRoute.tags).toEqual(['Order export']);
    expect(exportRoute.description).toContain('ext_order_export:update');
    const body = exportRoute.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['orderId', 'configId']);
    expect(Object.keys(body.properties)).toEqual(['orderId', 'configId', 'forceReExport']);
    expect(document.paths['/api/_action/ext-order-export/credential/save'].post.requestBody.content['application/json'].schema.properties.authType).toBeDefined();
    expect(document.paths['/api/_action/ext-order-export/mapping/{mappingId}/rollback'].post).toBeDefined();
    // the storefront callback is not part of the Admin API document
    expect(document.paths['/ext-order-export/acknowledge']).toBeUndefined();
  });
});
