import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../../src/platform/database/connection.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';

/**
 * Authenticating an Admin API request reads the caller and its roles' privileges in one statement the
 * first time, and none after (pinned: every request would pay it); the rights are kept per process until
 * a user, role or integration table changes, so a role change, a password change or a deactivation
 * still applies to the very next request, whichever code path or process wrote it.
 */
describe('Admin API authentication statements', () => {
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

  it('costs one statement for the first request of a user or an integration, none after', async () => {
    const admin = await t.adminToken();
    const integration = await t.tokenWithPrivileges(['tax:read']);
    await authenticatedOnly(admin);
    await authenticatedOnly(integration);
    expect(await authenticatedOnly(admin)).toBe(0);
    expect(await authenticatedOnly(integration)).toBe(0);
    // any write to a table the rights come from drops what the process kept
    await t.platform.db.updateTable('acl_role').set({ updated_at: new Date() }).where('id', 'is', null).execute();
    expect(await authenticatedOnly(admin)).toBe(1);
    expect(await authenticatedOnly(admin)).toBe(0);
  });

  it("applies the integration's privileges as its roles hold them now", async () => {
    const token = await t.tokenWithPrivileges(['tax:read']);
    expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(200);
    expect((await t.api('GET', '/api/currency', { token })).statusCode).toBe(403);
    await t.platform.db.updateTable('acl_role').set({ privileges: JSON.stringify(['currency:read']) }).where('name', 'like', '%').where('privileges', '@>', JSON.stringify(['tax:read'])).execute();
    expect((await t.api('GET', '/api/currency', { token })).statusCode).toBe(200);
    expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(403);
  });

  it('refuses a deactivated user on the next request, also when the row was written with plain SQL', async () => {
    const token = (await t.platform.tokens.passwordGrant('admin', 'shopware')).access_token;
    expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(200);
    expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(200);
    await t.platform.db.updateTable('user').set({ active: false }).where('username', '=', 'admin').execute();
    try {
      expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(401);
    } finally {
      await t.platform.db.updateTable('user').set({ active: true }).where('username', '=', 'admin').execute();
    }
    // the deactivation ended the token for good; a new login works again
    expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(401);
    const fresh = (await t.platform.tokens.passwordGrant('admin', 'shopware')).access_token;
    expect((await t.api('GET', '/api/tax', { token: fresh })).statusCode).toBe(200);
  });

  it('a token verified once is still refused once it expires, and an altered copy is never taken for it', async () => {
    const token = (await t.platform.tokens.passwordGrant('admin', 'shopware')).access_token;
    expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await t.api('GET', '/api/tax', { token: altered })).statusCode).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 601_000 });
    try {
      const expired = await t.api('GET', '/api/tax', { token });
      expect(expired.statusCode).toBe(401);
      expect(expired.body).toContain('expired');
    } finally {
      vi.useRealTimers();
    }
  });

  // another process: a second pool on the same database (a worker, a console command on PostgreSQL)
  it.runIf(Boolean(process.env.DATABASE_URL))('applies a role change made by another process', async () => {
    const token = await t.tokenWithPrivileges(['tax:read']);
    expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(200);
    expect((await t.api('GET', '/api/tax', { token })).statusCode).toBe(200);
    const databaseUrl = await currentDatabaseUrl(t);
    const other = await openDatabase({ databaseUrl, maxConnections: 1 });
    try {
      await other.db.updateTable('acl_role').set({ privileges: JSON.stringify(['currency:read']) }).where('privileges', '@>', JSON.stringify(['tax:read'])).execute();
    } finally {
      await other.close();
    }
    // the notification reaches this process's idle connection asynchronously: within milliseconds
    const deadline = Date.now() + 2_000;
    let status = 200;
    while (Date.now() < deadline && (status = (await t.api('GET', '/api/tax', { token })).statusCode) === 200) await new Promise((r) => setTimeout(r, 5));
    expect(status).toBe(403);
  });
});

async function currentDatabaseUrl(t: TestPlatform): Promise<string> {
  const { rows } = await (await import('kysely')).sql<{ name: string }>`SELECT current_database() AS name`.execute(t.platform.db);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}
