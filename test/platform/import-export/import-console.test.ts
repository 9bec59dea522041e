import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { runCommand } from '../../../src/platform/console/runner.js';
import { captureIo } from '../console/capture-io.js';
import { BAD_ROWS, productCsv } from '../../fixtures/product-csv.js';

let t: TestPlatform;
let dir: string;

beforeAll(async () => {
  t = await createTestPlatform();
  dir = await mkdtemp(join(tmpdir(), 'import-console-'));
});
afterAll(async () => t?.close());

const products = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM product`.execute(t.platform.db)).rows[0]!.n);

describe('bin/console import:products and export:products', () => {
  it('a dry run prints the tally and the rejected rows, writes nothing and exits 1 for the rejected rows', async () => {
    const file = join(dir, 'products.csv');
    await writeFile(file, productCsv(30, { prefix: 'CLI', bad: { 10: BAD_ROWS[10]! } }));
    const io = captureIo();
    expect(await runCommand(t.platform, ['import:products', file, '--dry-run'], io)).toBe(1);
    expect(io.text()).toContain('Dry run (nothing written): would create 29, would update 0, rejected 1 of 30 rows.');
    expect(io.text()).toMatch(/12\s+CLI-11\s+stock: "many" is not a whole number/);
    expect(await products()).toBe(0);
  });

  it('imports the good rows, exits 0 when none is rejected, and exports them again', async () => {
    const file = join(dir, 'good.csv');
    await writeFile(file, productCsv(30, { prefix: 'CLI' }));
    const io = captureIo();
    expect(await runCommand(t.platform, ['import:products', file, '--profile', 'Default product'], io)).toBe(0);
    expect(io.text()).toContain('Created 30, updated 0, rejected 0 of 30 rows.');
    expect(await products()).toBe(30);

    const out = join(dir, 'export.csv');
    const exportIo = captureIo();
    expect(await runCommand(t.platform, ['export:products', out], exportIo)).toBe(0);
    expect(exportIo.text()).toContain(`Exported 30 products to ${out}.`);
    const lines = (await readFile(out, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(31);
  });

  it('a missing file is a usage error (2); a wrong delimiter fails (1) with the reason', async () => {
    expect(await runCommand(t.platform, ['import:products', join(dir, 'nope.csv')], captureIo())).toBe(2);
    const file = join(dir, 'comma.csv');
    await writeFile(file, productCsv(3, { prefix: 'COMMA' }).replace(/;/g, ','));
    const io = captureIo();
    expect(await runCommand(t.platform, ['import:products', file], io)).toBe(1);
    expect(io.text()).toContain('Import failed: The file\'s columns are separated by ",", but the profile expects ";"');
  });

  it('imports customers and matches them again by number or e-mail', async () => {
    const file = join(dir, 'customers.csv');
    const header = 'customer_number;email;first_name;last_name;billing_street;billing_city;billing_country';
    await writeFile(file, `${header}\nC-1;ada@example.com;Ada;Lovelace;Main St 1;London;GB\nC-2;not-an-email;Bob;B;;;\n`);
    const io = captureIo();
    expect(await runCommand(t.platform, ['import:customers', file], io)).toBe(1);
    expect(io.text()).toContain('Created 1, updated 0, rejected 1 of 2 rows.');
    expect(io.text()).toMatch(/3\s+C-2\s+email: "not-an-email" is not an e-mail address/);
    await writeFile(file, `${header}\nC-1;ADA@example.com;Ada;King;Main St 1;London;GB\n`);
    expect(await runCommand(t.platform, ['import:customers', file], captureIo())).toBe(0);
    const rows = await sql<{ last_name: string; billing: string | null }>`SELECT c.last_name, a.street AS billing FROM customer c LEFT JOIN customer_address a ON a.id = c.default_billing_address_id`.execute(t.platform.db);
    expect(rows.rows).toEqual([{ last_name: 'King', billing: 'Main St 1' }]);
  });
});
