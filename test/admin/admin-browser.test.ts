import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { extPayA } from '../../src/extensions/pay-a/index.js';
import { extPayB } from '../../src/extensions/pay-b/index.js';
import { configKey, type PayBConfigKey } from '../../src/extensions/pay-b/config.js';
import { extOrderExport } from '../../src/extensions/order-export/index.js';
import { extDemoData } from '../../src/extensions/demo-data/index.js';
import { runMessageHandler } from '../../src/extensions/demo-data/run/queued-run.js';
import { startPayBSimulator, type PayBSimulator } from '../../src/extensions/pay-b/simulator/index.js';
import { orderExportConfig } from '../../src/extensions/order-export/config.js';
import { startTargetSimulator } from '../../src/extensions/order-export/simulator/target-simulator.js';
import type { TargetSimulator } from '../../src/extensions/order-export/simulator/types.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../src/platform/first-start/default-shop.js';
import { chromiumRunnable, releaseSharedChromium, sharedChromium } from '../helpers/chromium.js';
import { expectNoSidewaysScroll, watchPage, type PageWatch } from '../helpers/page-checks.js';
import type { TestPlatform } from '../helpers/test-platform.js';
import { ADMIN_ARTIFACTS as ARTIFACTS, startAdminTestServer } from './admin-test-server.js';
import { createStoreApiClient } from '../platform/store-api/store-api-client.js';
import { callFinalize, payBHost, placePayBOrder, stateOf, TEST_SECRET_KEY, TEST_WEBHOOK_HASH, useHostedPage, type PayBTest, type PlacedPayBOrder } from '../extensions/pay-b/pay-b-test-setup.js';

const runnable = chromiumRunnable('admin-browser.test.ts');

/**
 * The Administration at /admin in a real browser, against the platform listening on a port with all four
 * extensions and the gateway D simulator: orders, a partial gateway D refund, a demo data run, the demo
 * user, and what a read-only user is offered. Any console error or Content-Security-Policy violation fails
 * the test, and so does a page without the security headers (the Administration's own policy: a style nonce
 * for Mantine's `<style>` elements, `frame-ancestors 'none'`).
 */
describe.skipIf(!runnable)('the Administration in a real browser', () => {
  let t: TestPlatform;
  let sim: PayBSimulator;
  let exportTarget: TargetSimulator;
  let browser: Browser;
  let base: string;
  let order: PlacedPayBOrder;
  let demoUser: { username: string; password: string };
  const watches: PageWatch[] = [];

  beforeAll(async () => {
    ({ t, base } = await startAdminTestServer({ extensions: [extPayB, extPayA, extOrderExport, extDemoData] }));
    sim = await startPayBSimulator({ secretHash: TEST_WEBHOOK_HASH, webhookUrl: `${base}/pay-b/webhook` });
    const setConfig = (key: PayBConfigKey, value: unknown) => t.platform.systemConfig.set(t.platform.db, configKey(key), value, null);
    await setConfig('secretKeySandbox', TEST_SECRET_KEY);
    await setConfig('apiBaseUrl', sim.baseUrl);
    await setConfig('secretHashSandbox', TEST_WEBHOOK_HASH);
    const payB: PayBTest = {
      t,
      platform: t.platform,
      host: payBHost(t.platform),
      sim,
      client: await createStoreApiClient(t),
      webhookUrl: `${base}/pay-b/webhook`,
      setConfig,
      close: async () => undefined,
    };
    // a gateway D order paid on the simulator's hosted page: 2 × 20.00 + 4.99 shipping
    order = await placePayBOrder(payB, { gross: 20, quantity: 2 });
    await callFinalize(payB, await useHostedPage(order.redirectUrl, 'pay'));
    expect(await stateOf(t.platform, order.orderTransactionId)).toBe('paid');
    const mapping = await t.api('POST', '/api/ext-order-export-mapping?_response=1', {
      token: await t.adminToken(),
      body: { name: 'ERP orders', definition: { fields: { orderNumber: { expr: 'orderNumber' } } } },
    });
    expect(mapping.statusCode, mapping.body).toBe(200);
    // the export target simulator on loopback (a private address, which the setting allows for this test)
    exportTarget = await startTargetSimulator();
    await t.platform.systemConfig.set(t.platform.db, orderExportConfig.key('allowPrivateTargets'), true);
    const target = await t.api('POST', '/api/ext-order-export-config', {
      token: await t.adminToken(),
      // the order was paid with sandbox keys: a test order, which a target takes only when it says so
      body: { name: 'Example ERP', url: exportTarget.deliveryUrl, active: true, includeTestOrders: true, mappingId: mapping.json().data.id },
    });
    expect(target.statusCode, target.body).toBe(204);
    browser = await sharedChromium();
  }, 180_000);

  afterAll(async () => {
    await releaseSharedChromium();
    await sim?.close();
    await exportTarget?.close();
    await t?.close();
  });

  async function newPage(): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // 409: the demo data run's question whether to seed into a shop with orders
    watches.push(await watchPage(page, base, { adminPage: (path) => path === '/admin' || path.startsWith('/admin/'), expectedStatuses: [409] }));
    return page;
  }

  async function logIn(page: Page, username: string, password: string): Promise<void> {
    await page.goto(`${base}/admin/`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    // the dashboard is the first page; the tests start from the orders
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await navigation(page).getByRole('link', { name: 'Orders' }).click();
  }

  /** The page at 1280 and at 768 px (tablet: the navigation folds into the burger). */
  async function shoot(page: Page, name: string): Promise<void> {
    // from the top (the header is fixed) and after the navigation's slide transition
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.waitForTimeout(400);
    // a tablet never scrolls sideways
    await expectNoSidewaysScroll(page, name);
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-768.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(400);
  }

  const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
  const problems = () => watches.flatMap((watch) => watch.problems);
  const checkedDocuments = () => watches.flatMap((watch) => watch.checkedDocuments);

  it('administrator: orders, order detail, a partial gateway D refund, a demo data run and the demo user', async () => {
    const page = await newPage();
    await logIn(page, 'admin', 'shopware');

    // orders list with the paid gateway D order
    await page.getByRole('link', { name: order.orderNumber }).waitFor();
    await shoot(page, 'orders-list');

    await page.getByRole('link', { name: order.orderNumber }).click();
    await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByText('Line items').waitFor();
    await shoot(page, 'order-detail');

    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByRole('button', { name: 'Change state' }).waitFor();
    await shoot(page, 'order-payments');

    // refund 10.00 of 44.99 through the simulator
    await page.getByRole('tab', { name: 'Gateway D refunds' }).click();
    await expect.poll(() => page.getByTestId('refundable-balance').textContent()).toContain('44.99');
    await page.getByLabel('Refund amount').fill('10');
    const badgeBefore = await page.getByTestId('gateway-transaction-state').textContent();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    // nothing leaves before the merchant confirms the amount and currency
    expect(await page.getByTestId('refund-confirmation').textContent()).toMatch(/€10\.00.*EUR/);
    await shoot(page, 'order-refund-confirmation');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByRole('button', { name: 'Send refund of €10.00' }).click();
    await page.getByTestId('refund-success').waitFor();
    await page.getByTestId('refund-history').getByText('€10.00').waitFor();
    // the badge and the history follow without a reload of the page
    await expect.poll(() => page.getByTestId('gateway-transaction-state').textContent(), { timeout: 15_000 }).not.toBe(badgeBefore);
    await expect.poll(() => page.getByTestId('refund-history').getByRole('row').nth(1).textContent(), { timeout: 15_000 }).toMatch(/completed/i);
    await expect.poll(() => page.getByTestId('refundable-balance').textContent()).toContain('34.99');
    // the figures come from the gateway's ledger through the read-only refundable route, not from the shop's records
    await page.getByText('Read live from the gateway').waitFor();
    await shoot(page, 'order-refund-gateway-d');

    // the export tab: one card per target with its last outcome, and the actions
    await page.getByRole('tab', { name: 'Export' }).click();
    const exportCard = page.getByRole('region', { name: 'Example ERP' });
    await exportCard.getByText('Not exported', { exact: true }).waitFor();
    await exportCard.getByRole('button', { name: 'Export now' }).click();
    await expect.poll(() => exportCard.getByTestId('export-action-result').textContent()).toMatch(/^Export: exported, revision 1$/);
    expect(exportTarget.deliveries).toHaveLength(1);
    await shoot(page, 'order-export-panel');

    // a small demo data run: one channel, one product per category, no images
    await navigation(page).getByRole('link', { name: 'Demo data' }).click();
    await page.getByRole('button', { name: 'Generate demo data' }).waitFor();
    for (const name of ['Quayside Flagship Store', 'Quayside Trade Counter', 'Quayside Wellness', 'Quayside Outlet']) await page.getByLabel(name).uncheck();
    await page.getByLabel('Products per category').fill('1');
    await page.getByLabel('Images').uncheck({ force: true });
    await page.getByRole('button', { name: 'Generate demo data' }).click();
    // the shop already has an order (the gateway D one): nothing is queued until the merchant confirms
    await page.getByTestId('demo-data-confirm').waitFor();
    expect((await sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'ext_demo_data.run'`.execute(t.platform.db)).rows).toEqual([{ n: 0 }]);
    expect(watches.flatMap((watch) => watch.expectedAnswers)).toEqual(['/admin/demo-data: 409']);
    await page.getByRole('button', { name: 'Seed anyway' }).click();
    await expect.poll(() => page.getByTestId('demo-data-run').getAttribute('data-state')).toBe('running');
    await shoot(page, 'demo-data-running');
    // the test platform runs no queue worker: the test takes the worker's part
    const job = await sql<{ data: unknown }>`SELECT data FROM pgboss.job WHERE name = 'ext_demo_data.run' AND state = 'created'`.execute(t.platform.db);
    expect(job.rows).toHaveLength(1);
    await runMessageHandler.handle(job.rows[0]!.data, t.platform.extensions.hostOf('ExtDemoData'));
    await expect.poll(() => page.getByTestId('demo-data-run').getAttribute('data-state'), { timeout: 15_000 }).toBe('finished');
    await page.getByTestId('demo-data-tally').waitFor();

    // the read-only demo user: its password is shown once
    await page.getByRole('button', { name: 'Create demo user' }).click();
    demoUser = { username: (await page.getByTestId('demo-user-login').textContent())!, password: (await page.getByTestId('demo-user-secret').textContent())! };
    expect(demoUser.password.length).toBeGreaterThan(8);
    await shoot(page, 'demo-data-finished');

    await navigation(page).getByRole('link', { name: 'Extension settings' }).click();
    await page.getByText('Gateway D').click();
    await page.getByText('API keys').waitFor();
    await shoot(page, 'settings-gateway-d');
    // one sales channel's own value: inherited (and locked) until "Inherit" is unticked, then stored for that channel only
    const channel = await t.platform.db.selectFrom('sales_channel').select(['id', 'name']).where('id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow();
    await page.getByRole('textbox', { name: 'Scope' }).click();
    await page.getByRole('option', { name: channel.name as string, exact: true }).click();
    const titleField = page.getByLabel('Title', { exact: true });
    await expect.poll(() => titleField.isDisabled()).toBe(true);
    const inheritTitle = page.locator('div').filter({ has: titleField }).filter({ has: page.getByLabel(/Inherit the global value/) }).last().getByLabel(/Inherit the global value/);
    expect(await inheritTitle.isChecked()).toBe(true);
    await inheritTitle.uncheck();
    await titleField.fill('Quayside payments');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved').waitFor();
    await expect.poll(() => t.platform.systemConfig.get(configKey('title'), channel.id as string)).toBe('Quayside payments');
    expect(await t.platform.systemConfig.getGlobal(configKey('title'))).toBeFalsy();
    await shoot(page, 'settings-gateway-d-channel');
    // ticking "Inherit" again removes the channel's value
    await inheritTitle.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => t.platform.db.selectFrom('system_config').select('id').where('configuration_key', '=', configKey('title')).where('sales_channel_id', '=', channel.id as string).execute()).toEqual([]);

    await navigation(page).getByRole('link', { name: 'Order export' }).click();
    await page.getByText('Example ERP').waitFor();
    await shoot(page, 'order-export-targets');
    // the mapping editor: validate, then preview against the order
    await page.getByRole('row', { name: /ERP orders/ }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.getByText('The definition is valid.').waitFor();
    await page.getByLabel('Preview with order number').fill(order.orderNumber);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText(`"orderNumber": "${order.orderNumber}"`).waitFor();
    await shoot(page, 'order-export-mapping');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.close();
    expect(problems()).toEqual([]);
    expect(checkedDocuments()).toContain('/admin/');
  }, 120_000);

  it('a read-only user sees no write actions', async () => {
    const page = await newPage();
    await logIn(page, demoUser.username, demoUser.password);
    await page.getByRole('link', { name: order.orderNumber }).waitFor();
    // an expired access token is renewed with the refresh token: the reload stays logged in
    await page.evaluate(() => {
      const tokens = JSON.parse(localStorage.getItem('admin.tokens')!);
      localStorage.setItem('admin.tokens', JSON.stringify({ ...tokens, expiresAt: 0 }));
    });
    await page.reload();
    await page.getByRole('link', { name: order.orderNumber }).waitFor();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('admin.tokens')))!).expiresAt).toBeGreaterThan(Date.now());
    // no demo data entry: it needs ext_demo_data:generate
    expect(await navigation(page).getByRole('link').allTextContents()).not.toContain('Demo data');

    await page.getByRole('link', { name: order.orderNumber }).click();
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByRole('cell', { name: 'Transaction id', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Change state' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Gateway D refunds' }).click();
    await page.getByText('You may view refunds but not start one').waitFor();
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    await shoot(page, 'read-only-refund');

    // targets readable, not writable; settings need system_config:read, which the demo user lacks
    await navigation(page).getByRole('link', { name: 'Order export' }).click();
    await page.getByText('Example ERP').waitFor();
    expect(await page.getByRole('switch', { name: 'Example ERP active' }).isDisabled()).toBe(true);
    expect(await navigation(page).getByRole('link').allTextContents()).not.toContain('Extension settings');
    await shoot(page, 'read-only-order-export');

    await page.goto(`${base}/admin/demo-data`);
    await page.getByText('Not allowed').waitFor();
    await page.close();
    expect(problems()).toEqual([]);
    expect(checkedDocuments()).toContain('/admin/demo-data');
  }, 60_000);
});
