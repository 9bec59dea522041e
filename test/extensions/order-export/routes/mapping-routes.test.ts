import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { startOrderExportTest, TEST_MAPPING, type OrderExportTest } from '../order-export-test-setup.js';

const PREFIX = '/api/_action/ext-order-export/mapping';

describe('mapping routes: validate, preview, text export and import, versions and rollback', () => {
  let oe: OrderExportTest;
  beforeAll(async () => {
    oe = await startOrderExportTest();
  });
  afterAll(() => oe.close());

  const post = (path: string, body: unknown, token?: string) => oe.t.api('POST', `${PREFIX}/${path}`, { body, token });

  it('validate: {valid, problems} with one problem per path; problems are answers, not errors', async () => {
    expect((await post('validate', { definition: TEST_MAPPING })).json()).toEqual({ valid: true, problems: [] });
    const response = await post('validate', {
      definition: {
        fields: {
          total: { expr: 42 },
          lines: { expr: 'lineItems.{ "sku": }' },
          x: { expr: 'a', value: 1 },
          stamp: { expr: '$now()' },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const { valid, problems } = response.json();
    expect(valid).toBe(false);
    expect(problems).toEqual([
      'fields.total.expr must be a string',
      expect.stringMatching(/^fields\.lines\.expr: syntax error at position \d+: /),
      'fields.x: exactly one of expr, value or fields',
      'fields.stamp.expr: at position 4 $now is not allowed: it is not deterministic and would defeat deduplication',
    ]);
    expect((await post('validate', { definition: 'fields' })).json()).toEqual({ valid: false, problems: ['definition must be an object'] });
  });

  it('validate without a definition is a 400; without ext_order_export_mapping:read a 403', async () => {
    expect((await post('validate', {})).statusCode).toBe(400);
    const token = await oe.t.tokenWithPrivileges(['ext_order_export_mapping:update']);
    const response = await post('validate', { definition: TEST_MAPPING }, token);
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.json().errors[0].detail).missingPrivileges).toEqual(['ext_order_export_mapping:read']);
  });

  it('preview renders against a real order without sending; render errors per path next to the data', async () => {
    const order = await oe.createOrder();
    const before = oe.sim.deliveries.length;
    const ok = await post('preview', { definition: TEST_MAPPING, orderId: order.orderId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true, problems: [], errors: {}, data: { total: 39.98, customer: { email: 'fixture@example.com' }, lines: [{ qty: 2 }] } });

    const partly = await post('preview', {
      definition: { fields: { number: { expr: 'orderNumber' }, vat: { expr: 'orderCustomer.vatId', required: true }, n: { expr: 'orderNumber', type: 'integer' } } },
      orderId: order.orderId,
    });
    expect(partly.json()).toEqual({
      valid: true,
      problems: [],
      data: { number: expect.stringMatching(/^T-/) },
      errors: { vat: 'required, but the expression yielded nothing', n: expect.stringMatching(/^must be an integer, got text/) },
    });

    const invalid = await post('preview', { definition: { fields: { a: {} } }, orderId: order.orderId });
    expect(invalid.json()).toEqual({ valid: false, problems: ['fields.a: exactly one of expr, value or fields'], data: {}, errors: {} });
    expect(oe.sim.deliveries).toHaveLength(before);
  });

  it('preview of an unknown order is a 404', async () => {
    const response = await post('preview', { definition: TEST_MAPPING, orderId: newId() });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('FRAMEWORK__RESOURCE_NOT_FOUND');
  });

  it('export gives JSON or YAML text that import reads back; bad text is {valid:false, error}; a bad format is a 400', async () => {
    for (const format of ['json', 'yaml'] as const) {
      const exported = await post('export', { definition: TEST_MAPPING, format });
      expect(exported.statusCode).toBe(200);
      expect(exported.json().format).toBe(format);
      const imported = await post('import', { content: exported.json().content, format });
      expect(imported.json()).toEqual({ valid: true, definition: TEST_MAPPING });
    }
    expect((await post('export', { definition: { fields: { a: { value: 1 } } }, format: 'json' })).json().content).toBe('{\n  "fields": {\n    "a": {\n      "value": 1\n    }\n  }\n}\n');
    expect((await post('import', { content: '{"fields": {', format: 'json' })).json()).toEqual({ valid: false, error: expect.stringMatching(/^JSON syntax error at line 1, column \d+: /) });
    expect((await post('import', { content: 'fields:\n  a: 1\n  a: 2\n', format: 'yaml' })).json()).toEqual({
      valid: false,
      error: expect.stringMatching(/^YAML syntax error at line 3, column 3: Map keys must be unique/),
    });
    expect((await post('import', { content: '[1]', format: 'json' })).json()).toMatchObject({ valid: false });
    expect((await post('export', { definition: TEST_MAPPING, format: 'xml' })).statusCode).toBe(400);
  });

  it('every definition change writes an immutable version; a name change does not; invalid definitions are refused on write', async () => {
    const mappingId = await oe.createMapping({ fields: { a: { value: 1 } } }, 'versioned');
    const versions = async () =>
      (await oe.t.api('POST', '/api/search/ext-order-export-mapping-version', { body: { filter: [{ type: 'equals', field: 'mappingId', value: mappingId }] } }))
        .json()
        .data.map((v: { version: number; definition: unknown }) => [v.version, v.definition]);
    const mapping = async () => (await oe.t.api('GET', `/api/ext-order-export-mapping/${mappingId}`)).json().data;
    expect(await versions()).toEqual([[1, { fields: { a: { value: 1 } } }]]);
    expect(await mapping()).toMatchObject({ currentVersion: 1 });

    expect((await oe.t.api('PATCH', `/api/ext-order-export-mapping/${mappingId}`, { body: { definition: { fields: { a: { value: 2 } } } } })).statusCode).toBe(204);
    expect((await oe.t.api('PATCH', `/api/ext-order-export-mapping/${mappingId}`, { body: { name: 'renamed' } })).statusCode).toBe(204);
    const refused = await oe.t.api('PATCH', `/api/ext-order-export-mapping/${mappingId}`, { body: { definition: { fields: { a: { expr: 1 } } } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].detail).toBe('The value of "definition" is invalid: fields.a.expr must be a string.');
    expect((await oe.t.api('PATCH', `/api/ext-order-export-mapping/${mappingId}`, { body: { currentVersion: 9 } })).statusCode).toBe(400);
    // the same fields in another order are another version: the payload's member order follows them
    expect((await oe.t.api('PATCH', `/api/ext-order-export-mapping/${mappingId}`, { body: { definition: { fields: { a: { value: 2 }, b: { value: 3 } } } } })).statusCode).toBe(204);
    expect((await oe.t.api('PATCH', `/api/ext-order-export-mapping/${mappingId}`, { body: { definition: { fields: { b: { value: 3 }, a: { value: 2 } } } } })).statusCode).toBe(204);
    const stored = await versions();
    expect(stored).toEqual([
      [1, { fields: { a: { value: 1 } } }],
      [2, { fields: { a: { value: 2 } } }],
      [3, { fields: { a: { value: 2 }, b: { value: 3 } } }],
      [4, { fields: { b: { value: 3 }, a: { value: 2 } } }],
    ]);
    expect(Object.keys((stored[3]![1] as { fields: object }).fields)).toEqual(['b', 'a']);
    expect(await mapping()).toMatchObject({ name: 'renamed', currentVersion: 4 });
    const versionId = (await oe.t.api('POST', '/api/search/ext-order-export-mapping-version', { body: { filter: [{ type: 'equals', field: 'mappingId', value: mappingId }] } })).json().data[0].id;
    // versions are immutable: the entity has no write routes
    const rewrite = await oe.t.api('PATCH', `/api/ext-order-export-mapping-version/${versionId}`, { body: { version: 5 } });
    expect(rewrite.statusCode).toBe(404);
    expect(rewrite.json().errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
  });

  it('rollback makes an earlier version current again as a new version; exports use the current version', async () => {
    const mappingId = await oe.createMapping({ fields: { revision: { value: 'first' } } }, 'rolled back');
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    await oe.t.api('PATCH', `/api/ext-order-export-mapping/${mappingId}`, { body: { definition: { fields: { revision: { value: 'second' } } } } });
    expect((await oe.exportOrder({ orderId: order.orderId, configId })).statusCode).toBe(200);
    expect(oe.sim.deliveries.at(-1)!.json).toEqual({ revision: 'second' });

    const rollback = await post(`${mappingId}/rollback`, { version: 1 });
    expect(rollback.statusCode, rollback.body).toBe(200);
    expect(rollback.json()).toEqual({ mappingId, currentVersion: 3, restoredVersion: 1 });
    expect((await oe.exportOrder({ orderId: order.orderId, configId })).json()).toMatchObject({ outcome: 'exported', revision: 2 });
    expect(oe.sim.deliveries.at(-1)!.json).toEqual({ revision: 'first' });
    const row = await oe.exportRow(order.orderId, configId);
    const current = (await oe.host.db.selectFrom('ext_order_export_mapping_version').select(['id', 'version']).where('mapping_id', '=', mappingId).where('version', '=', 3).executeTakeFirst())!;
    expect(row!.mapping_version_id).toBe(current.id);

    expect((await post(`${mappingId}/rollback`, { version: 7 })).statusCode).toBe(404);
    expect((await post(`${newId()}/rollback`, { version: 1 })).statusCode).toBe(404);
    expect((await post(`${mappingId}/rollback`, { version: 0 })).statusCode).toBe(400);
    const reader = await oe.t.tokenWithPrivileges(['ext_order_export_mapping:read']);
    expect((await post(`${mappingId}/rollback`, { version: 1 }, reader)).statusCode).toBe(403);
  });
});
