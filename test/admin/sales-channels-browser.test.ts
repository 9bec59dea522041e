import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_SALES_CHANNEL_ID } from '../../src/platform/first-start/default-shop.js';
import { defaultShopCurrencyId } from '../../src/platform/first-start/default-ids.js';
import { newId } from '../../src/platform/ids.js';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../helpers/chromium.js';
import type { PageWatch } from '../helpers/page-checks.js';
import type { TestPlatform } from '../helpers/test-platform.js';
import { ADMIN_ARTIFACTS as ARTIFACTS, checkAndShoot, logInToAdmin, openAdminPage, startAdminTestServer } from './admin-test-server.js';
import { insertSalesChannel } from '../platform/catalog/catalog-fixtures.js';
import { HOME_CATEGORY_ID } from '../platform/storefront/pages/shop-fixtures.js';

const runnable = chromiumRunnable('sales-channels-browser.test.ts');
// the channel answers on its own origin; the shared browser resolves every *.localhost name to the test server
const SHOP_HOST = 'harbour.localhost';

/**
 * The Administration's sales channels module in a real browser at 1280 and 390 px: a merchant renames a
 * channel, gives it a colour and a logo, and its storefront shows them; a refused domain shows the API's
 * message at its field; a save over someone else's change is refused with a conflict message; a new access
 * key is shown once; a role with read privileges only sees no write action. axe finds no serious or critical
 * violation; no console error or CSP violation but the refusals the test provokes.
 */
describe.skipIf(!runnable)('sales channels in the Administration', () => {
  let t: TestPlatform;
  let browser: Browser;
  let base: string;
  let shop: string;
  let channelId: string;
  let logoFile: string;
  const watches: PageWatch[] = [];

  beforeAll(async () => {
    let port: number;
    ({ t, base, port } = await startAdminTestServer());
    shop = `http://${SHOP_HOST}:${port}`;
    const db = t.platform.db;
    channelId = (await insertSalesChannel(db, HOME_CATEGORY_ID)).id;
    await db.updateTable('sales_channel').set({ name: 'Harbour Goods' }).where('id', '=', channelId).execute();
    const base_ = await db.selectFrom('sales_channel').selectAll().where('id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow();
    const link = (table: string, column: string, id: unknown) =>
      db.insertInto(table as 'sales_channel_language').values({ sales_channel_id: channelId, [column]: id } as never).execute();
    await link('sales_channel_language', 'language_id', base_.language_id);
    await link('sales_channel_currency', 'currency_id', base_.currency_id);
    await link('sales_channel_country', 'country_id', base_.country_id);
    await link('sales_channel_payment_method', 'payment_method_id', base_.payment_method_id);
    await link('sales_channel_shipping_method', 'shipping_method_id', base_.shipping_method_id);
    await db
      .insertInto('sales_channel_domain')
      .values({ id: newId(), sales_channel_id: channelId, url: shop, language_id: base_.language_id, currency_id: defaultShopCurrencyId('EUR') })
      .execute();
    // a 320 × 80 logo: dark text band on white
    logoFile = path.join(tmpdir(), `harbour-logo-${newId().slice(0, 8)}.png`);
    writeFileSync(logoFile, await sharp({ create: { width: 320, height: 80, channels: 3, background: '#123456' } }).png().toBuffer());
    browser = await sharedChromium();
  }, 120_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

  const newPage = (width: number) => openAdminPage(browser, base, width, watches);
  const logIn = (page: Page) => logInToAdmin(page, base);
  const shot = checkAndShoot;

  const config = (key: string) => t.platform.systemConfig.get(key, channelId);

  it('a merchant renames a channel, gives it a colour and a logo, and its storefront shows them', async () => {
    const page = await newPage(1280);
    await logIn(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sales channels' }).click();
    await page.getByRole('link', { name: 'Harbour Goods' }).waitFor();
    await shot(page, 'sales-channels-list-1280');
    await page.getByRole('link', { name: 'Harbour Goods' }).click();
    await page.getByRole('heading', { name: 'Harbour Goods' }).waitFor();

    // the API refuses a domain that is no URL: its message stands at the field, nothing is saved
    await page.getByLabel('URL of domain 1').fill('not a url');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must be an http(s) URL').waitFor();
    expect((await t.platform.db.selectFrom('sales_channel_domain').select('url').where('sales_channel_id', '=', channelId).executeTakeFirstOrThrow()).url).toBe(shop);
    await page.getByLabel('URL of domain 1').fill(shop);

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Harbour Goods & Co');
    await page.getByLabel('Primary colour').fill('#7a1f5c');
    await page.locator('input[type="file"]').setInputFiles(logoFile);
    await page.getByTestId('logo-preview').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Harbour Goods & Co is saved.').waitFor();
    await page.getByRole('heading', { name: 'Harbour Goods & Co' }).waitFor();
    await shot(page, 'sales-channel-detail-1280');

    const row = await t.platform.db.selectFrom('sales_channel').select('name').where('id', '=', channelId).executeTakeFirstOrThrow();
    expect(row.name).toBe('Harbour Goods & Co');
    expect(await config('core.basicInformation.primaryColor')).toBe('#7a1f5c');
    const logoId = (await config('core.basicInformation.logo')) as string;
    const media = await t.platform.db.selectFrom('media').select(['path', 'mime_type']).where('id', '=', logoId).executeTakeFirstOrThrow();
    expect(media.mime_type).toBe('image/png');

    // the storefront on the channel's own domain
    const storefront = await newPage(1280);
    await storefront.goto(`${shop}/`);
    expect(await storefront.title()).toContain('Harbour Goods & Co');
    const logo = storefront.locator('header img').first();
    expect(await logo.getAttribute('alt')).toBe('Harbour Goods & Co');
    expect(await logo.getAttribute('src')).toContain(media.path as string);
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    const brand = await storefront.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
    expect(brand).toBe('#7a1f5c');
    await storefront.screenshot({ path: path.join(ARTIFACTS, 'sales-channel-storefront-1280.png') });
    await storefront.close();
  }, 150_000);

  it('refuses to save over someone else\'s change, shows a new access key once, and works at 390 px', async () => {
    const page = await newPage(390);
    await logIn(page);
    await page.goto(`${base}/admin/sales-channels/${channelId}`);
    await page.getByRole('heading', { name: 'Harbour Goods & Co' }).waitFor();
    await shot(page, 'sales-channel-detail-390');

    // another user renames it meanwhile
    expect((await t.api('PATCH', `/api/sales-channel/${channelId}`, { body: { name: 'Harbour Goods (theirs)' } })).statusCode).toBe(204);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Harbour Goods (mine)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Changed by someone else').waitFor();
    expect((await t.platform.db.selectFrom('sales_channel').select('name').where('id', '=', channelId).executeTakeFirstOrThrow()).name).toBe('Harbour Goods (theirs)');
    await shot(page, 'sales-channel-conflict-390');
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Harbour Goods (theirs)' }).waitFor();

    const before = await t.platform.db.selectFrom('sales_channel').select('access_key').where('id', '=', channelId).executeTakeFirstOrThrow();
    await page.getByRole('button', { name: 'Generate new access key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Generate' }).click();
    const shown = (await page.getByTestId('new-access-key').textContent()) ?? '';
    const after = await t.platform.db.selectFrom('sales_channel').select('access_key').where('id', '=', channelId).executeTakeFirstOrThrow();
    expect(shown).toMatch(/^SWSC[A-Z0-9]{22}$/);
    expect(after.access_key).toBe(shown);
    expect(after.access_key).not.toBe(before.access_key);

    // the one refused save of the first test and the conflict's 412 are the only failed requests the browser logged
    const problems = watches.flatMap((watch) => watch.problems);
    expect(problems.filter((problem) => !/console error: Failed to load resource: the server responded with a status of (400 \(Bad Request\)|412 \(Precondition Failed\))$/.test(problem))).toEqual([]);
    expect(problems).toHaveLength(2);

    // a role that may look but not change: no save, no new key, disabled fields
    const role = await t.api('POST', '/api/acl-role?_response=1', {
      body: {
        name: 'Channel viewer',
        privileges: ['sales_channel', 'sales_channel_domain', 'language', 'currency', 'country', 'payment_method', 'shipping_method', 'category', 'landing_page', 'media'].map((entity) => `${entity}:read`),
      },
    });
    expect(role.statusCode, role.body).toBe(200);
    const viewer = await t.api('POST', '/api/user', {
      body: { username: 'channel-viewer', password: 'viewer-password-1', email: 'viewer@example.com', firstName: 'Vi', lastName: 'Ewer', aclRoles: [{ id: role.json().data.id }] },
    });
    expect(viewer.statusCode, viewer.body).toBe(204);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel('Username').fill('channel-viewer');
    await page.getByLabel('Password').fill('viewer-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await page.goto(`${base}/admin/sales-channels/${channelId}`);
    await page.getByText('Your role may look at sales channels but not change them').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Generate new access key' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).isDisabled()).toBe(true);
    await shot(page, 'sales-channel-read-only-390');

    // what the role may not read (the look's settings, the channel's lists) is asked for and refused, quietly
    const viewerProblems = watches.flatMap((watch) => watch.problems).slice(problems.length);
    expect(viewerProblems.filter((problem) => !/console error: Failed to load resource: the server responded with a status of 40[34] /.test(problem))).toEqual([]);
  }, 150_000);
});
