import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_SALES_CHANNEL_ID } from '../../src/platform/first-start/default-shop.js';
import { defaultShopCurrencyId, defaultShopId } from '../../src/platform/first-start/default-ids.js';
import { newId } from '../../src/platform/ids.js';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../helpers/chromium.js';
import { accessibilityProblems, type PageWatch } from '../helpers/page-checks.js';
import type { TestPlatform } from '../helpers/test-platform.js';
import { ADMIN_ARTIFACTS as ARTIFACTS, checkAndShoot, logInToAdmin, openAdminPage, startAdminTestServer } from './admin-test-server.js';

const runnable = chromiumRunnable('catalogue-pricing-browser.test.ts');
const EUR = defaultShopCurrencyId('EUR');
const USD = defaultShopCurrencyId('USD');
const TAX = defaultShopId('tax', 'standard');

/**
 * What a merchant sets on a product beyond its price, in a real browser: an advanced price from 10 pieces in
 * two currencies (the cart charges it), a cross-selling group of two products in a chosen order (the product
 * page's row shows them so), a meta title and an own SEO path (the page answers under it, the old path
 * redirects), and a reply to a review (shown, escaped, under the review). Refused values stand at their field.
 * The product form at 1280 and 390 px, the reply at 390 px; axe and screenshots on each screen.
 */
describe.skipIf(!runnable)('advanced prices, cross-selling, SEO and review replies in the Administration', () => {
  let t: TestPlatform;
  let browser: Browser;
  let base: string;
  const watches: PageWatch[] = [];
  const ids = { kettle: newId(), cup: newId(), pot: newId() };

  const product = (id: string, name: string, number: string, gross: number, usd?: number) => ({
    id,
    name,
    productNumber: number,
    stock: 50,
    taxId: TAX,
    active: true,
    price: [{ currencyId: EUR, gross, net: Math.round((gross / 1.19) * 100) / 100, linked: true }, ...(usd ? [{ currencyId: USD, gross: usd, net: Math.round((usd / 1.19) * 100) / 100, linked: true }] : [])],
    visibilities: [{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }],
  });

  beforeAll(async () => {
    ({ t, base } = await startAdminTestServer());
    for (const body of [product(ids.kettle, 'Harbour kettle', 'KETTLE-1', 12, 13), product(ids.cup, 'Tea cup', 'TEA-CUP', 4), product(ids.pot, 'Tea pot', 'TEA-POT', 20)]) {
      const created = await t.api('POST', '/api/product', { body });
      expect(created.statusCode, created.body).toBe(204);
    }
    const review = await t.api('POST', '/api/product-review', {
      body: { productId: ids.kettle, salesChannelId: DEFAULT_SALES_CHANNEL_ID, title: 'Boils fast', content: 'Boils a litre in two minutes.', points: 4, externalUser: 'Grace' },
    });
    expect(review.statusCode, review.body).toBe(204);
    browser = await sharedChromium();
  }, 120_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

  const newPage = (width: number) => openAdminPage(browser, base, width, watches, [400]);
  const stored = async () =>
    (
      await t.api('POST', '/api/search/product', {
        body: { ids: [ids.kettle], associations: { prices: {}, crossSellings: { associations: { assignedProducts: { sort: [{ field: 'position', order: 'ASC' }] } } } } },
      })
    ).json().data[0];
  const seoUrls = async (id: string) =>
    (
      await t.api('POST', '/api/search/seo-url', {
        body: { filter: [{ type: 'equals', field: 'foreignKey', value: id }, { type: 'equals', field: 'salesChannelId', value: DEFAULT_SALES_CHANNEL_ID }] },
      })
    ).json().data as Array<{ seoPathInfo: string; isCanonical: boolean; isModified: boolean; isDeleted: boolean }>;
  const tier = (page: Page) => page.getByRole('group', { name: 'Advanced price tier 1' });
  const saved = (page: Page) => page.getByText('Your changes are saved.').waitFor();

  it('sets an advanced price in two currencies, a cross-selling group, a meta title and an own SEO path; the storefront and cart follow', async () => {
    expect((await seoUrls(ids.kettle)).find((url) => url.isCanonical)?.seoPathInfo).toBe('Harbour-kettle/KETTLE-1');
    const page = await newPage(1280);
    await logInToAdmin(page, base);
    await page.goto(`${base}/admin/catalogue/products/${ids.kettle}`);
    await page.getByRole('heading', { name: 'Harbour kettle' }).waitFor();

    // a fresh shop has no rule: the form offers the one every shopper matches
    await page.getByRole('button', { name: 'Create the rule “Always valid”' }).click();
    await page.getByRole('button', { name: 'Add advanced price' }).click();
    await tier(page).getByRole('textbox', { name: /^From quantity/ }).fill('10');
    // the tier starts with the product's prices; the merchant lowers both
    await tier(page).getByLabel('Gross (EUR)').fill('9.00');
    await tier(page).getByLabel('Gross (USD)').fill('10.00');

    await page.getByRole('button', { name: 'Add cross-selling' }).click();
    await page.getByRole('textbox', { name: /^Name of cross-selling 1/ }).fill('Goes well with');
    const picker = page.getByRole('textbox', { name: 'Products of cross-selling 1' });
    await picker.click();
    await picker.fill('Tea');
    await page.getByRole('option', { name: 'Tea cup (TEA-CUP)' }).click();
    await page.getByRole('option', { name: 'Tea pot (TEA-POT)' }).click();
    await page.keyboard.press('Escape');
    // the pot goes first
    await page.getByRole('button', { name: 'Move Tea pot (TEA-POT) up in Goes well with' }).click();
    await expect.poll(() => page.getByTestId('cross-selling-assigned').locator('p').allTextContents()).toEqual(['1. Tea pot (TEA-POT)', '2. Tea cup (TEA-CUP)']);

    await page.getByRole('textbox', { name: 'Meta title' }).fill('Harbour kettle – 1.7 l in steel');
    await page.getByRole('textbox', { name: 'Keywords' }).fill('kettle, steel');
    const seoPath = page.getByRole('textbox', { name: 'SEO path in Storefront' });
    expect(await seoPath.inputValue()).toBe('Harbour-kettle/KETTLE-1');

    // another product's path is refused at the field, and nothing of the product is written
    await seoPath.fill('Tea-cup/TEA-CUP');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('"Tea-cup/TEA-CUP" is already the path of another page in this sales channel.').waitFor();
    expect((await stored()).prices).toEqual([]);
    await checkAndShoot(page, 'catalogue-pricing-seo-error-1280');

    // a tier ending before it starts: the API's check stands at the tier
    await seoPath.fill('kettles/harbour');
    await tier(page).getByRole('textbox', { name: /^To quantity/ }).fill('5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await tier(page).getByRole('alert').getByText(/product_price_quantity_range_check/).waitFor();
    expect((await stored()).prices).toEqual([]);

    await tier(page).getByRole('textbox', { name: /^To quantity/ }).fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    await expect.poll(() => page.getByRole('textbox', { name: 'SEO path in Storefront' }).inputValue()).toBe('kettles/harbour');
    await checkAndShoot(page, 'catalogue-pricing-product-1280');

    const kettle = await stored();
    expect(kettle.metaTitle).toBe('Harbour kettle – 1.7 l in steel');
    expect(kettle.keywords).toBe('kettle, steel');
    expect(kettle.prices).toHaveLength(1);
    expect(kettle.prices[0]).toMatchObject({ quantityStart: 10, quantityEnd: null });
    const priceOf = (currencyId: string) => kettle.prices[0].price.find((entry: { currencyId: string }) => entry.currencyId === currencyId);
    expect(Math.round(priceOf(EUR).gross * 100)).toBe(900);
    expect(Math.round(priceOf(EUR).net * 100)).toBe(756);
    expect(Math.round(priceOf(USD).gross * 100)).toBe(1000);
    const rules = (await t.api('POST', '/api/search/rule', { body: { ids: [kettle.prices[0].ruleId] } })).json().data;
    expect(rules[0]).toMatchObject({ name: 'Always valid', conditions: [{ type: 'alwaysValid' }] });
    expect(kettle.crossSellings).toHaveLength(1);
    expect(kettle.crossSellings[0]).toMatchObject({ name: 'Goes well with', active: true, type: 'productList', position: 1 });
    expect(kettle.crossSellings[0].assignedProducts.map((row: { productId: string }) => row.productId)).toEqual([ids.pot, ids.cup]);
    const urls = await seoUrls(ids.kettle);
    expect(urls.find((url) => url.isCanonical)).toMatchObject({ seoPathInfo: 'kettles/harbour', isModified: true, isDeleted: false });
    expect(urls.find((url) => url.seoPathInfo === 'Harbour-kettle/KETTLE-1')).toMatchObject({ isCanonical: false });

    // a rename keeps the merchant's path
    const renamed = await t.api('PATCH', `/api/product/${ids.kettle}`, { body: { name: 'Harbour steel kettle' } });
    expect(renamed.statusCode, renamed.body).toBe(204);
    expect((await seoUrls(ids.kettle)).find((url) => url.isCanonical)?.seoPathInfo).toBe('kettles/harbour');

    // the storefront: the own path answers, the old one redirects to it
    const oldPath = await fetch(`${base}/Harbour-kettle/KETTLE-1`, { redirect: 'manual' });
    expect(oldPath.status).toBe(301);
    expect(oldPath.headers.get('location')).toBe('/kettles/harbour');
    const shop = await newPage(1280);
    const response = await shop.goto(`${base}/kettles/harbour`);
    expect(response?.status()).toBe(200);
    expect(await shop.locator('h1').textContent()).toContain('Harbour steel kettle');
    // the bulk price and the cross-selling row in the merchant's order
    expect(await shop.locator('#price-tiers tbody tr').allTextContents()).toEqual([expect.stringMatching(/from 10\s*€?9\.00/)]);
    const row = shop.getByRole('region', { name: 'Goes well with' });
    expect(await row.locator('.product-name').allTextContents()).toEqual(['Tea pot', 'Tea cup']);
    await shop.screenshot({ path: path.join(ARTIFACTS, 'catalogue-pricing-storefront-1280.png'), fullPage: true });

    // ten pieces cost the tier's price each
    await shop.locator('#field-quantity').fill('10');
    await shop.locator('.buy-form').getByRole('button', { name: 'Add to cart' }).click();
    await shop.waitForURL(`${base}/checkout/cart`);
    const line = shop.locator('.cart-table tbody tr').first();
    expect(await line.locator('[data-label="Unit price"]').textContent()).toContain('9.00');
    expect(await line.locator('[data-label="Total"]').textContent()).toContain('90.00');
    await shop.screenshot({ path: path.join(ARTIFACTS, 'catalogue-pricing-cart-1280.png'), fullPage: true });
    await shop.close();
    await page.close();
  }, 180_000);

  it('at 390 px the product form shows the tiers, the group and the SEO path, and the merchant replies to a review the shop shows escaped', async () => {
    const page = await newPage(390);
    await logInToAdmin(page, base);
    await page.goto(`${base}/admin/catalogue/products/${ids.kettle}`);
    await page.getByRole('textbox', { name: 'SEO path in Storefront' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'SEO path in Storefront' }).inputValue()).toBe('kettles/harbour');
    expect(await tier(page).getByLabel('Gross (USD)').inputValue()).toBe('10');
    await checkAndShoot(page, 'catalogue-pricing-product-390');

    await page.goto(`${base}/admin/catalogue/reviews`);
    await page.getByRole('button', { name: 'Reply to Boils fast' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reply to “Boils fast”' });
    await dialog.getByRole('textbox', { name: 'Your reply' }).fill('Thank you, Grace! <b>Descale</b> it monthly.');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'catalogue-review-reply-390.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Save and approve' }).click();
    await page.getByText('The reply is saved and the review approved.').waitFor();
    await page.getByTestId('review-reply').getByText('Descale', { exact: false }).waitFor();
    await checkAndShoot(page, 'catalogue-reviews-reply-390');

    const review = (await t.api('POST', '/api/search/product-review', { body: { filter: [{ type: 'equals', field: 'title', value: 'Boils fast' }] } })).json().data[0];
    expect(review).toMatchObject({ status: true, comment: 'Thank you, Grace! <b>Descale</b> it monthly.' });

    const shop = await newPage(390);
    await shop.goto(`${base}/kettles/harbour`);
    const reply = shop.locator('.review').filter({ hasText: 'Boils fast' }).locator('.review-reply');
    expect(await reply.textContent()).toContain('Thank you, Grace! <b>Descale</b> it monthly.');
    expect(await reply.locator('b').count()).toBe(0);
    await shop.close();
    await page.close();
    expect(watches.flatMap((watch) => watch.problems).filter((problem) => !problem.includes('status of 400'))).toEqual([]);
  }, 120_000);
});
