import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../helpers/chromium.js';
import type { PageWatch } from '../helpers/page-checks.js';
import type { TestPlatform } from '../helpers/test-platform.js';
import { placeStoreApiOrder } from '../platform/checkout/checkout-fixtures.js';
import { createStoreApiClient } from '../platform/store-api/store-api-client.js';
import { checkAndShoot, logInToAdmin, openAdminPage, startAdminTestServer } from './admin-test-server.js';

const runnable = chromiumRunnable('dashboard-browser.test.ts');

interface SeededOrder {
  id: string;
  orderNumber: string;
  amountTotal: number;
}

/**
 * The dashboard, the orders list's needs-review and test-order filters and a customer's address in a real
 * browser: three orders placed through the Store API today, one marked as a test order and one whose payment
 * needs review (the custom field keys the payment extensions set).
 */
describe.skipIf(!runnable)('the Administration dashboard, order filters and customers in a real browser', () => {
  let t: TestPlatform;
  let base: string;
  let browser: Browser;
  let customerId: string;
  let orders: SeededOrder[];
  const watches: PageWatch[] = [];

  beforeAll(async () => {
    ({ t, base } = await startAdminTestServer());
    const client = await createStoreApiClient(t);
    const account = await client.registerCustomerAccount({ firstName: 'Grace', lastName: 'Hopper' });
    customerId = account.customer.id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await placeStoreApiOrder(t.platform, client, account.token));
    const rows = await t.platform.db.selectFrom('order').select(['id', 'order_number', 'amount_total']).where('id', 'in', ids).execute();
    orders = ids.map((id) => {
      const row = rows.find((r) => r.id === id)!;
      return { id, orderNumber: String(row.order_number), amountTotal: Number(row.amount_total) };
    });
    // the payment extensions' marks: order 3 is a test order, order 2's payment needs review
    await sql`UPDATE "order" SET custom_fields = '{"payment_test_mode": true}'::jsonb WHERE id = ${orders[2]!.id}`.execute(t.platform.db);
    await sql`UPDATE order_transaction SET custom_fields = '{"payment_needs_review": true, "pay_b_customer": {"name": "Grace Hopper"}}'::jsonb WHERE order_id = ${orders[1]!.id}`.execute(t.platform.db);
    browser = await sharedChromium();
  }, 180_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await t?.close();
  });

  async function loggedInPage(width: number): Promise<Page> {
    // 400: the address the customer test sends with a street too long, 412: its save over another's change, both refused on purpose
    const page = await openAdminPage(browser, base, width, watches, [400, 412]);
    await logInToAdmin(page, base);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    return page;
  }

  const check = checkAndShoot;

  const formatEuro = (value: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(value);

  for (const width of [1280, 768]) {
    it(`at ${width} px: the dashboard's figures match the orders, the list filters by needs review and test orders`, async () => {
      const page = await loggedInPage(width);
      // two orders count today: the test order brings no revenue
      await expect.poll(() => page.getByTestId('today-orders').textContent()).toBe('2 orders');
      expect(await page.getByTestId('today').getByTestId('revenue-EUR').textContent()).toBe(formatEuro(orders[0]!.amountTotal + orders[1]!.amountTotal));
      expect(await page.getByTestId('week-orders').textContent()).toBe('2 orders');
      const attention = page.getByTestId('attention-payments');
      await attention.getByRole('row', { name: new RegExp(orders[1]!.orderNumber) }).getByText('Needs review').waitFor();
      await page.getByTestId('orders-chart').locator('.recharts-bar-rectangle').first().waitFor();
      await check(page, `dashboard-${width}`);

      await page.goto(`${base}/admin/orders?review=1`);
      await page.getByText('1 order', { exact: true }).waitFor();
      await page.getByRole('link', { name: orders[1]!.orderNumber }).waitFor();
      expect(await page.getByRole('switch', { name: 'Needs review only' }).isChecked()).toBe(true);
      await page.getByRole('switch', { name: 'Needs review only' }).click({ force: true });
      await page.getByText('3 orders', { exact: true }).waitFor();
      await page.getByText('Only test').click();
      await page.getByText('1 order', { exact: true }).waitFor();
      expect(page.url()).toContain('test=only');
      await page.getByRole('link', { name: orders[2]!.orderNumber }).waitFor();
      // a table row at 1280 px, a card at 768 px
      await page.getByRole('main').getByText('Test', { exact: true }).waitFor();
      await check(page, `orders-test-filter-${width}`);

      // the flagged payment: badges and readable custom fields, the method's technical name once
      await page.goto(`${base}/admin/orders/${orders[1]!.id}`);
      await page.getByRole('tab', { name: 'Payments' }).click();
      const values = page.getByTestId('custom-field-values');
      await values.getByText('Grace Hopper').waitFor();
      expect(await values.textContent()).not.toContain('{"name"');
      await page.getByText(/technical name/).first().waitFor();
      await check(page, `order-payments-needs-review-${width}`);
      await page.close();
    }, 150_000);
  }

  it('at 390 px: the orders list shows cards that fit, the dashboard fits', async () => {
    const page = await loggedInPage(390);
    await page.getByTestId('today-orders').waitFor();
    await check(page, 'dashboard-390');
    await page.goto(`${base}/admin/orders`);
    const cards = page.getByTestId('order-cards');
    await cards.getByRole('link', { name: orders[0]!.orderNumber }).waitFor();
    await check(page, 'orders-list-390');
    await page.close();
  }, 120_000);

  it("edits a customer's address: the API's violation at its field, then the saved address", async () => {
    const page = await loggedInPage(1280);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers', exact: true }).click();
    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    await page.getByRole('link', { name: orders[0]!.orderNumber }).waitFor();
    await page.getByRole('button', { name: /^Edit address/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit address' });
    // the API refuses a street longer than 255 characters and the form shows it at the field
    await dialog.getByLabel('Street and number').fill('x'.repeat(300));
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => dialog.getByLabel('Street and number').getAttribute('aria-invalid')).toBe('true');
    expect(watches.flatMap((watch) => watch.expectedAnswers)).toEqual([`/admin/customers/${customerId}: 400`]);
    await check(page, 'customer-address-error-1280');
    // someone else saves the address while the dialog is open: the save carries the version the dialog read and is refused
    const addressId = (await t.platform.db.selectFrom('customer_address').select('id').where('customer_id', '=', customerId).executeTakeFirstOrThrow()).id;
    expect((await t.api('PATCH', `/api/customer-address/${addressId}`, { body: { city: 'Brandenburg an der Havel' } })).statusCode).toBe(204);
    await dialog.getByLabel('Street and number').fill('Lindenstraße 9');
    await dialog.getByLabel('City').fill('Potsdam');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await dialog.getByText('Someone else changed this address since you opened it').waitFor();
    expect(await t.platform.db.selectFrom('customer_address').select('city').where('id', '=', addressId).executeTakeFirstOrThrow()).toEqual({ city: 'Brandenburg an der Havel' });
    expect(watches.flatMap((watch) => watch.expectedAnswers)).toEqual([`/admin/customers/${customerId}: 400`, `/admin/customers/${customerId}: 412`]);
    // opened again, it shows their change and saves the merchant's
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('customer-addresses').getByText('Brandenburg an der Havel').waitFor();
    await page.getByRole('button', { name: /^Edit address/ }).first().click();
    expect(await dialog.getByLabel('City').inputValue()).toBe('Brandenburg an der Havel');
    await dialog.getByLabel('Street and number').fill('Lindenstraße 9');
    await dialog.getByLabel('City').fill('Potsdam');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await page.getByTestId('customer-addresses').getByText('Lindenstraße 9').waitFor();
    const row = await t.platform.db.selectFrom('customer_address').select(['street', 'city']).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
    expect(row).toEqual({ street: 'Lindenstraße 9', city: 'Potsdam' });
    await check(page, 'customer-detail-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    await check(page, 'customer-detail-390');
    await page.close();
    expect(watches.flatMap((watch) => watch.problems)).toEqual([]);
  }, 120_000);
});
