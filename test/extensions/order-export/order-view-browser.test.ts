import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { extOrderExport } from '../../../src/extensions/order-export/index.js';
import { orderExportConfig } from '../../../src/extensions/order-export/config.js';
import { startTargetSimulator } from '../../../src/extensions/order-export/simulator/target-simulator.js';
import type { TargetSimulator } from '../../../src/extensions/order-export/simulator/types.js';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { checkAndShoot, logInToAdmin, openAdminPage, startAdminTestServer } from '../../admin/admin-test-server.js';
import { createOrderFixture } from '../../fixtures/orders.js';
import { chromiumRunnable, launchChromium } from '../../helpers/chromium.js';
import type { PageWatch } from '../../helpers/page-checks.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { EXPORT_ROUTE, TEST_MAPPING } from './order-export-test-setup.js';

const runnable = chromiumRunnable('order-view-browser.test.ts');

/**
 * The order page's export tab in a real browser: an order exported twice to the target simulator with its
 * customer comment changed in between (revision 1, then 2). The merchant reads each revision's payload,
 * compares the two (only the comment changed) and opens an attempt's request and answer, at 1280 and 390 px.
 */
describe.skipIf(!runnable)('order export: the per-order view with a revision diff in a real browser', () => {
  let t: TestPlatform;
  let base: string;
  let sim: TargetSimulator;
  let browser: Browser;
  let orderId: string;
  let orderNumber: string;
  const watches: PageWatch[] = [];

  beforeAll(async () => {
    ({ t, base } = await startAdminTestServer({ extensions: [extOrderExport] }));
    sim = await startTargetSimulator();
    // the simulator listens on loopback, a private address
    await t.platform.systemConfig.set(t.platform.db, orderExportConfig.key('allowPrivateTargets'), true);
    const mapping = await t.api('POST', '/api/ext-order-export-mapping?_response=1', { body: { name: 'ERP orders', definition: TEST_MAPPING } });
    expect(mapping.statusCode, mapping.body).toBe(200);
    const target = await t.api('POST', '/api/ext-order-export-config?_response=1', { body: { name: 'Example ERP', url: sim.deliveryUrl, mappingId: mapping.json().data.id } });
    expect(target.statusCode, target.body).toBe(200);
    const configId = target.json().data.id as string;

    ({ orderId } = await createOrderFixture(t.platform));
    orderNumber = `T-${orderId.slice(0, 16)}`;
    for (const [comment, revision] of [['ring once', 1], ['leave at the door', 2]] as const) {
      await transaction(t.platform.db, (uow) => t.platform.repositories.get('order').update({ id: orderId, customerComment: comment }, systemContext, uow));
      const exported = await t.api('POST', EXPORT_ROUTE, { body: { orderId, configId } });
      expect(exported.json(), exported.body).toMatchObject({ outcome: 'exported', revision });
    }
    expect(sim.deliveries).toHaveLength(2);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await sim?.close();
    await t?.close();
  });

  it('shows each revision’s payload, the fields that changed between two, and an attempt’s request and answer', async () => {
    const page = await openAdminPage(browser, base, 1280, watches);
    await logInToAdmin(page, base);
    await page.goto(`${base}/admin/orders/${orderId}`);
    await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();
    await page.getByRole('tab', { name: 'Export' }).click();

    const card = page.getByRole('region', { name: 'Example ERP' });
    await card.getByText(/^Revision 2, delivered/).waitFor();
    // the newest revision's payload first, the older one on choice
    await expect.poll(() => card.getByTestId('revision-payload').textContent()).toContain('"note": "leave at the door"');
    await card.getByLabel('Payload of').click();
    await page.getByRole('option', { name: 'Revision 1' }).click();
    await expect.poll(() => card.getByTestId('revision-payload').textContent()).toContain('"note": "ring once"');

    // revision 1 against 2: the comment is the one field that changed
    await card.getByRole('button', { name: 'Show changes' }).click();
    const diff = card.getByTestId('revision-diff');
    await diff.waitFor();
    const rows = await diff.getByRole('row').allTextContents();
    expect(rows).toEqual(['FieldChangeRevision 1Revision 2', '$.notechanged"ring once""leave at the door"']);

    // the attempts, each with the request as sent and the target's answer
    const attempts = card.getByRole('button', { name: 'Request and answer' });
    await expect.poll(() => attempts.count()).toBe(2);
    await attempts.first().click();
    const detail = card.getByTestId('attempt-detail');
    await detail.waitFor();
    // the newest attempt first: revision 2's body as sent, the target's 200 and its body
    const [request, answer] = await detail.locator('pre').allTextContents();
    expect(request).toMatch(new RegExp(`^POST ${sim.deliveryUrl}\n`));
    expect(request).toContain('"note":"leave at the door"');
    expect(answer).toMatch(/^200\n[\s\S]*\{"received":true\}$/);
    // the open request and answer wrap inside their row: the attempt's actions stay in view
    const hide = (await card.getByRole('button', { name: 'Hide' }).boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    expect(hide.x + hide.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await checkAndShoot(page, 'order-export-revision-diff-1280');

    // a phone: the same view fits (the attempts table scrolls inside its own container)
    await page.setViewportSize({ width: 390, height: 844 });
    await diff.waitFor();
    // the table's scroll container takes its new width after a resize observer has run: wait for the relayout
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 }).toBeLessThanOrEqual(390);
    await checkAndShoot(page, 'order-export-revision-diff-390');
    await page.close();

    expect(watches.flatMap((watch) => watch.problems)).toEqual([]);
    expect(watches.flatMap((watch) => watch.checkedDocuments).length).toBeGreaterThan(0);
  }, 150_000);
});
