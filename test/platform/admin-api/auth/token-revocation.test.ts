import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../../../src/platform/http/app.js';
import { Platform } from '../../../../src/platform/kernel.js';
import { openDatabase } from '../../../../src/platform/database/connection.js';
import { hashPassword } from '../../../../src/platform/security/password.js';
import { newId } from '../../../../src/platform/ids.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { testEnv } from '../../../helpers/test-env.js';

/**
 * No access or refresh token issued before a password change, a deactivation or a change of the user's
 * roles survives it, however soon after the issue the change comes: JWT issue times are whole seconds,
 * and comparing them with the change's time let a token issued in the same second through.
 */
describe('Admin API token revocation', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  const grant = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/oauth/token', payload });
  const login = async (username: string, password: string) => {
    const response = await grant({ grant_type: 'password', client_id: 'administration', username, password });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { access_token: string; refresh_token: string };
  };
  const refresh = (refreshToken: string) => grant({ grant_type: 'refresh_token', client_id: 'administration', refresh_token: refreshToken });
  const read = (token: string) => t.api('GET', '/api/tax', { token });

  const createUser = async (password: string, fields: Record<string, unknown> = { admin: true }) => {
    const username = `revocation-${newId().slice(0, 12)}`;
    const created = await t.api('POST', '/api/user?_response=1', { body: { username, password, ...fields } });
    expect(created.statusCode, created.body).toBe(200);
    return { username, id: created.json().data.id as string };
  };

  // seconds since the epoch of the token's issue, as it says
  const issuedAt = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;

  it('refuses a token whose password changed within the same second as its issue (3 of 3)', async () => {
    const user = await createUser('password-0-long');
    for (let attempt = 1; attempt <= 3; attempt++) {
      const next = await hashPassword(`password-${attempt}-long`);
      // a token issued early enough in its second that the change below falls into the same second
      let tokens = await login(user.username, `password-${attempt - 1}-long`);
      while (Date.now() > issuedAt(tokens.access_token) * 1000 + 400) tokens = await login(user.username, `password-${attempt - 1}-long`);
      expect((await read(tokens.access_token)).statusCode).toBe(200);
      await t.platform.db.updateTable('user').set({ password: next }).where('id', '=', user.id).execute();
      const refused = await read(tokens.access_token);
      expect(refused.statusCode, `attempt ${attempt}`).toBe(401);
      expect(refused.json().errors[0].detail).toBe('Access token is revoked.');
      expect((await refresh(tokens.refresh_token)).statusCode).toBe(400);
    }
  });

  it('refuses tokens at once after a password change through the Admin API, the changing token included', async () => {
    const user = await createUser('first-password-1');
    const own = await login(user.username, 'first-password-1');
    const other = await login(user.username, 'first-password-1');
    expect((await t.api('PATCH', `/api/user/${user.id}`, { token: own.access_token, body: { password: 'second-password-2' } })).statusCode).toBe(204);
    for (const tokens of [own, other]) {
      expect((await read(tokens.access_token)).statusCode).toBe(401);
      expect((await refresh(tokens.refresh_token)).statusCode).toBe(400);
    }
    const fresh = await login(user.username, 'second-password-2');
    expect((await read(fresh.access_token)).statusCode).toBe(200);
  });

  it('a deactivation ends the tokens for good: reactivating the user does not bring them back', async () => {
    const user = await createUser('first-password-1');
    const tokens = await login(user.username, 'first-password-1');
    expect((await read(tokens.access_token)).statusCode).toBe(200);
    expect((await t.api('PATCH', `/api/user/${user.id}`, { body: { active: false } })).statusCode).toBe(204);
    expect((await read(tokens.access_token)).statusCode).toBe(401);
    expect((await t.api('PATCH', `/api/user/${user.id}`, { body: { active: true } })).statusCode).toBe(204);
    expect((await read(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(400);
    expect((await read((await login(user.username, 'first-password-1')).access_token)).statusCode).toBe(200);
  });

  it('a role assigned or taken away, or the admin flag changed, ends the tokens issued before', async () => {
    const role = await t.api('POST', '/api/acl-role?_response=1', { body: { name: `Tax reader ${newId()}`, privileges: ['tax:read'] } });
    const roleId = role.json().data.id as string;
    const other = await t.api('POST', '/api/acl-role?_response=1', { body: { name: `Currency reader ${newId()}`, privileges: ['currency:read'] } });
    const otherId = other.json().data.id as string;
    const user = await createUser('first-password-1', { admin: false, aclRoles: [{ id: roleId }] });

    const beforeAssignment = await login(user.username, 'first-password-1');
    expect((await read(beforeAssignment.access_token)).statusCode).toBe(200);
    expect((await t.api('PATCH', `/api/user/${user.id}`, { body: { aclRoles: [{ id: otherId }] } })).statusCode).toBe(204);
    expect((await read(beforeAssignment.access_token)).statusCode).toBe(401);
    expect((await refresh(beforeAssignment.refresh_token)).statusCode).toBe(400);

    const beforeRemoval = await login(user.username, 'first-password-1');
    expect((await t.api('GET', '/api/currency', { token: beforeRemoval.access_token })).statusCode).toBe(200);
    await t.platform.db.deleteFrom('acl_user_role').where('user_id', '=', user.id).where('acl_role_id', '=', otherId).execute();
    expect((await read(beforeRemoval.access_token)).statusCode).toBe(401);
    expect((await refresh(beforeRemoval.refresh_token)).statusCode).toBe(400);

    const beforePromotion = await login(user.username, 'first-password-1');
    expect((await t.api('PATCH', `/api/user/${user.id}`, { body: { admin: true } })).statusCode).toBe(204);
    expect((await read(beforePromotion.access_token)).statusCode).toBe(401);

    // assigning a role the user has already changes nothing, and ends nothing
    const current = await login(user.username, 'first-password-1');
    expect((await t.api('PATCH', `/api/user/${user.id}`, { body: { aclRoles: [{ id: roleId }] } })).statusCode).toBe(204);
    expect((await read(current.access_token)).statusCode).toBe(200);
  });

  it("a change of a role's privileges applies to the next request without ending the token", async () => {
    const role = await t.api('POST', '/api/acl-role?_response=1', { body: { name: `Tax reader ${newId()}`, privileges: ['tax:read'] } });
    const roleId = role.json().data.id as string;
    const user = await createUser('first-password-1', { admin: false, aclRoles: [{ id: roleId }] });
    const tokens = await login(user.username, 'first-password-1');
    expect((await read(tokens.access_token)).statusCode).toBe(200);
    expect((await t.api('PATCH', `/api/acl-role/${roleId}`, { body: { privileges: ['currency:read'] } })).statusCode).toBe(204);
    expect((await read(tokens.access_token)).statusCode).toBe(403);
    expect((await t.api('GET', '/api/currency', { token: tokens.access_token })).statusCode).toBe(200);
  });

  it('lowering the generation by hand cannot bring old tokens back', async () => {
    const user = await createUser('first-password-1');
    const tokens = await login(user.username, 'first-password-1');
    await t.platform.db.updateTable('user').set({ password: await hashPassword('second-password-2') }).where('id', '=', user.id).execute();
    await sql`UPDATE "user" SET token_generation = 0 WHERE id = ${user.id}`.execute(t.platform.db);
    expect((await read(tokens.access_token)).statusCode).toBe(401);
  });

  // Two processes on one database: a second platform with its own pool, caches and change listener, both
  // answering real HTTP, as a client sees them: the change's notification reaches the other process's
  // connections when its transaction commits, before the first process even answers the change.
  it.runIf(Boolean(process.env.DATABASE_URL))('a password change through one process ends the token in the other as soon as the change is heard', async () => {
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.platform.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 3 });
    const other = await Platform.boot({ env: testEnv(), extensions: [], database });
    const otherApp = await buildApp(other);
    const [first, second] = [await t.app.listen({ port: 0, host: '127.0.0.1' }), await otherApp.listen({ port: 0, host: '127.0.0.1' })];
    const call = (base: string, path: string, token: string, init: RequestInit = {}) =>
      fetch(base + path, { ...init, headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' } });
    try {
      const admin = await t.adminToken();
      const user = await createUser('password-0-long');
      for (let attempt = 1; attempt <= 3; attempt++) {
        const tokens = await login(user.username, `password-${attempt - 1}-long`);
        // both processes know the token and keep the user's rights
        for (const base of [second, first]) expect((await call(base, '/api/tax', tokens.access_token)).status).toBe(200);
        // the other process keeps rights until PostgreSQL's notification of the commit reaches its idle
        // connections (sent at commit, before the change's answer leaves the first process); both
        // processes run in this one test process, so its HTTP request could otherwise be served first
        const otherHeard = new Promise<void>((resolve) => database.changes.subscribe(['user'], resolve));
        const changed = await call(first, `/api/user/${user.id}`, admin, { method: 'PATCH', body: JSON.stringify({ password: `password-${attempt}-long` }) });
        expect(changed.status).toBe(204);
        await otherHeard;
        for (const base of [second, first]) expect((await call(base, '/api/tax', tokens.access_token)).status, `attempt ${attempt}`).toBe(401);
        const refreshed = await fetch(`${second}/api/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'refresh_token', client_id: 'administration', refresh_token: tokens.refresh_token }),
        });
        expect(refreshed.status).toBe(400);
      }
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});
