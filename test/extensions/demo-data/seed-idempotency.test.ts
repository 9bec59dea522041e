import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  });

  it('writes nothing on a second run, and the tally says so', async () => {
    t.writes.reset();
    const second = await t.seed(SMALL);
    expect(t.writes.writes).toEqual([]);
    expect(second.report.totals.created).toBe(0);
    expect(second.report.totals.enriched).toBe(0);
    expect(didWrite(second.report)).toBe(false);
  });
});
