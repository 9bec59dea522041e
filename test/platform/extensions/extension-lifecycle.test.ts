import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { useTestPlatformWithExtension } from '../../helpers/test-platform.js';
import { createTestExtension } from '../../fixtures/test-extension.js';
import { openTestDatabase } from '../../helpers/databases.js';
import { testEnv } from '../../helpers/test-env.js';
import { Platform } from '../../../src/platform/kernel.js';
import type { Db } from '../../../src/platform/database/connection.js';

async function tableExists(db: Db, table: string): Promise<boolean> {
  const result = await sql<{ exists: boolean }>`SELECT to_regclass(${table}) IS NOT NULL AS exists`.execute(db);
  return result.rows[0]!.exists;
}

async function customFieldNames(db: Db): Promise<string[]> {
  // only the test extension's fields: the extensions main.ts lists have theirs in every test database
  const rows = await db.selectFrom('custom_field').select('name').where('name', 'like', 'ext\\_test\\_%').orderBy('name').execute();
  return rows.map((r) => r.name);
}

describe('extension lifecycle', () => {
  const suite = useTestPlatformWithExtension();

  it('a listed extension is installed and activated on first start', async () => {
    expect(suite.fixture.calls).toEqual(['install', 'activate']);
    expect(await tableExists(suite.t.platform.db, 'ext_test_note')).toBe(true);
    expect(await suite.t.platform.systemConfig.get('ExtTest.config.title')).toBe('Default title');
    expect(await customFieldNames(suite.t.platform.db)).toEqual(['ext_test_count', 'ext_test_reference']);
    const relation = await suite.t.platform.db
      .selectFrom('custom_field_set_relation as r')
      .innerJoin('custom_field_set as s', 's.id', 'r.custom_field_set_id')
      .select('r.entity_name')
      .where('s.name', '=', 'ext_test')
      .execute();
    expect(relation.map((r) => r.entity_name)).toEqual(['order_transaction']);
    const [state] = await suite.t.platform.extensions.list();
    expect(state).toMatchObject({ name: 'ExtTest', installed: true, active: true, version: '1.0.0', installedVersion: '1.0.0', updateAvailable: false });
  });

  it('routes answer while active; Admin API routes check privileges', async () => {
    const ping = await suite.t.api('GET', '/api/_action/ext-test/ping');
    expect(ping.json()).toEqual({ pong: true, title: 'Default title' });
    const storefront = await suite.t.app.inject({ method: 'GET', url: '/ext-test/hello' });
    expect(storefront.json()).toEqual({ hello: 'storefront' });

    const token = await suite.t.tokenWithPrivileges(['tax:read']);
    const denied = await suite.t.api('GET', '/api/_action/ext-test/ping', { token });
    expect(denied.statusCode).toBe(403);
    expect(JSON.parse(denied.json().errors[0].detail).missingPrivileges).toEqual(['ext_test:ping']);
  });

  it('subscribers of the extension run only while it is active', async () => {
    await suite.t.platform.events.dispatch(suite.t.platform.db, 'ext_test.happened', { n: 1 });
    expect(suite.fixture.received.events).toEqual([{ n: 1 }]);
  });

  it('deactivate hides routes (404) and skips subscribers; activate brings them back', async () => {
    const response = await suite.t.api('PUT', '/api/_action/extension/deactivate/plugin/ExtTest');
    expect(response.statusCode).toBe(204);
    expect(suite.fixture.calls.at(-1)).toBe('deactivate');
    expect((await suite.t.api('GET', '/api/_action/ext-test/ping')).statusCode).toBe(404);
    expect((await suite.t.app.inject({ method: 'GET', url: '/ext-test/hello' })).statusCode).toBe(404);
    await suite.t.platform.events.dispatch(suite.t.platform.db, 'ext_test.happened', { n: 2 });
    expect(suite.fixture.received.events).toEqual([{ n: 1 }]);

    const again = await suite.t.api('PUT', '/api/_action/extension/deactivate/plugin/ExtTest');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].code).toBe('FRAMEWORK__EXTENSION_NOT_ACTIVE');

    expect((await suite.t.api('PUT', '/api/_action/extension/activate/plugin/ExtTest')).statusCode).toBe(204);
    expect((await suite.t.api('GET', '/api/_action/ext-test/ping')).statusCode).toBe(200);
  });

  it('uninstall keeping user data keeps tables, config and custom fields; reinstall does not re-run migrations', async () => {
    await suite.t.platform.db.insertInto('ext_test_note').values({ id: '0123456789abcdef0123456789abcdef', title: 'kept' }).execute();
    await suite.t.platform.systemConfig.set(suite.t.platform.db, 'ExtTest.config.title', 'Merchant title');
    const response = await suite.t.api('POST', '/api/_action/extension/uninstall/plugin/ExtTest', { body: { keepUserData: true } });
    expect(response.statusCode).toBe(204);
    expect(suite.fixture.calls.slice(-2)).toEqual(['deactivate', 'uninstall:true']);
    expect(await tableExists(suite.t.platform.db, 'ext_test_note')).toBe(true);
    expect(await customFieldNames(suite.t.platform.db)).toHaveLength(2);
    expect((await suite.t.api('GET', '/api/_action/ext-test/ping')).statusCode).toBe(404);

    const activateUninstalled = await suite.t.api('PUT', '/api/_action/extension/activate/plugin/ExtTest');
    expect(activateUninstalled.statusCode).toBe(400);
    expect(activateUninstalled.json().errors[0].code).toBe('FRAMEWORK__EXTENSION_NOT_INSTALLED');

    expect((await suite.t.api('POST', '/api/_action/extension/install/plugin/ExtTest')).statusCode).toBe(204);
    expect((await suite.t.api('PUT', '/api/_action/extension/activate/plugin/ExtTest')).statusCode).toBe(204);
    const notes = await suite.t.platform.db.selectFrom('ext_test_note').select('title').execute();
    expect(notes.map((n) => n.title)).toContain('kept');
    // install writes the defaults over what was there (Shopware's install behaviour)
    expect(await suite.t.platform.systemConfig.get('ExtTest.config.title')).toBe('Default title');
  });

  it('uninstall without keeping user data removes tables, config and custom fields', async () => {
    await suite.t.platform.systemConfig.set(suite.t.platform.db, 'ExtTest.config.apiKey', 'secret-value');
    const response = await suite.t.api('POST', '/api/_action/extension/uninstall/plugin/ExtTest', { body: { keepUserData: false } });
    expect(response.statusCode).toBe(204);
    expect(suite.fixture.calls.at(-1)).toBe('uninstall:false');
    expect(await tableExists(suite.t.platform.db, 'ext_test_note')).toBe(false);
    expect(await customFieldNames(suite.t.platform.db)).toEqual([]);
    const config = await suite.t.platform.db.selectFrom('system_config').select('id').where('configuration_key', 'like', 'ExtTest.%').execute();
    expect(config).toHaveLength(0);
    const migrations = await suite.t.platform.db.selectFrom('migration').select('name').where('module', '=', 'ExtTest').execute();
    expect(migrations).toHaveLength(0);

    // and it can be installed again from scratch
    expect((await suite.t.api('POST', '/api/_action/extension/install/plugin/ExtTest')).statusCode).toBe(204);
    expect(await tableExists(suite.t.platform.db, 'ext_test_note')).toBe(true);
    expect((await suite.t.api('PUT', '/api/_action/extension/activate/plugin/ExtTest')).statusCode).toBe(204);
  });

  it('lifecycle routes: unknown extension 404, missing privilege 403, list', async () => {
    const unknown = await suite.t.api('POST', '/api/_action/extension/install/plugin/Nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('FRAMEWORK__EXTENSION_NOT_FOUND');

    const token = await suite.t.tokenWithPrivileges(['system_config:read']);
    const denied = await suite.t.api('POST', '/api/_action/extension/install/plugin/ExtTest', { token });
    expect(denied.statusCode).toBe(403);

    const list = await suite.t.api('GET', '/api/_action/extension/installed');
    expect(list.json()).toEqual([expect.objectContaining({ name: 'ExtTest', installed: true, active: true })]);
  });
});

describe('extension update at start', () => {
  it('a newer version runs its new migrations and the update hook, and keeps config values', async () => {
    const { handle, drop } = await openTestDatabase(inject('template'));
    const shared = { ...handle, close: async () => undefined };
    const v1 = createTestExtension('1.0.0');
    const first = await Platform.boot({ env: testEnv(), extensions: [v1.extension], database: shared });
    await first.systemConfig.set(first.db, 'ExtTest.config.limit', 50);
    await first.close();

    const v2 = createTestExtension('1.1.0');
    const second = await Platform.boot({ env: testEnv(), extensions: [v2.extension], database: shared });
    try {
      expect(v2.calls).toEqual(['update:1.0.0']);
      const columns = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_name = 'ext_test_note'`.execute(second.db);
      expect(columns.rows.map((c) => c.column_name)).toContain('body');
      expect(await second.systemConfig.get('ExtTest.config.limit')).toBe(50);
      const [state] = await second.extensions.list();
      expect(state).toMatchObject({ installedVersion: '1.1.0', active: true });
    } finally {
      await second.close();
      await handle.close();
      await drop();
    }
  });
});
