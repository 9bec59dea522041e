import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { didWrite } from '../../../src/extensions/demo-data/tally.js';
import { startDemoDataTest, SMALL, type DemoDataTest } from './demo-data-test-setup.js';

describe('demo data seeding: idempotency', () => {
  let t: DemoDataTest;
  beforeAll(async () => {
    t = await startDemoDataTest();
  });
  afterAll(() => t.close());

  it('creates the catalogue on the first run', async () => {
    const first = await t.seed(SMALL);
    console.log(first.report.rows.map((r) => r.join(' ')).join('\n'), first.report.notes);
    expect(first.report.totals.created).toBeGreaterThan(100);
    expect(didWrite(first.report)).toBe(true);
    // the channel's home layout and its landing page's layout
    expect(first.report.rows.find((r) => r[0] === 'cms_page')?.[1]).toBe('2');
    // the planner's statistics describe the seeded catalogue (the embedded database has no autovacuum)
    const { rows } = await sql<{ estimated: number; actual: number }>`
      SELECT (SELECT reltuples FROM pg_class WHERE oid = 'product'::regclass)::int AS estimated, (SELECT count(*) FROM product)::int AS actual`.execute(t.platform.db);
    expect(rows[0]!.actual).toBeGreaterThan(0);
    expect(rows[0]!.estimated).toBe(rows[0]!.actual);
  });

  it('writes nothing on a second run, and the tally says so', async () => {
    t.writes.reset();
    const second = await t.seed(SMALL);
    expect(t.writes.writes).toEqual([]);
    expect(second.report.totals.created).toBe(0);
    expect(second.report.totals.enriched).toBe(0);
    expect(didWrite(second.report)).toBe(false);
    expect(second.report.rows.find((r) => r[0] === 'cms_page')?.slice(1, 3)).toEqual(['0', '2']);
  });
});
