import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

const PREFIX = '/api/_action/ext-order-export/credential';

describe('credential routes: secrets are write-only, reads show secretSet', () => {
  let oe: OrderExportTest;
  beforeAll(async () => {
    oe = await startOrderExportTest();
  });
  afterAll(() => oe.close());

  const save = (body: unknown, token?: string) => oe.t.api('POST', `${PREFIX}/save`, { body, token });
  const one = (id: string, token?: string) => oe.t.api('GET', `${PREFIX}/${id}`, { token });

  it('creates each auth type; the read shape has secretSet and rotatedAt, never the secret', async () => {
    const inputs = [
      { name: 'none', authType: 'none' },
      { name: 'key', authType: 'api_key', publicMeta: { headerName: 'X-ERP-Key' }, secret: 'key-secret-0001' },
      { name: 'basic', authType: 'basic', publicMeta: { username: 'shop' }, secret: 'basic-secret-0002' },
      { name: 'bearer', authType: 'bearer', secret: 'bearer-secret-0003' },
      { name: 'oauth', authType: 'oauth2', publicMeta: { tokenUrl: 'https://auth.example.com/token', clientId: 'shop', scope: 'orders' }, secret: 'oauth-secret-0004' },
    ];
    const ids: string[] = [];
    for (const input of inputs) {
      const response = await save(input);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), secretSet: input.authType !== 'none' });
      ids.push(response.json().id);
    }
    const read = await one(ids[2]!);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ id: ids[2], name: 'basic', authType: 'basic', publicMeta: { username: 'shop' }, rotatedAt: expect.any(String), secretSet: true });
    expect((await one(ids[0]!)).json()).toMatchObject({ secretSet: false, rotatedAt: null, publicMeta: {} });

    const list = await oe.t.api('GET', PREFIX);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['basic', 'bearer', 'key', 'none', 'oauth']));
    const everything = [list.body, read.body, (await oe.t.api('POST', '/api/search/ext-order-export-credential', { body: {} })).body];
    for (const secret of inputs.map((input) => input.secret).filter(Boolean)) for (const body of everything) expect(body).not.toContain(secret);
  });

  it('an update without a secret keeps it; a new secret moves rotatedAt; switching to none drops it', async () => {
    const { id } = (await save({ name: 'rotating', authType: 'bearer', secret: 'first-secret-value' })).json();
    const first = (await one(id)).json().rotatedAt as string;
    const kept = await save({ id, name: 'rotating (renamed)', authType: 'bearer' });
    expect(kept.json()).toEqual({ id, secretSet: true });
    expect((await one(id)).json()).toMatchObject({ name: 'rotating (renamed)', rotatedAt: first, secretSet: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await save({ id, name: 'rotating', authType: 'bearer', secret: 'second-secret-value' })).json()).toEqual({ id, secretSet: true });
    const rotated = (await one(id)).json().rotatedAt as string;
    expect(new Date(rotated).getTime()).toBeGreaterThan(new Date(first).getTime());
    const stored = await oe.host.db.selectFrom('ext_order_export_credential').select('secret').where('id', '=', id).executeTakeFirstOrThrow();
    expect(oe.host.secrets.decrypt(stored.secret as string)).toBe('second-secret-value');
    expect((await save({ id, name: 'rotating', authType: 'none' })).json()).toEqual({ id, secretSet: false });
    expect((await one(id)).json()).toMatchObject({ authType: 'none', secretSet: false });
  });

  it('refuses what an auth type cannot use or lacks: 400 in the Admin API error shape, one error per problem', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ name: 'b', authType: 'basic', secret: 'x-secret' }, ['publicMeta.username is required for authType basic']],
      [{ name: 'k', authType: 'api_key', publicMeta: { username: 'u' }, secret: 's-secret' }, ['publicMeta.username: not used with authType api_key (allowed: headerName)']],
      [{ name: 'br', authType: 'bearer' }, ['secret is required for authType bearer']],
      [
        { name: 'o', authType: 'oauth2', publicMeta: { tokenUrl: 'ftp://auth.example.com' }, secret: 's-secret' },
        ['publicMeta.tokenUrl must use http or https', 'publicMeta.clientId is required for authType oauth2'],
      ],
      [{ name: 'k2', authType: 'api_key', publicMeta: { headerName: 'Authorization' }, secret: 's-secret' }, ['publicMeta.headerName: Authorization is set by the export itself']],
    ];
    for (const [body, problems] of cases) {
      const response = await save(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toEqual(problems.map((detail) => ({ status: '400', code: 'EXT_ORDER_EXPORT__INVALID_CREDENTIAL', title: 'Bad Request', detail, meta: { parameters: {} } })));
    }
    expect((await save({ name: 'x', authType: 'kerberos' })).statusCode).toBe(400);
    expect((await save({ authType: 'none' })).statusCode).toBe(400);
  });

  it('404 for an unknown credential (read and save)', async () => {
    for (const response of [await one(newId()), await save({ id: newId(), name: 'ghost', authType: 'none' })]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0]).toMatchObject({ status: '404', code: 'FRAMEWORK__RESOURCE_NOT_FOUND' });
    }
    // a path id that is no id matches no route, as everywhere in the Admin API
    const malformed = await one('not-an-id');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
  });

  it('reads need ext_order_export_credential:read, saves ext_order_export_credential:update', async () => {
    const reader = await oe.t.tokenWithPrivileges(['ext_order_export_credential:read']);
    const writer = await oe.t.tokenWithPrivileges(['ext_order_export_credential:update']);
    expect((await oe.t.api('GET', PREFIX, { token: reader })).statusCode).toBe(200);
    expect((await oe.t.api('GET', PREFIX, { token: writer })).statusCode).toBe(403);
    expect((await save({ name: 'w', authType: 'none' }, writer)).statusCode).toBe(200);
    const refused = await save({ name: 'r', authType: 'none' }, reader);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.json().errors[0].detail).missingPrivileges).toEqual(['ext_order_export_credential:update']);
  });

  it('the generic entity routes never read or filter secrets; a secret written there rotates too', async () => {
    const created = await oe.t.api('POST', '/api/ext-order-export-credential?_response=1', { body: { name: 'generic', authType: 'bearer', secret: 'generic-secret-123' } });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).not.toHaveProperty('secret');
    expect(created.json().data.rotatedAt).toEqual(expect.any(String));
    expect(created.body).not.toContain('generic-secret-123');
    const filtered = await oe.t.api('POST', '/api/search/ext-order-export-credential', { body: { filter: [{ type: 'equals', field: 'secret', value: 'generic-secret-123' }] } });
    expect(filtered.statusCode).toBe(400);
    expect((await one(created.json().data.id)).json()).toMatchObject({ secretSet: true });
  });
});
