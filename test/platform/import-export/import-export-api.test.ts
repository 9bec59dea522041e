import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { waitFor } from '../../helpers/wait-for.js';
import { BAD_ROWS, productCsv } from '../../fixtures/product-csv.js';
import { CURRENCY_DEFAULT, DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-ids.js';

let t: TestPlatform;

beforeAll(async () => {
  t = await createTestPlatform();
  await t.platform.queue.startWorker(0.5);
});
afterAll(async () => t?.close());

async function prepare(csv: string | Buffer, profileId = 'default_product', token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/_action/import-export/prepare?profileId=${profileId}&fileName=products.csv`,
    payload: typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv,
    headers: { authorization: `Bearer ${token ?? (await t.adminToken())}`, 'content-type': 'text/csv', accept: 'application/json' },
  });
}

/** Uploads, starts and waits for the run; answers the finished log. */
async function importFile(csv: string | Buffer, { dryRun = false, profileId = 'default_product' } = {}) {
  const prepared = await prepare(csv, profileId);
  expect(prepared.statusCode, prepared.body).toBe(200);
  const logId = prepared.json().log.id as string;
  const processed = await t.api('POST', '/api/_action/import-export/process', { body: { logId, dryRun } });
  expect(processed.statusCode, processed.body).toBe(200);
  return waitFor(async () => {
    const log = (await t.api('GET', `/api/import-export-log/${logId}`)).json().data;
    return ['succeeded', 'failed'].includes(log.state) && log;
  }, 280_000);
}

const count = async (table: string) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.platform.db)).rows[0]!.n);

describe('product import over the Admin API', () => {
  it('imports 997 of 1,000 rows and reports the 3 bad ones with row number and reason', { timeout: 300_000 }, async () => {
    const log = await importFile(productCsv(1000, { bad: BAD_ROWS }));
    expect(log.state).toBe('succeeded');
    expect(log.result).toMatchObject({ rows: 1000, created: 997, updated: 0, rejected: 3 });
    const rejected = log.result.rejectedRows as Array<{ row: number; key: string; reason: string }>;
    // the header is row 1: data row index i is row i + 2
    expect(rejected.map((r) => r.row)).toEqual([12, 502, 902]);
    for (const [index, r] of Object.entries(BAD_ROWS)) {
      const entry = rejected.find((x) => x.row === Number(index) + 2)!;
      expect(entry.reason).toMatch(r.reason);
    }
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM product WHERE product_number LIKE 'IMP-%'`.execute(t.platform.db)).rows[0]!.n)).toBe(997);

    const product = (await t.api('POST', '/api/search/product', { body: { filter: [{ type: 'equals', field: 'productNumber', value: 'IMP-2' }], associations: { visibilities: {}, categories: {}, manufacturer: {}, tax: {} } } })).json().data[0];
    expect(product).toMatchObject({ name: 'Mug 2', stock: 1, active: true, manufacturer: { name: 'Acme' } });
    expect(product.price).toEqual([{ currencyId: CURRENCY_DEFAULT, gross: 11.9, net: 10, linked: true }]);
    expect(Number(product.tax.taxRate)).toBe(19);
    expect(product.visibilities).toMatchObject([{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }]);
    expect(product.categories).toHaveLength(1);
    // one manufacturer for all rows, not one per row
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM product_manufacturer WHERE name = 'Acme'`.execute(t.platform.db)).rows[0]!.n)).toBe(1);

    // the rejected rows as a CSV with the reasons
    const download = await t.api('GET', `/api/_action/import-export/file/download?fileId=${log.invalidRecordsFileId}`);
    expect(download.statusCode).toBe(200);
    const lines = download.body.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('product_number;active;stock;name;price_net;price_gross;tax_rate;manufacturer_name;categories;sales_channel;_row;_error');
    expect(lines[1]).toContain('IMP-11');
    expect(lines[1]).toMatch(/;12;"stock: ""many"" is not a whole number"$/);
  });

  it('a second run of the same file updates the same products and adds no row', { timeout: 300_000 }, async () => {
    const before = { products: await count('product'), visibilities: await count('product_visibility'), categories: await count('product_category'), manufacturers: await count('product_manufacturer') };
    const log = await importFile(productCsv(1000, { bad: BAD_ROWS }));
    expect(log.result).toMatchObject({ created: 0, updated: 997, rejected: 3 });
    expect({ products: await count('product'), visibilities: await count('product_visibility'), categories: await count('product_category'), manufacturers: await count('product_manufacturer') }).toEqual(before);
  });

  it('a dry run reports what it would do and writes nothing, over several batches with a new manufacturer', async () => {
    const before = { products: await count('product'), visibilities: await count('product_visibility'), manufacturers: await count('product_manufacturer') };
    // 450 rows are three batches: each is rolled back, the manufacturer it created with it, so each must create it again
    const csv = productCsv(450, { prefix: 'DRY', bad: { 3: BAD_ROWS[10]! } }).replace(/;Acme;/g, ';Dry Brand;');
    const log = await importFile(csv, { dryRun: true });
    expect(log).toMatchObject({ state: 'succeeded', dryRun: true });
    expect(log.result).toMatchObject({ rows: 450, created: 449, rejected: 1 });
    expect({ products: await count('product'), visibilities: await count('product_visibility'), manufacturers: await count('product_manufacturer') }).toEqual(before);
  });

  it('a file with the wrong delimiter fails with a message naming both and writes nothing', async () => {
    const before = await count('product');
    const log = await importFile(productCsv(5, { prefix: 'COMMA' }).replace(/;/g, ','));
    expect(log.state).toBe('failed');
    expect(log.result.error).toMatchObject({ code: 'CONTENT__IMPORT_WRONG_DELIMITER', meta: { expected: ';', detected: ',' } });
    expect(log.result.error.detail).toMatch(/separated by ",", but the profile expects ";"/);
    expect(await count('product')).toBe(before);
  });

  it('reads a Windows-1252 (Latin-1) file and says it converted it; a UTF-8 BOM is dropped', async () => {
    const latin = Buffer.from(productCsv(2, { prefix: 'LATIN', name: (i) => `Kaffeebecher Größe ${i}` }), 'latin1');
    const log = await importFile(latin);
    expect(log.result).toMatchObject({ created: 2, rejected: 0, encoding: 'windows-1252' });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(productCsv(1, { prefix: 'BOM' }), 'utf8')]);
    expect((await importFile(bom)).result).toMatchObject({ created: 1, rejected: 0, encoding: 'utf-8' });
    const names = await sql<{ name: string }>`SELECT name FROM product WHERE product_number IN ('LATIN-1', 'BOM-1') ORDER BY product_number`.execute(t.platform.db);
    expect(names.rows.map((r) => r.name)).toEqual(['Mug 1', 'Kaffeebecher Größe 1']);
  });

  it('refuses a binary file and one above the row limit at upload', async () => {
    const binary = await prepare(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().errors[0].code).toBe('CONTENT__IMPORT_FILE_NOT_CSV');
    const tooMany = await prepare(`${'x\n'.repeat(100_003)}`);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().errors[0].code).toBe('CONTENT__IMPORT_TOO_MANY_ROWS');
  });

  it('rejects a row whose number appears earlier in the file and an unclosed quote without losing the others', async () => {
    const csv = `${productCsv(3, { prefix: 'DUP' })}DUP-1;1;1;Again;10.00;11.90;19;Acme;;\n"DUP-9;1;1;Broken;10.00;11.90;19;Acme;;\n`;
    const log = await importFile(csv);
    expect(log.result.created).toBe(3);
    expect(log.result.rejected).toBe(2);
    expect(log.result.rejectedRows).toContainEqual(expect.objectContaining({ row: 5, reason: 'DUP-1 appears already in row 2' }));
    expect(log.result.rejectedRows).toContainEqual(expect.objectContaining({ row: 6, reason: expect.stringMatching(/Quote Not Closed/) }));
  });

  it('needs the entity\'s privileges besides the log\'s', async () => {
    const token = await t.tokenWithPrivileges(['import_export_log:create', 'import_export_profile:read']);
    const answer = await prepare(productCsv(1), 'default_product', token);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().errors[0].detail).toContain('product:create');
  });
});

describe('exports', () => {
  it('exports products in the profile\'s columns and orders with the default order profile', async () => {
    const prepared = await t.api('POST', '/api/_action/import-export/prepare?profileId=default_product', { headers: { 'content-type': 'text/csv' } });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const logId = prepared.json().log.id;
    expect(prepared.json().log).toMatchObject({ activity: 'export', state: 'pending' });
    await t.api('POST', '/api/_action/import-export/process', { body: { logId } });
    const log = await waitFor(async () => {
      const l = (await t.api('GET', `/api/import-export-log/${logId}`)).json().data;
      return l.state === 'succeeded' && l;
    });
    const file = await t.api('GET', `/api/_action/import-export/file/download?fileId=${log.fileId}`);
    const lines = file.body.trim().split('\n');
    expect(lines[0]).toBe('product_number;active;stock;name;description;ean;price_net;price_gross;tax_rate;manufacturer_name;categories;sales_channel');
    expect(lines.find((l) => l.startsWith('IMP-2;'))).toMatch(/^IMP-2;1;1;Mug 2;;;10;11\.9;19(\.000)?;Acme;[0-9a-f]{32};[0-9a-f]{32}$/);
    expect(log.records).toBe(lines.length - 1);
  });

  it('orders cannot be imported', async () => {
    const answer = await prepare('order_number\n1\n', 'default_orders');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0].code).toBe('CONTENT__IMPORT_NOT_SUPPORTED');
  });
});
