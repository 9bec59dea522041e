import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TRANSACTION_FIELDS } from '../../../../src/extensions/pay-a/custom-fields.js';
import { registerCustomer } from '../../../../src/platform/customer/account/register-customer.js';
import { defaultShopCurrencyId, defaultShopId } from '../../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../../src/platform/ids.js';
import { guestContext } from '../../../platform/catalog/catalog-fixtures.js';
import { createShopProduct } from '../../../platform/storefront/pages/shop-fixtures.js';
import { freePort } from '../../../e2e/free-port.js';
import { chromiumRunnable, launchChromium } from '../../../helpers/chromium.js';
import { expectCleanVisit, watchPage, type PageWatch } from '../../../helpers/page-checks.js';
import { customFieldsOf, stateOf, startPayATest, type PayATest } from '../pay-a-test-setup.js';

const runnable = chromiumRunnable('pay-a-checkout-browser.test.ts');

/** Where screenshots of the hosted page and the finish page go when SCREENSHOT_DIR is set (to look at them). */
async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `pay-a-${name}.png`), fullPage: true });
}

/**
 * A storefront order paid with gateway A in a real browser, in a shop that sells in NGN: the confirm page
 * sends the customer to the simulator's hosted page over loopback HTTP, the button pressed there decides,
 * and the customer comes back through the finalize route to the finish page or the order's payment page.
 */
describe.skipIf(!runnable)('gateway A checkout in a real browser', () => {
  let test: PayATest;
  let browser: Browser;
  let base: string;
  let productId: string;
  const email = `pay-a-browser-${newId().slice(0, 8)}@example.com`;
  const password = 'a browser password';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // APP_URL is the address the browser uses: the gateway's callback_url is built from it
    test = await startPayATest({ platform: { env: { appUrl: base, port, host: '127.0.0.1' } } });
    await test.t.app.listen({ port, host: '127.0.0.1' });
    test.sim.setWebhookUrl(`${base}/pay-a/webhook`);
    // a Nigerian shop: the storefront sells in naira
    await test.platform.db.updateTable('sales_channel').set({ currency_id: defaultShopCurrencyId('NGN') }).where('id', '=', DEFAULT_SALES_CHANNEL_ID).execute();
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

  /** Cart with one mug, confirm page with gateway A chosen, order placed: returns on the gateway's page. */
  async function orderWithGatewayA(page: Page): Promise<void> {
    await page.goto(`${base}/detail/${productId}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(`${base}/checkout/cart`);
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL(`${base}/checkout/confirm`);
    // choosing the method submits its form at once (no separate button with script)
    await page.getByLabel(/Gateway A/).click();
    await page.locator('.flashes', { hasText: 'Your payment method is now' }).waitFor();
    expect(await page.getByLabel(/Gateway A/).isChecked()).toBe(true);
    await page.getByLabel(/terms and conditions/).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(`${test.sim.baseUrl}/checkout/**`);
  }

  function orderTransactionOf(orderId: string): Promise<{ id: string }> {
    return test.platform.db.selectFrom('order_transaction').select('id').where('order_id', '=', orderId).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  }

  it('pays on the hosted page and lands on the finish page with the order paid and the verified data stored', async () => {
    const { page, watch } = await watchedPage();
    try {
      await logIn(page);
      await orderWithGatewayA(page);
      // (12.50 + 4.99 shipping) EUR × 1650 = 28,858.50 NGN, as the gateway charges it
      expect(await page.locator('[data-amount]').textContent()).toBe('28,858.50 NGN');
      await screenshot(page, 'hosted-page');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\/checkout\/finish\?orderId=[0-9a-f]{32}$/);
      expect(await page.locator('#payment-state').textContent()).toBe('Paid');
      await screenshot(page, 'finish-page');

      const orderId = new URL(page.url()).searchParams.get('orderId')!;
      const { id } = await orderTransactionOf(orderId);
      expect(await stateOf(test.platform, id)).toBe('paid');
      const fields = await customFieldsOf(test.platform, id);
      const reference = fields[TRANSACTION_FIELDS.reference] as string;
      const gateway = test.sim.transaction(reference)!;
      expect(reference.startsWith(id)).toBe(true);
      expect(fields).toMatchObject({
        [TRANSACTION_FIELDS.transactionId]: String(gateway.id),
        [TRANSACTION_FIELDS.amount]: 2_885_850,
        [TRANSACTION_FIELDS.currency]: 'NGN',
        [TRANSACTION_FIELDS.channel]: 'card',
        [TRANSACTION_FIELDS.fees]: gateway.fees,
        [TRANSACTION_FIELDS.processedEvents]: [`charge:${gateway.id}`],
      });
    } finally {
      await page.close();
    }
    expectCleanVisit(watch, ['/checkout/order', 'gateway:/checkout/', '/payment/finalize-transaction']);
  }, 60_000);

  it('abandoned on the hosted page: the order payment page shows it cancelled, and paying again with gateway A succeeds', async () => {
    const { page, watch } = await watchedPage();
    try {
      await logIn(page);
      await orderWithGatewayA(page);
      await page.getByRole('button', { name: 'Abandon' }).click();
      await page.waitForURL(/\/account\/order\/edit\/[0-9a-f]{32}\?error-code=/);
      expect(await page.locator('#payment-state').textContent()).toBe('Cancelled');
      const orderId = /\/edit\/([0-9a-f]{32})/.exec(page.url())![1]!;
      expect(await stateOf(test.platform, (await orderTransactionOf(orderId)).id)).toBe('cancelled');

      await page.getByLabel(/Gateway A/).check();
      await page.getByRole('button', { name: 'Pay now' }).click();
      await page.waitForURL(`${test.sim.baseUrl}/checkout/**`);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\/checkout\/finish\?orderId=[0-9a-f]{32}$/);
      expect(await page.locator('#payment-state').textContent()).toBe('Paid');
      expect(await stateOf(test.platform, (await orderTransactionOf(orderId)).id)).toBe('paid');
    } finally {
      await page.close();
    }
    expectCleanVisit(watch, ['/checkout/order', 'gateway:/checkout/', '/payment/finalize-transaction']);
  }, 60_000);

  it('failed on the hosted page: the order payment page shows the payment failed', async () => {
    const { page, watch } = await watchedPage();
    try {
      await logIn(page);
      await orderWithGatewayA(page);
      await page.getByRole('button', { name: 'Fail' }).click();
      await page.waitForURL(/\/account\/order\/edit\/[0-9a-f]{32}\?error-code=/);
      expect(await page.locator('#payment-state').textContent()).toBe('Failed');
      expect(await page.locator('#payment-error').count()).toBe(1);
      const orderId = /\/edit\/([0-9a-f]{32})/.exec(page.url())![1]!;
      expect(await stateOf(test.platform, (await orderTransactionOf(orderId)).id)).toBe('failed');
    } finally {
      await page.close();
    }
    expectCleanVisit(watch, ['/checkout/order', 'gateway:/checkout/', '/payment/finalize-transaction']);
  }, 60_000);
});
