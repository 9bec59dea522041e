import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { expectMissingPrivileges } from '../../helpers/expectations.js';
import { createTestExtension } from '../../fixtures/test-extension.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';

/** The generic entity routes through the real application: tokens, ACL, platform and extension entities. */
describe('generic entity routes on the platform', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [createTestExtension().extension] });
  });
  afterAll(() => t.close());

  it('an integration limited to <entity>:read can read but gets the 403 body when it creates', async () => {
    await t.api('POST', '/api/ext-test-note', { body: { title: 'Standard rate' } });
    const token = await t.tokenWithPrivileges(['ext_test_note:read']);

    const list = await t.api('GET', '/api/ext-test-note', { token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((n: { title: string }) => n.title)).toContain('Standard rate');

    const create = await t.api('POST', '/api/ext-test-note', { token, body: { title: 'Reduced rate' } });
    expectMissingPrivileges(create, ['ext_test_note:create']);
    const rows = await t.platform.db.selectFrom('ext_test_note').select('title').execute();
    expect(rows.map((r) => r.title)).not.toContain('Reduced rate');
  });

  it('DELETE /api/{entity}/{id}/{association}/{referenceId} removes one many-to-many link (privileges: update and the mapping\'s delete)', async () => {
    const channel = DEFAULT_SALES_CHANNEL_ID;
    const usd = (await t.platform.db.selectFrom('currency').select('id').where('iso_code', '=', 'USD').executeTakeFirstOrThrow()).id;
    const linked = () => t.platform.db.selectFrom('sales_channel_currency').select('currency_id').where('sales_channel_id', '=', channel).where('currency_id', '=', usd).execute();
    expect(await linked()).toHaveLength(1);

    const limited = await t.tokenWithPrivileges(['sales_channel:read', 'sales_channel:update']);
    expectMissingPrivileges(await t.api('DELETE', `/api/sales-channel/${channel}/currencies/${usd}`, { token: limited }), ['sales_channel_currency:delete']);
    expect(await linked()).toHaveLength(1);

    expect((await t.api('DELETE', `/api/sales-channel/${channel}/currencies/${usd}`)).statusCode).toBe(204);
    expect(await linked()).toHaveLength(0);
    expect(await t.platform.db.selectFrom('currency').select('id').where('id', '=', usd).execute()).toHaveLength(1);
    expect((await t.api('DELETE', `/api/sales-channel/${channel}/currencies/${usd}`)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/api/sales-channel/${channel}/payment-methods/not-an-id`)).statusCode).toBe(404);
    // and a write links it again
    expect((await t.api('PATCH', `/api/sales-channel/${channel}`, { body: { currencies: [{ id: usd }] } })).statusCode).toBe(204);
    expect(await linked()).toHaveLength(1);
  });

  it('users created through the API get a hashed password that is never returned, and can log in', async () => {
    const create = await t.api('POST', '/api/user?_response=detail', {
      body: { username: 'editor', password: 'editor-password-1', email: 'editor@example.com', firstName: 'Ed' },
    });
    expect(create.statusCode).toBe(200);
    const user = create.json().data;
    expect(user).toMatchObject({ username: 'editor', admin: false, active: true, apiAlias: 'user' });
    expect(user).not.toHaveProperty('password');
    const row = await t.platform.db.selectFrom('user').select('password').where('username', '=', 'editor').executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^scrypt\$/);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', client_id: 'administration', username: 'editor', password: 'editor-password-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it("a role assigned through the API ends the user's earlier tokens; the next login has its privileges", async () => {
    const role = await t.api('POST', '/api/acl-role?_response=1', { body: { name: 'Note reader', privileges: ['ext_test_note:read'] } });
    expect(role.statusCode).toBe(200);
    const roleId = role.json().data.id;
    const users = await t.api('POST', '/api/search/user', { body: { filter: [{ type: 'equals', field: 'username', value: 'editor' }] } });
    const userId = users.json().data[0].id;

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', client_id: 'administration', username: 'editor', password: 'editor-password-1' },
    });
    const token = login.json().access_token;
    expect((await t.api('GET', '/api/ext-test-note', { token })).statusCode).toBe(403);

    const link = await t.api('PATCH', `/api/user/${userId}`, { body: { aclRoles: [{ id: roleId }] } });
    expect(link.statusCode).toBe(204);
    expect((await t.api('GET', '/api/ext-test-note', { token })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', client_id: 'administration', username: 'editor', password: 'editor-password-1' },
    });
    expect((await t.api('GET', '/api/ext-test-note', { token: again.json().access_token })).statusCode).toBe(200);
  });

  it('role privileges must be a list of privilege names', async () => {
    const response = await t.api('POST', '/api/acl-role', { body: { name: 'Broken', privileges: 'tax:read' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      code: 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION',
      detail: 'The value of "privileges" must be a list of privilege names.',
      source: { pointer: '/privileges' },
    });
    const rows = await t.platform.db.selectFrom('acl_role').select('id').where('name', '=', 'Broken').execute();
    expect(rows).toHaveLength(0);
  });

  it('integration access keys must carry the SWIA prefix the token endpoint expects', async () => {
    const response = await t.api('POST', '/api/integration', { body: { label: 'Bad key', accessKey: 'mykey', secretAccessKey: 'secret-secret' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source).toEqual({ pointer: '/accessKey' });
  });

  it('integration secrets are write-only', async () => {
    const response = await t.api('POST', '/api/integration?_response=1', { body: { label: 'ERP', accessKey: 'SWIAERPERPERPERPERPERP01', secretAccessKey: 'very-secret' } });
    expect(response.statusCode).toBe(200);
    expect(JSON.stringify(response.json())).not.toContain('very-secret');
    const read = await t.api('GET', `/api/integration/${response.json().data.id}`);
    expect(read.json().data).not.toHaveProperty('secretAccessKey');
  });

  it('custom field sets are reachable with their fields as an association', async () => {
    const response = await t.api('POST', '/api/search/custom-field-set', {
      body: { filter: [{ type: 'equals', field: 'name', value: 'ext_test' }], associations: { customFields: {}, relations: {} } },
    });
    expect(response.statusCode).toBe(200);
    const [set] = response.json().data;
    expect(set.customFields.map((f: { name: string }) => f.name).sort()).toEqual(['ext_test_count', 'ext_test_reference']);
    expect(set.relations.map((r: { entityName: string }) => r.entityName)).toEqual(['order_transaction']);
  });

  it("an inactive extension's entities answer 404", async () => {
    await t.platform.extensions.deactivate('ExtTest');
    try {
      expect((await t.api('GET', '/api/ext-test-note')).statusCode).toBe(404);
      expect((await t.api('POST', '/api/search/ext-test-note', { body: {} })).statusCode).toBe(404);
    } finally {
      await t.platform.extensions.activate('ExtTest');
    }
    expect((await t.api('GET', '/api/ext-test-note')).statusCode).toBe(200);
  });

  it('the default Accept answers JSON:API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/acl-role', headers: { authorization: `Bearer ${await t.adminToken()}` } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ totalCountMode: expect.anything() });
    expect(body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'acl_role', attributes: expect.objectContaining({ name: 'Note reader' }) })]),
    );
    // every link of one response starts with the same origin, written the same way
    const links: string[] = [body.links.self, ...body.data.map((r: { links: { self: string } }) => r.links.self)];
    const origins = new Set(links.map((l) => l.slice(0, l.indexOf('/api/'))));
    expect(origins.size).toBe(1);
  });
});
