import { sql } from 'kysely';
import type { Platform } from '../src/platform/kernel.js';
import { systemContext } from '../src/platform/acl/context.js';
import { findProfile, markStarted, executeRun, prepareRun } from '../src/platform/import-export/runs.js';
import { BAD_ROWS, productCsv } from '../test/fixtures/product-csv.js';
import { compared, summarize, type Row } from './measure.js';

const ROWS = 10_000;

/**
 * A 10,000-row product CSV (3 bad rows) imported as the queue's job runs it (`executeRun`: parse, convert,
 * batches of 200 per transaction, the SEO URLs after each batch), against a hand-written floor in the same
 * run: the same 10,000 products, their visibilities and category links inserted by three set-based statements.
 * Target: 1,000 rows/s or faster.
 */
export async function importExportCases(platform: Platform, notes: (line: string) => void): Promise<Row[]> {
  const db = platform.db;
  const floorStart = performance.now();
  await sql`INSERT INTO product (id, product_number, active, stock, name, price, tax_id, created_at)
    SELECT md5('floor-' || n)::uuid, 'FLOOR-' || n, true, n % 50, 'Mug ' || n,
           jsonb_build_array(jsonb_build_object('currencyId', replace(c.id::text, '-', ''), 'net', 10, 'gross', 11.9, 'linked', true)), t.id, now()
      FROM generate_series(1, ${ROWS}) AS n, (SELECT id FROM currency WHERE iso_code = 'EUR') c, (SELECT id FROM tax WHERE tax_rate = 19 LIMIT 1) t`.execute(db);
  await sql`INSERT INTO product_visibility (id, product_id, sales_channel_id, visibility)
    SELECT md5('floor-v-' || n)::uuid, md5('floor-' || n)::uuid, (SELECT id FROM sales_channel ORDER BY created_at LIMIT 1), 30 FROM generate_series(1, ${ROWS}) AS n`.execute(db);
  await sql`INSERT INTO product_category (product_id, category_id)
    SELECT md5('floor-' || n)::uuid, (SELECT navigation_category_id FROM sales_channel ORDER BY created_at LIMIT 1) FROM generate_series(1, ${ROWS}) AS n`.execute(db);
  const floorMs = performance.now() - floorStart;

  const profile = await findProfile(db, 'default_product');
  const logId = await prepareRun(db, { profile, file: { name: 'bench.csv', bytes: Buffer.from(productCsv(ROWS, { prefix: 'BENCH', bad: BAD_ROWS }), 'utf8') }, context: systemContext });
  await markStarted(db, logId, false);
  const start = performance.now();
  const log = await executeRun(platform, logId);
  const importMs = performance.now() - start;
  const result = log?.result;
  if (!result || result.error || result.created !== ROWS - 3 || result.rejected !== 3) throw new Error(`the bench import did not end as expected: ${JSON.stringify(result?.error ?? result)}`);
  notes(`import: ${ROWS.toLocaleString('en')} rows (${result.created} created, ${result.rejected} rejected) in ${(importMs / 1000).toFixed(1)} s = ${((ROWS * 1000) / importMs).toFixed(0)} rows/s (target 1,000); floor ${(floorMs / 1000).toFixed(2)} s`);
  const floor = summarize('hand-written floor: 10,000 products with visibility and category (3 statements)', [floorMs]);
  return [floor, compared(summarize(`CSV import of ${ROWS.toLocaleString('en')} products (3 bad rows), one run`, [importMs]), floor, '≥ 1,000 rows/s (≤ 10 s)')];
}
