import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerCustomer } from '../../../src/platform/customer/account/register-customer.js';
import { defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../src/platform/ids.js';
import type { Platform } from '../../../src/platform/kernel.js';
import { guestContext } from '../../platform/catalog/catalog-fixtures.js';
import { createShopProduct } from '../../platform/storefront/pages/shop-fixtures.js';
import { freePort } from '../../e2e/free-port.js';
import { chromiumRunnable, launchChromium } from '../../helpers/chromium.js';
import { expectCleanVisit, watchPage, type PageWatch } from '../../helpers/page-checks.js';
import type { TestPlatformOptions } from '../../helpers/test-platform.js';
import { stateOf, type GatewayTest } from './gateway-test-setup.js';

/** A started gateway test as the browser test uses it. */
type BrowserGatewayTest = GatewayTest<{ baseUrl: string; setWebhookUrl(url: string | undefined): void }, string>;

/** One gateway's browser checkout: how its shop is set up, what its hosted page shows, what a payment stores. */
export interface BrowserCheckoutDescription<T extends BrowserGatewayTest> {
  start(platform: TestPlatformOptions): Promise<T>;
  /** The hosted page's path on the simulator (e.g. `/checkout/`), its button that gives up and the test's word for that. */
  hostedPage: { path: string; giveUp: string; givenUp: string };
  /** The words of the paid test's title for what it stores (`verified data`, `gateway data`). */
  storedData: string;
  /** The shop as the gateway sells (gateway A: in naira). */
  prepareShop?(platform: Platform): Promise<void>;
  /** What the customer sees on the hosted page before paying. */
  expectHostedPage(page: Page): Promise<void>;
  /** What the paid transaction stores, read from the shop and the simulator. */
  expectPaidTransaction(test: T, orderTransactionId: string, customerEmail: string): Promise<void>;
}

/**
 * A storefront order paid with the gateway in a real browser: the confirm page sends the customer to the
 * simulator's hosted page over loopback HTTP, the button pressed there decides, and the customer comes back
 * through the finalize route to the finish page or the order's payment page.
 */
export function describeBrowserCheckout<T extends BrowserGatewayTest>(slug: string, letter: string, gateway: BrowserCheckoutDescription<T>): void {
  const runnable = chromiumRunnable(`${slug}-checkout-browser.test.ts`);
  const gatewayName = `gateway ${letter}`;
  const label = new RegExp(`Gateway ${letter}`);
  const hostedPages = () => `${test.sim.baseUrl}${gateway.hostedPage.path}**`;
  const cleanVisit = ['/checkout/order', `gateway:${gateway.hostedPage.path}`, '/payment/finalize-transaction'];
  let test: T;
  let browser: Browser;
  let base: string;
  let productId: string;
  const email = `${slug}-browser-${newId().slice(0, 8)}@example.com`;
  const password = 'a browser password';

  /** Where screenshots of the hosted page and the finish page go when SCREENSHOT_DIR is set (to look at them). */
  async function screenshot(page: Page, name: string): Promise<void> {
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${slug}-${name}.png`), fullPage: true });
  }

  /**
   * A page whose console, CSP violations and security headers are watched, the gateway's hosted page
   * included: the order form's redirect there and the gateway's redirect back must not be blocked.
   */
  async function watchedPage(): Promise<{ page: Page; watch: PageWatch }> {
    const page = await browser.newPage();
    return { page, watch: await watchPage(page, base, { gatewayOrigin: test.sim.baseUrl }) };
  }

  async function logIn(page: Page): Promise<void> {
    await page.goto(`${base}/account/login?redirectTo=%2F`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${base}/`);
  }

  /** Cart with one mug, confirm page with the gateway chosen, order placed: returns on the gateway's page. */
  async function orderWithGateway(page: Page): Promise<void> {
    await page.goto(`${base}/detail/${productId}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(`${base}/checkout/cart`);
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(`${base}/checkout/confirm`);
    // choosing the method submits its form at once (no separate button with script)
    await page.getByLabel(label).click();
    await page.locator('.flashes', { hasText: 'Your payment method is now' }).waitFor();
    expect(await page.getByLabel(label).isChecked()).toBe(true);
    await page.getByLabel(/terms and conditions/).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(hostedPages());
  }

  function orderTransactionOf(orderId: string): Promise<{ id: string }> {
    return test.platform.db.selectFrom('order_transaction').select('id').where('order_id', '=', orderId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  }

  describe.skipIf(!runnable)(`${gatewayName} checkout in a real browser`, () => {
    beforeAll(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      // APP_URL is the address the browser uses: the gateway's return URL is built from it
      test = await gateway.start({ env: { appUrl: base, port, host: '127.0.0.1' } });
      await test.t.app.listen({ port, host: '127.0.0.1' });
      test.sim.setWebhookUrl(`${base}/${slug}/webhook`);
      await gateway.prepareShop?.(test.platform);
      productId = await createShopProduct(test.platform, { name: 'Gateway mug', gross: 12.5, stock: 100 });
      await registerCustomer(test.platform, await guestContext(test.platform), {
        email,
        password,
        firstName: 'Ngozi',
        lastName: 'Okonjo',
        billingAddress: { street: 'Marina 1', zipcode: '101001', city: 'Lagos', countryId: defaultShopId('country', 'DE') },
      });
      browser = await launchChromium();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await test?.close();
    });

    it(`pays on the hosted page and lands on the finish page with the order paid and the ${gateway.storedData} stored`, async () => {
      const { page, watch } = await watchedPage();
      try {
        await logIn(page);
        await orderWithGateway(page);
        await gateway.expectHostedPage(page);
        await screenshot(page, 'hosted-page');
        await page.getByRole('button', { name: 'Pay' }).click();
        await page.waitForURL(/\/checkout\/finish\?orderId=[0-9a-f]{32}$/);
        expect(await page.locator('#payment-state').textContent()).toBe('Paid');
        await screenshot(page, 'finish-page');

        const orderId = new URL(page.url()).searchParams.get('orderId')!;
        const { id } = await orderTransactionOf(orderId);
        expect(await stateOf(test.platform, id)).toBe('paid');
        await gateway.expectPaidTransaction(test, id, email);
      } finally {
        await page.close();
      }
      expectCleanVisit(watch, cleanVisit);
    }, 60_000);

    it(`${gateway.hostedPage.givenUp} on the hosted page: the order payment page shows it cancelled, and paying again with ${gatewayName} succeeds`, async () => {
      const { page, watch } = await watchedPage();
      try {
        await logIn(page);
        await orderWithGateway(page);
        await page.getByRole('button', { name: gateway.hostedPage.giveUp }).click();
        await page.waitForURL(/\/account\/order\/edit\/[0-9a-f]{32}\?error-code=/);
        expect(await page.locator('#payment-state').textContent()).toBe('Cancelled');
        const orderId = /\/edit\/([0-9a-f]{32})/.exec(page.url())![1]!;
        expect(await stateOf(test.platform, (await orderTransactionOf(orderId)).id)).toBe('cancelled');

        await page.getByLabel(label).check();
        await page.getByRole('button', { name: 'Pay now' }).click();
        await page.waitForURL(hostedPages());
        await page.getByRole('button', { name: 'Pay' }).click();
        await page.waitForURL(/\/checkout\/finish\?orderId=[0-9a-f]{32}$/);
        expect(await page.locator('#payment-state').textContent()).toBe('Paid');
        expect(await stateOf(test.platform, (await orderTransactionOf(orderId)).id)).toBe('paid');
      } finally {
        await page.close();
      }
      expectCleanVisit(watch, cleanVisit);
    }, 60_000);

    it('failed on the hosted page: the order payment page shows the payment failed', async () => {
      const { page, watch } = await watchedPage();
      try {
        await logIn(page);
        await orderWithGateway(page);
        await page.getByRole('button', { name: 'Fail' }).click();
        await page.waitForURL(/\/account\/order\/edit\/[0-9a-f]{32}\?error-code=/);
        expect(await page.locator('#payment-state').textContent()).toBe('Failed');
        expect(await page.locator('#payment-error').count()).toBe(1);
        const orderId = /\/edit\/([0-9a-f]{32})/.exec(page.url())![1]!;
        expect(await stateOf(test.platform, (await orderTransactionOf(orderId)).id)).toBe('failed');
      } finally {
        await page.close();
      }
      expectCleanVisit(watch, cleanVisit);
    }, 60_000);
  });
}
