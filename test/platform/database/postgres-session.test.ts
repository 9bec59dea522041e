import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase } from '../../helpers/databases.js';
import type { DatabaseHandle } from '../../../src/platform/database/connection.js';

/**
 * Session settings of the PostgreSQL pool. JIT is off: its compile cost a third of a second on each
 * listing over 20,000 products (the planner's estimate passed jit_above_cost) for statements that run
 * in milliseconds. The embedded database has no JIT provider.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL sessions', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await openTestDatabase(inject('template')));
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('run with JIT off on every pooled connection', async () => {
    const settings = await Promise.all(Array.from({ length: 3 }, () => sql<{ jit: string }>`SHOW jit`.execute(handle.db)));
    expect(settings.map((result) => result.rows[0]?.jit)).toEqual(['off', 'off', 'off']);
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE) SELECT sum(g) FROM generate_series(1, 200000) AS g`.execute(handle.db);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).not.toMatch(/JIT/);
  });
});
