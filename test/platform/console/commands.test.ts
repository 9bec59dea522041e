import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import type { Extension } from '../../../src/platform/extensions.js';
import { runCommand } from '../../../src/platform/console/runner.js';
import { createWorkerCommand } from '../../../src/platform/console/commands/worker.js';
import { captureIo } from './capture-io.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';

const handled: unknown[] = [];

const testExtension: Extension = {
  name: 'ExtConsoleTest',
  version: '1.0.0',
  label: 'Console test',
  migrations: [
    {
      name: '0001_note',
      up: async (db) => void (await sql`CREATE TABLE ext_console_test_note (id int PRIMARY KEY)`.execute(db)),
      down: async (db) => void (await sql`DROP TABLE IF EXISTS ext_console_test_note`.execute(db)),
    },
  ],
  config: { defaults: { greeting: 'hello' }, secrets: ['apiKey'] },
  messageHandlers: [{ queue: 'ext_console_test.ping', handle: async (data) => void handled.push(data) }],
  commands: [
    {
      name: 'ext-console-test:ping',
      description: 'Answers pong',
      async run(_input, io) {
        io.out('pong');
        return 0;
      },
    },
  ],
};

describe('platform console commands', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [testExtension] });
  });
  afterAll(() => t.close());

  async function run(...argv: string[]) {
    const io = captureIo();
    const code = await runCommand(t.platform, argv, io);
    return { code, ...io };
  }

  const tableExists = async () =>
    (await sql<{ name: string | null }>`SELECT to_regclass('ext_console_test_note')::text AS name`.execute(t.platform.db)).rows[0]!.name !== null;

  describe('extension:*', () => {
    it('lists the extensions with their state', async () => {
      const { code, stdout } = await run('extension:list');
      expect(code).toBe(0);
      expect(stdout[0]).toMatch(/^Name\s+Version\s+Installed version\s+Installed\s+Active\s+Update available$/);
      expect(stdout[2]).toMatch(/^ExtConsoleTest\s+1\.0\.0\s+1\.0\.0\s+yes\s+yes\s+no$/);
    });

    it('deactivates and activates; commands of an inactive extension are refused', async () => {
      expect((await run('ext-console-test:ping')).stdout).toEqual(['pong']);
      expect(await run('extension:deactivate', 'ExtConsoleTest')).toMatchObject({ code: 0, stdout: ['Extension ExtConsoleTest deactivated.'] });
      const refused = await run('ext-console-test:ping');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toEqual(['Command ext-console-test:ping belongs to extension ExtConsoleTest, which is not active.']);
      const again = await run('extension:deactivate', 'ExtConsoleTest');
      expect(again.code).toBe(1);
      expect(again.stderr).toEqual(['Extension "ExtConsoleTest" is not active.']);
      expect(await run('extension:activate', 'ExtConsoleTest')).toMatchObject({ code: 0, stdout: ['Extension ExtConsoleTest activated.'] });
      expect((await run('ext-console-test:ping')).code).toBe(0);
    });

    it('uninstalls with and without user data, and installs with --activate', async () => {
      expect((await run('extension:uninstall', 'ExtConsoleTest', '--keep-user-data')).stdout).toEqual(['Extension ExtConsoleTest uninstalled (user data kept).']);
      expect(await tableExists()).toBe(true);
      expect(t.platform.extensions.isActive('ExtConsoleTest')).toBe(false);

      expect((await run('extension:install', 'ExtConsoleTest')).code).toBe(0);
      expect((await run('extension:uninstall', 'ExtConsoleTest')).stdout).toEqual(['Extension ExtConsoleTest uninstalled and its data removed.']);
      expect(await tableExists()).toBe(false);
      expect(await t.platform.systemConfig.get('ExtConsoleTest.config.greeting')).toBeNull();
      expect((await run('extension:list')).stdout[2]).toMatch(/^ExtConsoleTest\s+1\.0\.0\s+-\s+no\s+no\s+no$/);

      const installed = await run('extension:install', 'ExtConsoleTest', '--activate');
      expect(installed).toMatchObject({ code: 0, stdout: ['Extension ExtConsoleTest installed (version 1.0.0).', 'Extension ExtConsoleTest activated.'] });
      expect(await tableExists()).toBe(true);
      expect(await t.platform.systemConfig.get('ExtConsoleTest.config.greeting')).toBe('hello');
      expect(t.platform.extensions.isActive('ExtConsoleTest')).toBe(true);
    });

    it('updates to the version the code declares', async () => {
      testExtension.version = '1.1.0';
      try {
        expect((await run('extension:list')).stdout[2]).toMatch(/^ExtConsoleTest\s+1\.1\.0\s+1\.0\.0\s+yes\s+yes\s+yes$/);
        expect((await run('extension:update', 'ExtConsoleTest')).stdout).toEqual(['Extension ExtConsoleTest updated from version 1.0.0 to 1.1.0.']);
        expect((await run('extension:list')).stdout[2]).toMatch(/^ExtConsoleTest\s+1\.1\.0\s+1\.1\.0\s+yes\s+yes\s+no$/);
      } finally {
        testExtension.version = '1.0.0';
      }
    });

    it('fails for unknown extensions and a missing name', async () => {
      const unknown = await run('extension:activate', 'ExtNope');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toEqual(['Extension "ExtNope" is not known to this installation.']);
      expect((await run('extension:install')).code).toBe(2);
    });
  });

  describe('user:create', () => {
    it('creates a user who can log in with the password grant', async () => {
      const result = await run('user:create', 'jane', '--password', 'correct-horse', '--email', 'jane@example.com', '--first-name', 'Jane', '--admin');
      expect(result.code).toBe(0);
      expect(result.stdout[0]).toMatch(/^User "jane" created as administrator \(id [0-9a-f]{32}\)\.$/);
      expect(result.text()).not.toContain('correct-horse');
      const row = await t.platform.db.selectFrom('user').selectAll().where('username', '=', 'jane').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: 'jane@example.com', first_name: 'Jane', last_name: null, admin: true, active: true });
      expect(row.password).not.toContain('correct-horse');

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        payload: { grant_type: 'password', client_id: 'administration', username: 'jane', password: 'correct-horse' },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().access_token as string;
      expect((await t.api('GET', '/api/_action/system-config', { token })).statusCode).toBe(200);
    });

    it('refuses a taken username or email with exit code 1', async () => {
      const taken = await run('user:create', 'jane', '--password', 'another-pass');
      expect(taken.code).toBe(1);
      expect(taken.stderr).toEqual(['A user with the username "jane" already exists.']);
      const email = await run('user:create', 'john', '--password', 'another-pass', '--email', 'jane@example.com');
      expect(email.code).toBe(1);
      expect(email.stderr).toEqual(['A user with the email "jane@example.com" already exists.']);
      expect(await t.platform.db.selectFrom('user').select('id').where('username', '=', 'john').executeTakeFirst()).toBeUndefined();
    });

    it('validates like the Admin API: a username longer than the column is refused with its reason', async () => {
      const long = 'x'.repeat(256);
      const result = await run('user:create', long, '--password', 'long-enough');
      expect(result.code).toBe(1);
      expect(result.stderr).toEqual(['The value of "username" is too long: at most 255 characters are allowed.']);
      expect(await t.platform.db.selectFrom('user').select('id').where('username', '=', long).execute()).toEqual([]);
    });

    it('requires a password of at least 8 characters', async () => {
      const missing = await run('user:create', 'john');
      expect(missing.code).toBe(2);
      expect(missing.stderr[0]).toBe('--password is required.');
      const short = await run('user:create', 'john', '-p', 'short');
      expect(short.code).toBe(2);
      expect(short.text()).not.toContain('short.');
    });
  });

  describe('integration:create', () => {
    it('creates an integration whose token holds exactly the given privileges', async () => {
      const result = await run('integration:create', 'Tax sync', '--privileges', 'tax:read, system_config:read,tax:read');
      expect(result.code).toBe(0);
      const accessKey = /^Access key ID:\s+(SWIA[A-Z0-9]{22})$/m.exec(result.stdout.join('\n'))?.[1];
      const secret = /^Secret access key:\s+(\S+)$/m.exec(result.stdout.join('\n'))?.[1];
      expect(accessKey).toBeDefined();
      expect(secret).toBeDefined();
      expect(result.stdout).toContain('The secret access key cannot be shown again: store it now.');

      const row = await t.platform.db.selectFrom('integration').selectAll().where('access_key', '=', accessKey!).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ label: 'Tax sync', admin: false });
      expect(row.secret_access_key).not.toContain(secret!);
      const roles = await t.platform.db
        .selectFrom('integration_role as ir')
        .innerJoin('acl_role as r', 'r.id', 'ir.acl_role_id')
        .select('r.privileges')
        .where('ir.integration_id', '=', row.id)
        .execute();
      expect(roles).toEqual([{ privileges: ['tax:read', 'system_config:read'] }]);

      const response = await t.app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        payload: { grant_type: 'client_credentials', client_id: accessKey, client_secret: secret },
      });
      expect(response.statusCode).toBe(200);
      const token = response.json().access_token as string;
      const context = await t.platform.tokens.authenticate(`Bearer ${token}`);
      expect(context.source.type === 'admin-api' && [...context.source.privileges].sort()).toEqual(['system_config:read', 'tax:read']);
      expect(context.source.type === 'admin-api' && context.source.isAdmin).toBe(false);
      expect((await t.api('GET', '/api/_action/system-config', { token })).statusCode).toBe(200);
      const denied = await t.api('GET', '/api/_action/message-queue/failed', { token });
      expect(denied.statusCode).toBe(403);
      expect(denied.body).toContain('message_queue:read');
    });

    it('creates an admin integration without a role', async () => {
      const result = await run('integration:create', 'Everything', '--admin');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Privileges: all (administrator)');
      const row = await t.platform.db.selectFrom('integration').selectAll().where('label', '=', 'Everything').executeTakeFirstOrThrow();
      expect(row.admin).toBe(true);
      expect(await t.platform.db.selectFrom('integration_role').selectAll().where('integration_id', '=', row.id).execute()).toEqual([]);
    });

    it('rejects malformed privileges', async () => {
      expect((await run('integration:create', 'Bad', '--privileges', 'tax read')).code).toBe(2);
      expect((await run('integration:create', 'Bad', '--privileges', ',')).code).toBe(2);
      expect(await t.platform.db.selectFrom('integration').select('id').where('label', '=', 'Bad').execute()).toEqual([]);
    });
  });

  describe('system-config:*', () => {
    const channel = DEFAULT_SALES_CHANNEL_ID;

    it('sets strings, JSON values and per-sales-channel values, and reads them back', async () => {
      expect(await run('system-config:set', 'Console.config.title', 'My shop')).toMatchObject({ code: 0, stdout: ['Saved Console.config.title (global).'] });
      expect((await run('system-config:get', 'Console.config.title')).stdout).toEqual(['My shop']);
      expect((await run('system-config:get', 'Console.config.title', '--json')).stdout).toEqual(['"My shop"']);

      expect((await run('system-config:set', 'Console.config.flag', 'true')).code).toBe(0);
      expect(await t.platform.systemConfig.get('Console.config.flag')).toBe('true');
      expect((await run('system-config:set', 'Console.config.flag', 'true', '--json')).code).toBe(0);
      expect(await t.platform.systemConfig.get('Console.config.flag')).toBe(true);
      expect((await run('system-config:set', 'Console.config.list', '[1,"a"]', '--json')).code).toBe(0);
      expect((await run('system-config:get', 'Console.config.list')).stdout).toEqual(['[1,"a"]']);

      const scoped = await run('system-config:set', 'Console.config.title', 'Channel shop', '--sales-channel-id', channel);
      expect(scoped.stdout).toEqual([`Saved Console.config.title (sales channel ${channel}).`]);
      expect((await run('system-config:get', 'Console.config.title', '--sales-channel-id', channel)).stdout).toEqual(['Channel shop']);
      expect((await run('system-config:get', 'Console.config.title')).stdout).toEqual(['My shop']);

      const unknownChannel = await run('system-config:set', 'Console.config.title', 'x', '--sales-channel-id', '0123456789abcdef0123456789abcdef');
      expect(unknownChannel.code).not.toBe(0);
      expect(unknownChannel.stderr.join('\n')).toContain('There is no sales channel with the id 0123456789abcdef0123456789abcdef.');

      expect((await run('system-config:set', 'Console.config.title', 'null', '--json')).stdout).toEqual(['Removed Console.config.title (global).']);
      expect((await run('system-config:get', 'Console.config.title')).stdout).toEqual(['(not set)']);
      expect((await run('system-config:get', 'Console.config.title', '--json')).stdout).toEqual(['null']);
    });

    it('never prints a secret', async () => {
      t.platform.systemConfig.registerSecretKeys(['Console.config.apiSecret']);
      expect((await run('system-config:get', 'Console.config.apiSecret')).stdout).toEqual(['(not set)']);
      const set = await run('system-config:set', 'Console.config.apiSecret', 'sk_live_very_secret');
      expect(set.code).toBe(0);
      expect(await t.platform.systemConfig.get('Console.config.apiSecret')).toBe('sk_live_very_secret');
      for (const argv of [['system-config:get', 'Console.config.apiSecret'], ['system-config:get', 'Console.config.apiSecret', '--json']]) {
        const read = await run(...argv);
        expect(read.stdout).toEqual(['(secret set)']);
      }
      expect(set.text()).not.toContain('sk_live');
      // a secret passed as invalid JSON is not echoed either
      const bad = await run('system-config:set', 'Console.config.apiSecret', '{sk_live_oops', '--json');
      expect(bad.code).toBe(2);
      expect(bad.text()).not.toContain('sk_live');
      // an extension's declared secret is secret too
      expect((await run('system-config:set', 'ExtConsoleTest.config.apiKey', 'k-123')).code).toBe(0);
      expect((await run('system-config:get', 'ExtConsoleTest.config.apiKey')).stdout).toEqual(['(secret set)']);
    });

    it('rejects invalid keys and sales channel ids', async () => {
      const key = await run('system-config:set', 'bad key!', 'x');
      expect(key.code).toBe(1);
      expect(key.stderr).toEqual(['"bad key!" is not a valid configuration key.']);
      expect((await run('system-config:get', 'Console.config.title', '--sales-channel-id', 'nope')).code).toBe(2);
      expect((await run('system-config:set', 'Console.config.title')).code).toBe(2);
    });
  });

  // last: stopping the worker stops this platform's queue
  describe('worker', () => {
    it('rejects unknown queues and too short poll intervals', async () => {
      const unknown = await run('worker', '--queues', 'ext_console_test.ping,nope');
      expect(unknown.code).toBe(2);
      // the platform's own queues (sitemaps, mails) are listed before the extensions'
      expect(unknown.stderr[0]).toBe('Unknown queue: nope. Known queues: sitemap.generate, import_export.process, mail.send, ext_console_test.ping.');
      expect((await run('worker', '--poll-interval', '0.1')).code).toBe(2);
    });

    it('consumes messages until stopped', async () => {
      let stop!: (signal: string) => void;
      const worker = createWorkerCommand(() => new Promise((resolve) => (stop = resolve)));
      const io = captureIo();
      const running = worker.run({ args: {}, options: { queues: 'ext_console_test.ping', 'poll-interval': '0.5' } }, io, t.platform);
      await t.platform.queue.send(t.platform.db, 'ext_console_test.ping', { n: 1 });
      const deadline = Date.now() + 15_000;
      while (handled.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(handled).toEqual([{ n: 1 }]);
      expect(io.stdout[0]).toBe('Worker consuming ext_console_test.ping (polling every 0.5 s). Stop with Ctrl-C.');
      stop('SIGTERM');
      expect(await running).toBe(0);
      expect(io.stdout.slice(1)).toEqual(['SIGTERM: finishing running messages (at most 10 s, then they go back to the queue)...', 'Worker stopped.']);
    });
  });
});
