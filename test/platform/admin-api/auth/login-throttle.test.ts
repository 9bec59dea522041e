import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/platform/http/app.js';
import { Platform } from '../../../../src/platform/kernel.js';
import { openDatabase } from '../../../../src/platform/database/connection.js';
import { LoginThrottle } from '../../../../src/platform/admin-api/auth/login-throttle.js';
import { newId } from '../../../../src/platform/ids.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { testEnv } from '../../../helpers/test-env.js';
import { createStoreApiClient } from '../../store-api/store-api-client.js';

/**
 * Failed logins are counted in the database, so several processes (each with its own app) share one
 * count: the 11th attempt within the window answers 429 whichever process gets it. Before, each process
 * counted on its own, and two processes took 20 guesses.
 */
describe('login throttle', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  const passwordGrant = (app: FastifyInstance, username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/oauth/token', payload: { grant_type: 'password', client_id: 'administration', username, password } });

  describe('LoginThrottle', () => {
    const throttle = (options = { maxFailures: 3, windowMs: 60_000 }) => new LoginThrottle(t.platform.db, `test-${newId()}`, options);

    it('refuses once the attempts of a username and address are used up, until the window has passed', async () => {
      const limited = throttle();
      for (let i = 0; i < 3; i++) expect(await limited.attempt('Ada', '1.2.3.4')).toBe(0);
      const wait = await limited.attempt('ada', '1.2.3.4');
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await limited.attempt('ada', '5.6.7.8')).toBe(0);
      expect(await limited.attempt('grace', '1.2.3.4')).toBe(0);
      // the window ends (moved into the past rather than waited for): a new window starts
      await t.platform.db.updateTable('login_throttle').set({ window_ends_at: sql`now() - interval '1 second'` }).execute();
      expect(await limited.attempt('ada', '1.2.3.4')).toBe(0);
    });

    it('counts attempts made at the same time exactly', async () => {
      const limited = throttle({ maxFailures: 10, windowMs: 60_000 });
      const waits = await Promise.all(Array.from({ length: 30 }, () => limited.attempt('eve', '9.9.9.9')));
      expect(waits.filter((w) => w === 0)).toHaveLength(10);
    });

    it('forgets the attempts after a success; scopes count apart', async () => {
      const limited = throttle();
      for (let i = 0; i < 3; i++) await limited.attempt('bob', '1.1.1.1');
      await limited.succeed('bob', '1.1.1.1');
      expect(await limited.attempt('bob', '1.1.1.1')).toBe(0);
      expect(await throttle().attempt('bob', '1.1.1.1')).toBe(0);
    });

    it('stores no username, and deletes expired rows now and then', async () => {
      const limited = throttle({ maxFailures: 1000, windowMs: 60_000 });
      await limited.attempt('carol-the-user', '2.2.2.2');
      const rows = await t.platform.db.selectFrom('login_throttle').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain('carol');
      await t.platform.db.updateTable('login_throttle').set({ window_ends_at: sql`now() - interval '1 second'` }).execute();
      for (let i = 0; i < 100; i++) await limited.attempt('dave', '2.2.2.2');
      const left = await t.platform.db.selectFrom('login_throttle').select(sql<number>`count(*)::integer`.as('n')).executeTakeFirstOrThrow();
      expect(left.n).toBe(1);
    });
  });

  it('the password grant counts failures over two apps (processes) together: the 11th answers 429 in both', async () => {
    const second = await buildApp(t.platform);
    try {
      const username = `victim-${newId()}`;
      for (let i = 0; i < 10; i++) expect((await passwordGrant(i % 2 === 0 ? t.app : second, username, 'guess')).statusCode).toBe(400);
      for (const app of [t.app, second]) {
        const refused = await passwordGrant(app, username, 'guess');
        expect(refused.statusCode).toBe(429);
        expect(refused.json().errors[0]).toMatchObject({ status: '429', code: 'FRAMEWORK__AUTH_THROTTLED' });
        expect(refused.json().errors[0].meta.parameters.seconds).toBeGreaterThan(0);
      }
    } finally {
      await second.close();
    }
  });

  it('guesses sent at the same time get no more than the limit past the throttle', async () => {
    const username = `flood-${newId()}`;
    const answers = await Promise.all(Array.from({ length: 25 }, () => passwordGrant(t.app, username, 'guess')));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(15);
  });

  it('a successful login forgets the failures; the right password is refused too while throttled', async () => {
    const username = `user-${newId().slice(0, 12)}`;
    expect((await t.api('POST', '/api/user', { body: { username, password: 'right-password-1', admin: true } })).statusCode).toBe(204);
    for (let i = 0; i < 9; i++) await passwordGrant(t.app, username, 'guess');
    expect((await passwordGrant(t.app, username, 'right-password-1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await passwordGrant(t.app, username, 'guess')).statusCode).toBe(400);
    expect((await passwordGrant(t.app, username, 'right-password-1')).statusCode).toBe(429);
  });

  // two processes on one database: a second platform with its own pool
  it.runIf(Boolean(process.env.DATABASE_URL))('customers: the Store API login of two platforms on one database shares the count', async () => {
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.platform.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const other = await Platform.boot({ env: testEnv(), extensions: [], database: await openDatabase({ databaseUrl: url.toString(), maxConnections: 2 }) });
    const otherApp = await buildApp(other);
    try {
      const client = await createStoreApiClient(t);
      const { email } = await client.registerCustomerAccount();
      const login = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/store-api/account/login', headers: { 'sw-access-key': client.accessKey, accept: 'application/json' }, payload: { email, password: 'wrong-password' } });
      for (let i = 0; i < 10; i++) expect((await login(i % 2 === 0 ? t.app : otherApp)).statusCode).toBe(401);
      for (const app of [t.app, otherApp]) {
        const refused = await login(app);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_AUTH_THROTTLED');
      }
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});
