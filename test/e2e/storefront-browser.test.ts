import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { registerCustomer } from '../../src/platform/customer/account/register-customer.js';
import { defaultShopId } from '../../src/platform/first-start/default-ids.js';
import { newId } from '../../src/platform/ids.js';
import { createTestPlatform, type TestPlatform } from '../helpers/test-platform.js';
import { guestContext } from '../platform/catalog/catalog-fixtures.js';
import { createCategory, createShopProduct, HOME_CATEGORY_ID } from '../platform/storefront/pages/shop-fixtures.js';
import { freePort } from './free-port.js';
import { chromiumRunnable, launchChromium } from '../helpers/chromium.js';
import { expectCleanVisit, watchPage } from '../helpers/page-checks.js';

const runnable = chromiumRunnable('storefront-browser.test.ts');

/**
 * A real browser against the platform's HTTP server on a real port: a registered customer browses the
 * shop (home, a category listing, a product), logs in, looks at the account, puts the product into the
 * cart, confirms and places the order with invoice payment, and lands on the finish page. Every document
 * the shop answers carries the security headers (CSP, frame and sniffing protection, referrer policy),
 * and no page logs a console error or a CSP violation. The gateways' hosted pages: the checkout browser
 * tests of gateways A and D.
 */
describe.skipIf(!runnable)('storefront in a real browser', () => {
  let t: TestPlatform;
  let browser: Browser;
  let base: string;
  let productId: string;
  const email = `browser-${newId().slice(0, 8)}@example.com`;
  const password = 'a browser password';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // APP_URL is the address the browser uses: the payment's return URLs are built from it
    t = await createTestPlatform({ env: { appUrl: base, port, host: '127.0.0.1' } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const { platform } = t;

    const mugs = await createCategory(platform, 'Mugs');
    productId = await createShopProduct(platform, { name: 'Browser test mug', gross: 15, stock: 10, categoryIds: [HOME_CATEGORY_ID, mugs] });
    await registerCustomer(platform, await guestContext(platform), {
      email,
      password,
      firstName: 'Barbara',
      lastName: 'Liskov',
      billingAddress: { street: 'Tech Square 545', zipcode: '02139', city: 'Cambridge', countryId: defaultShopId('country', 'US') },
    });

    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('browses, logs in, places an invoice order and shows the finish page, every page with its security headers', async () => {
    const page = await browser.newPage();
    const watch = await watchPage(page, base);
    try {
      await page.goto(`${base}/`);
      await page.getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL(`${base}/account/login?redirectTo=%2F`);
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${base}/`);
      expect(await page.locator('.account-menu summary').textContent()).toBe('Barbara Liskov');
      await page.locator('.account-menu summary').click();
      await page.getByRole('link', { name: 'Overview' }).click();
      await page.waitForURL(`${base}/account`);
      await page.goto(`${base}/account/personal`);
      expect(await page.getByLabel('First name').inputValue()).toBe('Barbara');

      await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Mugs' }).click();
      await page.getByRole('link', { name: 'Browser test mug' }).click();
      await page.waitForURL(`${base}/detail/${productId}`);
      expect(await page.locator('#product-price').textContent()).toBe('€15.00');
      await page.getByLabel('Quantity').fill('2');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.waitForURL(`${base}/checkout/cart`);
      expect(await page.locator('.flashes').textContent()).toContain('"Browser test mug" was added to your cart.');
      expect(await page.locator('#grand-total').textContent()).toBe('€34.99');

      await page.getByRole('link', { name: 'Proceed to checkout' }).click();
      await page.waitForURL(`${base}/checkout/confirm`);

      expect(await page.getByLabel(/Invoice/).isChecked()).toBe(true);
      await page.getByLabel(/terms and conditions/).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/checkout\/finish\?orderId=[0-9a-f]{32}$/);

      const orderId = new URL(page.url()).searchParams.get('orderId')!;
      const order = await t.platform.db.selectFrom('order').select(['order_number', 'amount_total']).where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(await page.locator('#order-number').textContent()).toBe(order.order_number);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you for your order!');
      expect(await page.locator('#payment-state').textContent()).toBe('Open');
      expect(Number(order.amount_total)).toBe(34.99);
    } finally {
      await page.close();
    }
    // storefront (home, listing, product), account (login, profile), checkout (cart, confirm, the order's redirect, finish)
    expectCleanVisit(watch, ['/', '/navigation/', '/detail/', '/account/login', '/account/personal', '/checkout/cart', '/checkout/confirm', '/checkout/order', '/checkout/finish']);
  }, 60_000);
});
