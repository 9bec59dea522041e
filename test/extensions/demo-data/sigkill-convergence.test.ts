import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/platform/database/connection.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ARGS = ['ext:demo-data:seed', '-c', 'fresh', '-p', '2', '--skip-media'];

/** What a run leaves: ids and values (no timestamps, password hashes or generated secrets). */
const SNAPSHOT: Array<[table: string, columns: string]> = [
  // not the access key: the default Storefront's is random per database
  ['sales_channel', 'id, name, navigation_category_id'],
  ['category', 'id, parent_id, after_category_id, name, description, custom_fields'],
  ['product', 'id, parent_id, product_number, name, description, price, stock, manufacturer_id, tax_id, ean, release_date, weight, custom_fields'],
  ['product_category', 'product_id, category_id'],
  ['product_property', 'product_id, property_group_option_id'],
  ['product_visibility', 'id, product_id, sales_channel_id, visibility'],
  ['product_cross_selling', 'id, product_id, name'],
  ['product_cross_selling_assigned_products', 'id, cross_selling_id, product_id, position'],
  ['product_review', 'id, product_id, points, title'],
  ['customer', 'id, email, customer_number, first_name, default_billing_address_id'],
  ['customer_address', 'id, customer_id, street, city'],
  ['"order"', 'id, order_number, amount_total, amount_net, order_date_time, state_id'],
  ['order_line_item', 'id, order_id, product_id, quantity, total_price'],
  ['order_transaction', 'id, order_id, state_id'],
  ['order_delivery', 'id, order_id, state_id'],
];

/** Runs the seed command on the embedded database in `varDir`; `killWhen` SIGKILLs it once a progress line matches. */
function runSeed(varDir: string, killWhen?: RegExp): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, VAR_DIR: varDir, APP_URL: 'http://localhost:8000', LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const child = spawn(path.join(ROOT, 'bin/console'), ARGS, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let killed = false;
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      if (!killed && killWhen && lines.some((l) => killWhen.test(l))) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, killed, stderr }));
  });
}

async function checksum(varDir: string): Promise<Record<string, string>> {
  const handle = await openDatabase({ dataDir: path.join(varDir, 'db') });
  try {
    const sums: Record<string, string> = {};
    for (const [table, columns] of SNAPSHOT) {
      const rows = await sql.raw<Record<string, unknown>>(`SELECT ${columns} FROM ${table} ORDER BY ${columns}`).execute(handle.db);
      sums[table] = `${rows.rows.length}:${createHash('sha256').update(JSON.stringify(rows.rows)).digest('hex')}`;
    }
    return sums;
  } finally {
    await handle.close();
  }
}

// the embedded database only: the command line opens its own data directory
describe.skipIf(Boolean(process.env.DATABASE_URL))('demo data: a run killed with SIGKILL converges', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-kill-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('re-running after kill -9 mid-run gives exactly the rows of an uninterrupted run', { timeout: 900_000 }, async () => {
    const interrupted = tempDir();
    const killedRun = await runSeed(interrupted, /^(product|customer|order): \d+/);
    expect(killedRun.killed).toBe(true);
    expect(killedRun.signal).toBe('SIGKILL');
    // the killed run's lease blocks until it expires (20 seconds at most): the re-run is refused until then
    let rerun = await runSeed(interrupted);
    while (rerun.code === 1 && rerun.stderr.includes('Another demo data run is active')) rerun = await runSeed(interrupted);
    expect(rerun.code, rerun.stderr).toBe(0);

    const clean = tempDir();
    expect((await runSeed(clean)).code).toBe(0);

    expect(await checksum(interrupted)).toEqual(await checksum(clean));
  });
});
