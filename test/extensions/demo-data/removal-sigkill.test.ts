import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/platform/database/connection.js';
import { checksum, rerunAfterKill, runConsole } from './console-run.js';

/** The smallest seed a removal can be killed in the middle of: one channel, one product per leaf, orders, no images. */
const SEED_ARGS = ['ext:demo-data:seed', '-c', 'fresh', '-p', '1', '--skip-media'];
const REMOVE_ARGS = ['ext:demo-data:remove', '-c', 'fresh'];
/** The deletion of products begins: orders, customers and prices are already deleted (committed), products and categories not yet. */
const KILL_AT = /^product: \d+ to check$/;

/** Orders (the shop has no others) and generated demo products and categories (deleted after the orders) left in the shop. */
async function leftOver(varDir: string): Promise<{ orders: number; catalogue: number }> {
  const handle = await openDatabase({ dataDir: path.join(varDir, 'db') });
  try {
    const orders = await sql<{ n: number }>`SELECT count(*)::int AS n FROM "order"`.execute(handle.db);
    const catalogue = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM product WHERE custom_fields ? 'ext_demo_data_generated')::int
           + (SELECT count(*) FROM category WHERE custom_fields ? 'ext_demo_data_generated')::int AS n`.execute(handle.db);
    return { orders: orders.rows[0]!.n, catalogue: catalogue.rows[0]!.n };
  } finally {
    await handle.close();
  }
}

// the embedded database only: the command line opens its own data directory
describe.skipIf(Boolean(process.env.DATABASE_URL))('demo data removal killed with SIGKILL', () => {
  const varDir = mkdtempSync(path.join(tmpdir(), 'demo-remove-kill-'));
  afterAll(() => rmSync(varDir, { recursive: true, force: true }));

  it('a re-run finishes it: the shop is as it was before the seed', { timeout: 600_000 }, async () => {
    // the shop before demo data (the first command creates it)
    expect((await runConsole(varDir, ['ext:demo-data:status'])).code).toBe(0);
    const before = await checksum(varDir);
    expect((await runConsole(varDir, SEED_ARGS)).code).toBe(0);
    const seeded = await leftOver(varDir);
    expect(seeded.orders).toBeGreaterThan(0);
    expect(seeded.catalogue).toBeGreaterThan(0);

    const killed = await runConsole(varDir, REMOVE_ARGS, KILL_AT);
    // killed by the signal, not finished on its own: the removal stopped half way
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    const half = await leftOver(varDir);
    expect(half.orders).toBe(0);
    expect(half.catalogue).toBeGreaterThan(0);

    // the killed run's lease blocks the next for 20 seconds at most
    const rerun = await rerunAfterKill(varDir, REMOVE_ARGS);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(await checksum(varDir)).toEqual(before);
  });
});
