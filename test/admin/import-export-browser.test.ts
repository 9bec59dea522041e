import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../helpers/chromium.js';
import type { PageWatch } from '../helpers/page-checks.js';
import type { TestPlatform } from '../helpers/test-platform.js';
import { BAD_ROWS, productCsv } from '../fixtures/product-csv.js';
import { newId } from '../../src/platform/ids.js';
import { checkAndShoot, logInToAdmin, openAdminPage, startAdminTestServer } from './admin-test-server.js';

const runnable = chromiumRunnable('import-export-browser.test.ts');

/**
 * The Administration's import of a product CSV in a real browser, as a merchant runs it: the default product
 * profile, 1,000 rows of which 3 are bad, first as a dry run (nothing written), then for real: 997 products
 * created, the 3 bad rows listed with their row number and reason. axe finds no serious or critical violation.
 */
describe.skipIf(!runnable)('CSV import in the Administration', () => {
  let t: TestPlatform;
  let browser: Browser;
  let base: string;
  const watches: PageWatch[] = [];
  // one file for the dry run, a copy for the import: a file input given the same file again may not report a change
  const files = { dry: path.join(tmpdir(), `products-dry-${newId().slice(0, 8)}.csv`), real: path.join(tmpdir(), `products-${newId().slice(0, 8)}.csv`) };

  beforeAll(async () => {
    ({ t, base } = await startAdminTestServer());
    await t.platform.queue.startWorker(0.5);
    for (const file of Object.values(files)) writeFileSync(file, productCsv(1000, { bad: BAD_ROWS }));
    browser = await sharedChromium();
  }, 120_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

  const imported = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM product WHERE product_number LIKE 'IMP-%'`.execute(t.platform.db)).rows[0]!.n);

  async function upload(page: Page, dryRun: boolean): Promise<void> {
    const dry = page.getByRole('switch', { name: 'Dry run (check, write nothing)' });
    if ((await dry.isChecked()) !== dryRun) await dry.click({ force: true });
    await page.getByText(dryRun ? /Drop a CSV file here.*dry run/ : /Drop a CSV file here.*import\)/).waitFor();
    await page.locator('input[type="file"]').setInputFiles(dryRun ? files.dry : files.real);
  }

  it('a dry run writes nothing; the import creates 997 of 1,000 products and lists the 3 bad rows with row and reason (1280 px, then 390 px)', async () => {
    const page = await openAdminPage(browser, base, 1280, watches);
    await logInToAdmin(page, base);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Import/export', exact: true }).click();
    await page.getByRole('heading', { name: 'Import/export' }).waitFor();
    await page.getByRole('textbox', { name: 'Profile' }).click();
    await page.getByRole('option', { name: /^Default product/ }).click();

    await upload(page, true);
    const runs = page.getByTestId('import-export-run');
    await runs.first().getByText('Would create 997, would update 0, rejected 3 of 1000 rows').waitFor({ timeout: 120_000 });
    expect(await imported()).toBe(0);

    await upload(page, false);
    const run = runs.first();
    await run.getByText('Created 997, updated 0, rejected 3 of 1000 rows').waitFor({ timeout: 120_000 });
    expect(await imported()).toBe(997);
    // the header is row 1: the bad data rows 10, 500 and 900 are rows 12, 502 and 902 of the file
    const rejected = run.getByRole('table');
    const rows = await rejected.getByRole('row').allInnerTexts();
    expect(rows.slice(1).map((row) => row.split('\t')[0])).toEqual(['12', '502', '902']);
    for (const [index, bad] of Object.entries(BAD_ROWS)) {
      expect(await rejected.getByRole('row').filter({ hasText: `IMP-${Number(index) + 1}` }).innerText()).toMatch(bad.reason);
    }
    await run.getByRole('button', { name: 'Download rejected rows' }).waitFor();
    await checkAndShoot(page, 'import-export-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    await checkAndShoot(page, 'import-export-390');
    await page.close();
    expect(watches.flatMap((watch) => watch.problems)).toEqual([]);
  }, 300_000);
});
