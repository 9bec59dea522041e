import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

/**
 * The caches of rarely written tables rely on every change being heard. When the pool's connections are
 * lost (a server restart, a terminated backend), changes made meanwhile are heard by nobody: everything
 * kept is dropped and the next read goes to the database.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('table changes: lost connections', () => {
  let t: TestPlatform;
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestPlatform();
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.platform.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it('drops what it kept when the last listening connection ends, and reads a change made meanwhile', async () => {
    const config = t.platform.systemConfig;
    await config.set(t.platform.db, 'Lost.config.mode', 'before');
    await config.get('Lost.config.mode');
    expect((await t.platform.database.statements.measure(() => config.get('Lost.config.mode'))).count).toBe(0);

    await other.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    const deadline = Date.now() + 5_000;
    while (t.platform.database.changes.watching && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.platform.database.changes.watching).toBe(false);

    // written while no connection of the platform listened: no notification reaches it
    await other.query(`UPDATE system_config SET configuration_value = '{"_value":"after"}' WHERE configuration_key = 'Lost.config.mode'`);
    const read = await t.platform.database.statements.measure(() => config.get('Lost.config.mode'));
    expect(read.result).toBe('after');
    expect(read.count).toBe(1);
    expect(t.platform.database.changes.watching).toBe(true);
  });
});
