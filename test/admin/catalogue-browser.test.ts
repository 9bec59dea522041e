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
import { HOME_CATEGORY_ID } from '../platform/storefront/pages/shop-fixtures.js';

const runnable = chromiumRunnable('catalogue-browser.test.ts');
const EUR = defaultShopCurrencyId('EUR');
const USD = defaultShopCurrencyId('USD');

/**
 * The Administration's catalogue in a real browser: a merchant creates a product with a price in two
 * currencies, an uploaded image and two variants from a property group's options, and a shopper can put a
 * variant into the cart; a category is moved by drag and drop; a review is approved. Every screen at 1280,
 * 768 and 390 px: no sideways scrolling, axe finds no serious or critical violation.
 */
describe.skipIf(!runnable)('the catalogue in the Administration', () => {
  let t: TestPlatform;
  let browser: Browser;
  let base: string;
  let imageFile: string;
  let productId: string;
  const watches: PageWatch[] = [];
  const categories = { parent: newId(), first: newId(), second: newId(), third: newId() };

  beforeAll(async () => {
    ({ t, base } = await startAdminTestServer());
    const created = await t.api('POST', '/api/property-group', {
      body: { name: 'Mug size', options: [{ name: 'Small', position: 1 }, { name: 'Large', position: 2 }] },
    });
    expect(created.statusCode, created.body).toBe(204);
    // a department with three aisles in a chain: One, Two, Three
    const tree = [
      { id: categories.parent, parentId: HOME_CATEGORY_ID, name: 'Departments' },
      { id: categories.first, parentId: categories.parent, name: 'Aisle One', afterCategoryId: null },
      { id: categories.second, parentId: categories.parent, name: 'Aisle Two', afterCategoryId: categories.first },
      { id: categories.third, parentId: categories.parent, name: 'Aisle Three', afterCategoryId: categories.second },
    ];
    for (const category of tree) expect((await t.api('POST', '/api/category', { body: category })).statusCode).toBe(204);
    imageFile = path.join(tmpdir(), `mug-${newId().slice(0, 8)}.png`);
    writeFileSync(imageFile, await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a6f97' } }).png().toBuffer());
    browser = await sharedChromium();
  }, 120_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

  const newPage = (width: number) => openAdminPage(browser, base, width, watches);
  const logIn = (page: Page) => logInToAdmin(page, base);
  const shot = checkAndShoot;

  const product = async (id: string) => (await t.api('POST', '/api/search/product', { body: { ids: [id], associations: { options: {}, media: {}, children: { associations: { options: {} } } } } })).json().data[0];

  it('a merchant creates a product with two currencies, an image and two variants, and a shopper buys a variant', async () => {
    const page = await newPage(1280);
    await logIn(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await shot(page, 'catalogue-products-1280');
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.getByRole('heading', { name: 'New product' }).waitFor();

    // a number the API refuses (too long): its message stands at the field, nothing is saved
    await page.getByRole('textbox', { name: /^Name/ }).fill('Harbour mug');
    await page.getByRole('textbox', { name: /^Product number/ }).fill('X'.repeat(70));
    await page.getByLabel('Gross (EUR)').fill('12.50');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/at most 64/).waitFor();
    expect((await t.api('POST', '/api/search/product', { body: { filter: [{ type: 'equals', field: 'name', value: 'Harbour mug' }] } })).json().data).toHaveLength(0);

    await page.getByRole('textbox', { name: /^Product number/ }).fill('MUG-1');
    await page.getByRole('textbox', { name: 'Add a currency to Price' }).click();
    await page.getByRole('option', { name: 'USD', exact: true }).click();
    await page.getByLabel('Gross (USD)').fill('13.90');
    await page.locator('input[type="file"]').setInputFiles(imageFile);
    await page.getByTestId('product-media-tile').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/catalogue\/products\/[0-9a-f]{32}$/);
    productId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Harbour mug' }).waitFor();

    const saved = await product(productId);
    expect(saved.productNumber).toBe('MUG-1');
    expect(saved.price).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currencyId: EUR, gross: 12.5, linked: true }),
        expect.objectContaining({ currencyId: USD, gross: 13.9 }),
      ]),
    );
    expect(saved.media).toHaveLength(1);
    expect(saved.coverId).toBe(saved.media[0].id);

    // two variants from the group's options, each with its own stock, one with its own price
    await page.getByRole('textbox', { name: 'Mug size options' }).click();
    await page.getByRole('option', { name: 'Small' }).click();
    await page.getByRole('option', { name: 'Large' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Generate 2 variants' }).click();
    await page.getByRole('table', { name: 'Variants' }).waitFor();
    await page.getByLabel('Stock of Small').fill('7');
    await page.getByRole('button', { name: 'Save variant Small' }).click();
    await page.getByText('Variant Small saved').waitFor();
    await page.getByLabel('Stock of Large').fill('5');
    await page.getByLabel('Gross price of Large in EUR').fill('14.50');
    await page.getByRole('button', { name: 'Save variant Large' }).click();
    await page.getByText('Variant Large saved').waitFor();
    await shot(page, 'catalogue-product-detail-1280');

    const family = await product(productId);
    expect(family.children).toHaveLength(2);
    const large = family.children.find((child: { options: Array<{ name: string }> }) => child.options[0]?.name === 'Large');
    expect(large.stock).toBe(5);
    expect(large.price[0]).toMatchObject({ currencyId: EUR, gross: 14.5 });

    // the storefront sells the large mug
    const shop = await newPage(1280);
    await shop.goto(`${base}/detail/${large.id}`);
    expect(await shop.locator('h1').textContent()).toContain('Harbour mug');
    expect(await shop.locator('body').textContent()).toContain('14.50');
    await shop.locator('.buy-form').getByRole('button', { name: 'Add to cart' }).click();
    await shop.waitForURL(`${base}/checkout/cart`);
    expect(await shop.locator('.line-item-options', { hasText: 'Large' }).count()).toBe(1);
    await shop.screenshot({ path: path.join(ARTIFACTS, 'catalogue-storefront-cart-1280.png') });
    await shop.close();
  }, 120_000);

  it('moves a category by drag and drop and approves a review', async () => {
    const page = await newPage(1280);
    await logIn(page);
    await page.goto(`${base}/admin/catalogue/categories`);
    const handle = page.getByRole('button', { name: 'Drag Aisle Three' });
    const target = page.getByTestId('category-row-Aisle One');
    await handle.waitFor();
    await shot(page, 'catalogue-categories-1280');
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(from.x + from.width / 2, from.y + (to.y + 4 - from.y) * (step / 10));
    await page.mouse.up();
    await page.getByText('Aisle Three moved').waitFor();
    const read = async (id: string) => (await t.api('GET', `/api/category/${id}`)).json().data;
    // Three now opens the aisle list: One follows it, Two still follows One
    expect(await read(categories.third)).toMatchObject({ parentId: categories.parent, afterCategoryId: null });
    expect(await read(categories.first)).toMatchObject({ afterCategoryId: categories.third });
    expect(await read(categories.second)).toMatchObject({ afterCategoryId: categories.first });

    const review = await t.api('POST', '/api/product-review', {
      body: { productId, salesChannelId: DEFAULT_SALES_CHANNEL_ID, title: 'Keeps the tea hot', content: 'A sturdy mug.', points: 5, externalUser: 'Ada' },
    });
    expect(review.statusCode, review.body).toBe(204);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reviews' }).click();
    await page.getByRole('button', { name: 'Approve Keeps the tea hot' }).click();
    await page.getByText('“Keeps the tea hot” approved').waitFor();
    await page.getByRole('button', { name: 'Reject Keeps the tea hot' }).waitFor();
    const stored = await t.api('POST', '/api/search/product-review', { body: { filter: [{ type: 'equals', field: 'title', value: 'Keeps the tea hot' }] } });
    expect(stored.json().data[0].status).toBe(true);
    await shot(page, 'catalogue-reviews-1280');

    for (const [screen, url, heading] of [
      ['manufacturers', '/catalogue/manufacturers', 'Manufacturers'],
      ['properties', '/catalogue/properties', 'Properties'],
    ] as const) {
      await page.goto(`${base}/admin${url}`);
      // a table, or the empty state where the shop has none yet: either way loaded
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      await shot(page, `catalogue-${screen}-1280`);
    }
  }, 120_000);

  it('every catalogue screen works at 768 and 390 px', async () => {
    for (const width of [768, 390]) {
      const page = await newPage(width);
      await logIn(page);
      for (const [screen, url, ready] of [
        ['products', '/catalogue/products', 'Harbour mug'],
        ['product-detail', `/catalogue/products/${productId}`, 'Variants'],
        ['categories', '/catalogue/categories', 'Aisle One'],
        ['reviews', '/catalogue/reviews', 'Keeps the tea hot'],
      ] as const) {
        await page.goto(`${base}/admin${url}`);
        await page.getByText(ready).first().waitFor();
        await shot(page, `catalogue-${screen}-${width}`);
      }
      await page.close();
    }
    expect(watches.flatMap((watch) => watch.problems).filter((problem) => !problem.includes('status of 400'))).toEqual([]);
  }, 120_000);
});
