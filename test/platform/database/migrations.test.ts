import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase } from '../../helpers/databases.js';
import { openDatabase, type DatabaseHandle } from '../../../src/platform/database/connection.js';
import { runMigrations, type Migration } from '../../../src/platform/database/migrations.js';

describe('migrations', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await openTestDatabase(inject('template')));
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  const counting = (runs: string[]): Migration[] => [
    {
      name: '0002_second',
      async up(db) {
        runs.push('second');
        await sql`ALTER TABLE mig_test ADD COLUMN extra text`.execute(db);
      },
    },
    {
      name: '0001_first',
      async up(db) {
        runs.push('first');
        await sql`CREATE TABLE mig_test (id int PRIMARY KEY)`.execute(db);
      },
    },
  ];

  it('applies pending migrations in name order, once, and running again does nothing', async () => {
    const runs: string[] = [];
    expect(await runMigrations(handle.db, 'mig', counting(runs))).toEqual(['0001_first', '0002_second']);
    expect(await runMigrations(handle.db, 'mig', counting(runs))).toEqual([]);
    expect(runs).toEqual(['first', 'second']);
  });

  it('a failing migration leaves nothing behind', async () => {
    const failing: Migration[] = [
      { name: '0001_ok', up: async (db) => void (await sql`CREATE TABLE mig_fail_a (id int)`.execute(db)) },
      { name: '0002_bad', up: async (db) => void (await sql`CREATE TABLE mig_fail_b (id nonsense_type)`.execute(db)) },
    ];
    await expect(runMigrations(handle.db, 'mig-fail', failing)).rejects.toThrow();
    const exists = await sql<{ t: string | null }>`SELECT to_regclass('mig_fail_a')::text AS t`.execute(handle.db);
    expect(exists.rows[0]!.t).toBeNull();
    const recorded = await handle.db.selectFrom('migration').select('name').where('module', '=', 'mig-fail').execute();
    expect(recorded).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)('two processes migrating at once apply each migration exactly once (PostgreSQL)', async () => {
    // two independent pools stand for two processes starting together
    const url = new URL(process.env.DATABASE_URL!);
    const current = (await sql<{ db: string }>`SELECT current_database() AS db`.execute(handle.db)).rows[0]!.db;
    url.pathname = `/${current}`;
    const other = await openDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
    try {
      const runs: string[] = [];
      const slow: Migration[] = [
        {
          name: '0001_slow',
          async up(db) {
            runs.push('slow');
            await sql`SELECT pg_sleep(0.3)`.execute(db);
            await sql`CREATE TABLE mig_race (id int)`.execute(db);
          },
        },
      ];
      const [a, b] = await Promise.all([runMigrations(handle.db, 'race', slow), runMigrations(other.db, 'race', slow)]);
      expect([...a, ...b]).toEqual(['0001_slow']);
      expect(runs).toEqual(['slow']);
    } finally {
      await other.close();
    }
  });
});
