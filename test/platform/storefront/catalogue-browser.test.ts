import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newId } from '../../../src/platform/ids.js';
import { defaultShopCurrencyId, LANGUAGE_SYSTEM } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { extDemoData } from '../../../src/extensions/demo-data/index.js';
import { runCommand } from '../../../src/platform/console/runner.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../../helpers/chromium.js';
import { accessibilityProblems, expectNoSidewaysScroll } from '../../helpers/page-checks.js';
import { freePort } from '../../e2e/free-port.js';
import { captureIo } from '../console/capture-io.js';
import { insertSalesChannel } from '../catalog/catalog-fixtures.js';
import { HOME_CATEGORY_ID } from './pages/shop-fixtures.js';

const runnable = chromiumRunnable('catalogue-browser.test.ts');
const ARTIFACTS = path.resolve('test-artifacts/storefront');
const WIDTHS = [390, 768, 1280] as const;
const USD = defaultShopCurrencyId('USD');
const USD_FACTOR = 1.08;
// the second channel answers on its own origin; the browser resolves it to the test server
const SECOND_HOST = 'harbour.localhost';
const BRAND_COLOUR = '#0b5d3b';

/**
 * A shopper on the seeded demo catalogue in a real browser at 390, 768 and 1280 px: picks a variant by its
 * options and buys exactly that variant, reads its reviews, adds a cross-selling product, switches the
 * currency and sees converted prices through checkout, orders as a guest, turns the guest into an account
 * and writes a review that shows once approved. A second channel shows its own name, logo and colour.
 * Every page: axe finds no serious or critical WCAG 2.1 AA violation, no console error, no sideways scroll.
 */
describe.skipIf(!runnable)('the demo catalogue in a real browser', () => {
  let t: TestPlatform;
  let browser: Browser;
  let base: string;
  let port: number;
  let familyId: string;
  let crossSellingName: string;
  let secondId: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestPlatform({ env: { appUrl: base, port, host: '127.0.0.1' }, extensions: [extDemoData] });
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await sharedChromium();
    const { platform } = t;
    const seeded = captureIo();
    expect(await runCommand(platform, ['ext:demo-data:seed', '--channel', 'flagship', '--per-category', '2', '--skip-orders'], seeded), seeded.text()).toBe(0);

    // a family of variants with approved reviews and a cross-selling list, as the seeder writes them
    const family = await sql<{ id: string; cross_selling: string }>`
      SELECT p.id, cs.name AS cross_selling FROM product p
      JOIN product_cross_selling cs ON cs.product_id = p.id AND cs.active
      WHERE p.parent_id IS NULL AND p.product_number LIKE 'DEMO%'
        AND (SELECT count(*) FROM product v WHERE v.parent_id = p.id AND v.active IS NOT FALSE) >= 3
        AND EXISTS (SELECT 1 FROM product_review r WHERE r.product_id = p.id AND r.status)
        AND EXISTS (SELECT 1 FROM product_cross_selling_assigned_products a WHERE a.cross_selling_id = cs.id)
      ORDER BY p.product_number LIMIT 1`.execute(platform.db);
    expect(family.rows).toHaveLength(1);
    familyId = family.rows[0]!.id;
    crossSellingName = family.rows[0]!.cross_selling;

    // the shop sells in US dollars too
    await platform.db.insertInto('sales_channel_currency').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, currency_id: USD }).onConflict((c) => c.doNothing()).execute();

    // a second channel with its own brand on its own origin
    ({ id: secondId } = await insertSalesChannel(platform.db, HOME_CATEGORY_ID));
    await platform.db.updateTable('sales_channel').set({ name: 'Harbour Goods' }).where('id', '=', secondId).execute();
    await platform.db
      .insertInto('sales_channel_domain')
      .values({ id: newId(), sales_channel_id: secondId, url: `http://${SECOND_HOST}:${port}`, language_id: LANGUAGE_SYSTEM, currency_id: defaultShopCurrencyId('EUR') })
      .execute();
    const logo = await platform.db.selectFrom('media').select('id').where('path', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await platform.systemConfig.set(platform.db, 'core.basicInformation.logo', logo.id, secondId);
    await platform.systemConfig.set(platform.db, 'core.basicInformation.primaryColor', BRAND_COLOUR, secondId);
  }, 180_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

  /** A page watched for console errors; `shot` checks sideways scrolling and accessibility, then screenshots. */
  async function openPage(width: number) {
    const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    const shot = async (name: string) => {
      await expectNoSidewaysScroll(page, name);
      // axe at 390 and 1280 px only: the markup and colours it checks are the same at 768 (a run takes 1.3-2.2 s)
      if (width !== 768) problems.push(...(await accessibilityProblems(page)));
      // no layout shift when images load: every image's box is known before its bytes (width and height)
      const unsized = await page.locator('img:not([width][height])').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
      expect(unsized, `${name}: images without width and height`).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
    };
    return { context, page, problems, shot };
  }

  const productIdOnPage = (page: Page) => page.locator('.buy-form input[name="productId"]').inputValue();
  const productNumberOnPage = async (page: Page) => (await page.locator('.product-buy').textContent())!.match(/Product number: (\S+)/)![1]!;

  for (const width of WIDTHS) {
    it(`at ${width} px: a variant by option, reviews, cross-selling, another currency, a guest order, a review`, async () => {
      const { context, page, problems, shot } = await openPage(width);
      try {
        // the family's page shows its best variant and a choice per option group
        await page.goto(`${base}/detail/${familyId}`);
        const firstVariantId = await productIdOnPage(page);
        const firstNumber = await productNumberOnPage(page);
        expect(await page.locator('#reviews .review').count()).toBeGreaterThan(0);
        expect(await page.locator('.review-summary').textContent()).toMatch(/of 5 stars/);
        const other = page.locator('.variant-group a.variant-option:not([aria-current])').first();
        const optionName = (await other.textContent())!.trim();
        await other.click();
        await page.waitForURL((url) => !url.pathname.endsWith(familyId));
        const variantId = await productIdOnPage(page);
        expect(variantId).not.toBe(firstVariantId);
        expect(await productNumberOnPage(page)).not.toBe(firstNumber);
        expect(await page.locator('.variant-option.is-current', { hasText: optionName }).count()).toBe(1);
        await shot('20-variant');
        await page.locator('.buy-form').getByRole('button', { name: 'Add to cart' }).click();
        await page.waitForURL(`${base}/checkout/cart`);
        // the cart line names the chosen option
        expect(await page.locator('.line-item-options', { hasText: optionName }).count()).toBe(1);

        // a product of the family's cross-selling list
        await page.goBack();
        const row = page.locator('section.cross-selling', { has: page.getByRole('heading', { name: crossSellingName }) });
        await row.locator('a').first().click();
        await page.waitForLoadState('load');
        const crossSoldId = await productIdOnPage(page);
        await shot('21-cross-selling-product');
        await page.locator('.buy-form').getByRole('button', { name: 'Add to cart' }).click();
        await page.waitForURL(`${base}/checkout/cart`);
        expect(await page.locator('#cart-count').textContent()).toBe('2');

        // US dollars: the cart's prices are converted
        await page.locator('#context-currency').selectOption(USD);
        await page.getByRole('button', { name: 'Change', exact: true }).click();
        await page.waitForURL(`${base}/checkout/cart`);
        expect(await page.locator('.cart-table').textContent()).toContain('$');
        await shot('22-cart-usd');
        // a visitor without an address chooses where the order goes: taxes follow that country
        const country = page.locator('#context-country option:not([selected])').first();
        const countryName = (await country.textContent())!.trim();
        await page.locator('#context-country').selectOption({ label: countryName });
        await page.getByRole('button', { name: 'Change delivery country' }).click();
        await page.waitForURL(`${base}/checkout/cart`);
        await page.getByText(`Prices and taxes are now shown for delivery to ${countryName}.`).waitFor();

        // as a guest, from the login page checkout leads to
        await page.getByRole('link', { name: 'Proceed to checkout' }).click();
        await page.waitForURL(/\/account\/login\?redirectTo=/);
        await page.getByRole('link', { name: 'Order as a guest' }).click();
        await page.getByLabel('First name').fill('Ada');
        await page.getByLabel('Last name').fill('Lovelace');
        const email = `guest-${width}-${newId().slice(0, 6)}@example.com`;
        await page.getByLabel('Email address').fill(email);
        await page.getByLabel('Street and house number').fill('Analytical Row 1');
        await page.getByLabel('Postal code').fill('10115');
        await page.getByLabel('City').fill('Berlin');
        await shot('23-guest-details');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL(`${base}/checkout/confirm`);
        expect(await page.locator('main').textContent()).toContain('$');
        await shot('24-guest-confirm');
        await page.getByLabel(/terms and conditions/).check();
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.waitForURL(/\/checkout\/finish\?orderId=[0-9a-f]{32}$/);
        const orderId = page.url().slice(-32);
        await shot('25-guest-finish');

        // the order holds exactly the chosen variant and the cross-selling product, in dollars at the channel's factor
        const order = await t.platform.db.selectFrom('order').select(['currency_id', 'currency_factor']).where('id', '=', orderId).executeTakeFirstOrThrow();
        expect(order.currency_id).toBe(USD);
        expect(Number(order.currency_factor)).toBe(USD_FACTOR);
        const lines = await sql<{ product_id: string; unit_price: string; gross: string }>`
          SELECT li.product_id, li.unit_price,
            (SELECT (e->>'gross') FROM jsonb_array_elements(coalesce(p.price, parent.price)) e WHERE e->>'currencyId' = ${defaultShopCurrencyId('EUR')}) AS gross
          FROM order_line_item li JOIN product p ON p.id = li.product_id LEFT JOIN product parent ON parent.id = p.parent_id
          WHERE li.order_id = ${orderId} ORDER BY li.position`.execute(t.platform.db);
        expect(lines.rows.map((line) => line.product_id).sort()).toEqual([variantId, crossSoldId].sort());
        for (const line of lines.rows) expect(Math.round(Number(line.unit_price) * 100)).toBe(Math.round(Number(line.gross) * USD_FACTOR * 100));

        // the guest keeps the details as an account, and writes a review of the variant's family
        await page.getByLabel(/^Password/).fill('guest turned customer');
        await page.getByRole('button', { name: 'Create account' }).click();
        await page.waitForURL(`${base}/account`);
        await page.goto(`${base}/detail/${variantId}#reviews`);
        const title = `Sharp and steady ${width}`;
        await page.getByLabel('4 stars').check();
        await page.getByLabel('Title').fill(title);
        await page.getByLabel(/^Your review/).fill('Holds its edge through a week of dinners, and the handle stays comfortable.');
        await page.getByRole('button', { name: 'Submit review' }).click();
        await page.locator('.flashes', { hasText: 'approved' }).waitFor();
        await shot('26-review-written');
        const written = await t.platform.db.selectFrom('product_review').select(['id', 'status', 'points']).where('title', '=', title).executeTakeFirstOrThrow();
        expect({ status: written.status, points: Number(written.points) }).toEqual({ status: false, points: 4 });
        // shown once the merchant approves it
        await t.platform.db.updateTable('product_review').set({ status: true }).where('id', '=', written.id).execute();
        await page.goto(`${base}/detail/${variantId}`);
        expect(await page.locator('#reviews .review h3', { hasText: title }).count()).toBe(1);

        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }

  it('a second channel shows its own name, logo and colour', async () => {
    const { context, page, problems, shot } = await openPage(1280);
    try {
      await page.goto(`http://${SECOND_HOST}:${port}/`);
      expect(await page.title()).toContain('Harbour Goods');
      const logo = page.locator('header img').first();
      expect(await logo.getAttribute('alt')).toBe('Harbour Goods');
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
      expect(await page.locator('footer').textContent()).toContain('Harbour Goods');
      // the brand colour drives the header bar
      const colour = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
      expect(colour.toLowerCase()).toBe(BRAND_COLOUR);
      await shot('27-second-channel');
      // and the first channel keeps its own
      await page.goto(`${base}/`);
      expect(await page.title()).not.toContain('Harbour Goods');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('at 390 px a channel with two languages offers the switch, and the product is named in the chosen one', async () => {
    const german = newId();
    await t.platform.db.insertInto('language').values({ id: german, name: 'Deutsch', locale_code: 'de-DE' }).execute();
    await t.platform.db
      .insertInto('sales_channel_language')
      .values([LANGUAGE_SYSTEM, german].map((languageId) => ({ sales_channel_id: secondId, language_id: languageId })))
      .onConflict((c) => c.doNothing())
      .execute();
    await t.platform.db.insertInto('product_visibility').values({ id: newId(), product_id: familyId, sales_channel_id: secondId, visibility: 30 }).execute();
    await t.platform.db.insertInto('product_translation').values({ id: newId(), product_id: familyId, language_id: german, name: 'Hafenmesser' }).execute();
    const { context, page, problems, shot } = await openPage(390);
    try {
      await page.goto(`http://${SECOND_HOST}:${port}/detail/${familyId}`);
      expect(await page.locator('h1').textContent()).not.toContain('Hafenmesser');
      await page.getByLabel('Language').selectOption({ label: 'Deutsch' });
      await page.getByRole('button', { name: 'Change language' }).click();
      await page.getByText('Products and categories are now shown in Deutsch where translated.').waitFor();
      expect(await page.locator('h1').textContent()).toBe('Hafenmesser');
      await shot('28-language-switched');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
