/** Demo data console commands in a child process on a file-backed embedded database, for kill -9 tests. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../../src/platform/database/connection.js';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
/** A small seed: one channel, two products per leaf, no images. */
export const SEED_ARGS = ['ext:demo-data:seed', '-c', 'fresh', '-p', '2', '--skip-media'];

/** What a run leaves: ids and values (no timestamps, password hashes or generated secrets). */
export const SNAPSHOT: Array<[table: string, columns: string]> = [
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

/** Runs a console command on the embedded database in `varDir`; `killWhen` SIGKILLs it once a progress line matches. */
export function runConsole(varDir: string, args: string[], killWhen?: RegExp): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, VAR_DIR: varDir, APP_URL: 'http://localhost:8000', LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const child = spawn(path.join(ROOT, 'bin/console'), args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
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

/** Per table of SNAPSHOT: row count and a hash of its rows. */
export async function checksum(varDir: string): Promise<Record<string, string>> {
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

/** Runs the command again while a killed run's lease has not expired yet (20 seconds at most). */
export async function rerunAfterKill(varDir: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  let rerun = await runConsole(varDir, args);
  while (rerun.code === 1 && rerun.stderr.includes('Another demo data run is active')) rerun = await runConsole(varDir, args);
  return rerun;
}
