import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';

/**
 * Authenticating an Admin API request reads the caller and its roles' privileges in one statement (pinned:
 * every request pays it), and that statement still sees a role change at once.
 */
describe('Admin API authentication: one statement per request', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  // an unknown /api route answers 404 only after authentication, and reads nothing else
  const authenticatedOnly = async (token: string) => {
    const { result, count } = await t.platform.database.statements.measure(() => t.api('GET', '/api/_no-such-route', { token }));
    expect(result.statusCode).toBe(404);
    return count;
  };

  it('costs one statement for a user and for an integration', async () => {
    expect(await authenticatedOnly(await t.adminToken())).toBe(1);
    expect(await authenticatedOnly(await t.tokenWithPrivileges(['tax:read']))).toBe(1);
  });

  it("applies the integration's privileges as its roles hold them now", async () => {
    const token = await t.tokenWithPrivileges(['tax:read']);
    expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(200);
    expect((await t.api('GET', '/api/currency', { token })).statusCode).toBe(403);
    await t.platform.db.updateTable('acl_role').set({ privileges: JSON.stringify(['currency:read']) }).where('name', 'like', '%').where('privileges', '@>', JSON.stringify(['tax:read'])).execute();
    expect((await t.api('GET', '/api/currency', { token })).statusCode).toBe(200);
    expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(403);
  });
});
