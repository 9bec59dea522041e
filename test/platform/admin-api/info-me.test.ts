import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extOrderExport } from '../../../src/extensions/order-export/index.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

describe('GET /api/_info/me', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [extOrderExport] });
  });
  afterAll(() => t.close());

  it('names the administrator and marks it admin', async () => {
    const response = await t.api('GET', '/api/_info/me', { token: await t.adminToken() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'admin', isAdmin: true, integrationId: null, privileges: [] });
    expect(response.json().userId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lists the privileges of an integration that is not admin', async () => {
    const token = await t.tokenWithPrivileges(['order:read', 'customer:read']);
    const response = await t.api('GET', '/api/_info/me', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userId: null, isAdmin: false, privileges: ['customer:read', 'order:read'] });
  });

  it('names the active extensions, which the Administration shows modules for; a deactivated one is left out', async () => {
    const me = async () => (await t.api('GET', '/api/_info/me', { token: await t.adminToken() })).json().extensions;
    expect(await me()).toEqual(['ExtOrderExport']);
    await t.platform.extensions.deactivate('ExtOrderExport');
    try {
      expect(await me()).toEqual([]);
    } finally {
      await t.platform.extensions.activate('ExtOrderExport');
    }
    expect(await me()).toEqual(['ExtOrderExport']);
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/_info/me' });
    expect(response.statusCode).toBe(401);
  });
});
