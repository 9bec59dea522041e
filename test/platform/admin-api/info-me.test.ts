import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

describe('GET /api/_info/me', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
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

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/_info/me' });
    expect(response.statusCode).toBe(401);
  });
});
