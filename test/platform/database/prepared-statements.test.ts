import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { adminConnectionString, openTestDatabase } from '../../helpers/databases.js';
import type { DatabaseHandle } from '../../../src/platform/database/connection.js';
import { preparingClient, StatementNames } from '../../../src/platform/database/prepared-statements.js';

/**
 * Repeated parameterised statements run as named prepared statements (PostgreSQL keeps their parse and,
 * often, their plan per connection), on both databases. What a user relies on: the same rows as before,
 * a bounded number of names per connection, and no error after the schema changes under a prepared plan.
 */
describe('prepared statements', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await openTestDatabase(inject('template')));
    await sql`CREATE TABLE prepared_probe (id int PRIMARY KEY, label text)`.execute(handle.db);
    await sql`INSERT INTO prepared_probe VALUES (1, 'one'), (2, 'two')`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  /** The named statements of one pooled connection, after `work` ran on it. */
  async function onOneConnection(work: (client: pg.PoolClient) => Promise<void>): Promise<string[]> {
    const client = await handle.pool.connect();
    try {
      await work(client);
      const named = await client.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%prepared_probe%'");
      return named.rows.map((row) => row.statement);
    } finally {
      client.release();
    }
  }

  it('names a parameterised statement from its second run, and answers as before', async () => {
    const text = 'SELECT label FROM prepared_probe WHERE id = $1 /* second-run */';
    const answers: string[] = [];
    const named = await onOneConnection(async (client) => {
      answers.push((await client.query(text, [1])).rows[0].label);
      expect(await preparedOn(client, 'second-run')).toBe(0);
      for (const id of [2, 1, 2, 1, 2, 1, 2]) answers.push((await client.query(text, [id])).rows[0].label);
    });
    expect(named).toEqual([text]);
    expect(answers).toEqual(['one', 'two', 'one', 'two', 'one', 'two', 'one', 'two']);
  });

  it('leaves statements without parameters unnamed', async () => {
    const text = 'SELECT count(*) AS n FROM prepared_probe /* no-parameters */';
    const named = await onOneConnection(async (client) => {
      for (let i = 0; i < 3; i++) expect((await client.query(text)).rows[0].n).toBe(2);
    });
    expect(named.filter((statement) => statement.includes('no-parameters'))).toEqual([]);
  });

  // a client of its own with a small cap (the embedded database has one session: the pool's)
  it.runIf(Boolean(process.env.DATABASE_URL))('keeps at most the configured number of names per connection; the rest run unnamed', async () => {
    const Client = preparingClient(new StatementNames(2));
    const client = new Client({ connectionString: (await connectionStringOf(handle))! });
    await client.connect();
    try {
      for (const variant of ['a', 'b', 'c', 'd']) {
        for (let i = 0; i < 3; i++) expect((await client.query(`SELECT label FROM prepared_probe WHERE id = $1 /* cap-${variant} */`, [1])).rows[0].label).toBe('one');
      }
      expect(await preparedOn(client, 'cap-')).toBe(2);
    } finally {
      await client.end();
    }
  });

  // a generic plan keeps the estimates of its moment: after a bulk import it must be made again
  it.runIf(Boolean(process.env.DATABASE_URL))('prepares afresh once the plans are older than the maximum age, dropping the old ones', async () => {
    let now = 0;
    const Client = preparingClient(new StatementNames(10, 60_000, () => now));
    const client = new Client({ connectionString: (await connectionStringOf(handle))! });
    await client.connect();
    try {
      const run = async (id: number) => (await client.query(`SELECT label FROM prepared_probe WHERE id = $1 /* aged */`, [id])).rows[0].label;
      expect([await run(1), await run(2), await run(1)]).toEqual(['one', 'two', 'one']);
      const names = async () => (await client.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE statement LIKE '%aged%'")).rows.map((row) => row.name);
      const before = await names();
      expect(before).toHaveLength(1);
      now = 59_999;
      expect(await run(2)).toBe('two');
      expect(await names()).toEqual(before);
      now = 60_000;
      expect(await run(1)).toBe('one');
      const after = await names();
      expect(after).toHaveLength(1);
      expect(after).not.toEqual(before);
    } finally {
      await client.end();
    }
  });

  it('prepares afresh after the pool changes the schema', async () => {
    const run = () => sql<Record<string, unknown>>`SELECT * FROM prepared_probe WHERE id = ${1} /* own-ddl */`.execute(handle.db);
    for (let i = 0; i < 7; i++) expect((await run()).rows[0]).toEqual({ id: 1, label: 'one' });
    await sql`ALTER TABLE prepared_probe ADD COLUMN note text DEFAULT 'added'`.execute(handle.db);
    expect((await run()).rows[0]).toEqual({ id: 1, label: 'one', note: 'added' });
    await sql`ALTER TABLE prepared_probe DROP COLUMN note`.execute(handle.db);
    expect((await run()).rows[0]).toEqual({ id: 1, label: 'one' });
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('recovers after another process changes the schema: at most one refused run', async () => {
    const run = () => sql<Record<string, unknown>>`SELECT * FROM prepared_probe WHERE id = ${2} /* other-process */`.execute(handle.db);
    // several pooled connections have the statement prepared
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 6 }, () => run()));
    const other = new pg.Client({ connectionString: (await connectionStringOf(handle))! });
    await other.connect();
    await other.query("ALTER TABLE prepared_probe ADD COLUMN other text DEFAULT 'x'");
    await other.end();
    // one run may meet the stale plan and fail; it starts a new generation of names for the whole pool
    const outcomes: Array<'ok' | 'refused'> = [];
    for (let i = 0; i < 12; i++) outcomes.push(await run().then(() => 'ok' as const, () => 'refused' as const));
    expect(outcomes.slice(1)).toEqual(Array.from({ length: 11 }, () => 'ok'));
    // from then on every connection prepares the statement for the new table
    const after = await Promise.all(Array.from({ length: 6 }, () => run()));
    expect(after.map((result) => result.rows[0])).toEqual(Array.from({ length: 6 }, () => ({ id: 2, label: 'two', other: 'x' })));
    await sql`ALTER TABLE prepared_probe DROP COLUMN other`.execute(handle.db);
  });
});

async function preparedOn(client: pg.ClientBase, marker: string): Promise<number> {
  const result = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE $1', [`%${marker}%`]);
  return result.rows[0]!.n;
}

/** The PostgreSQL connection string of the test database (undefined on the embedded database). */
async function connectionStringOf(handle: DatabaseHandle): Promise<string | undefined> {
  if (handle.kind !== 'postgres' || !process.env.DATABASE_URL) return undefined;
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(handle.db);
  return adminConnectionString(process.env.DATABASE_URL, rows[0]!.name);
}
