import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { Browser } from '../browser.js';
import { createShopProduct, registerThroughForm } from './shop-fixtures.js';

/**
 * The statements a storefront page costs once the per-process caches are warm, pinned so that reads of
 * the page frame (brand, currencies, countries, footer links, wishlist) do not creep back one by one.
 * Raise a pin only with a reason in the commit message; SHOW_SQL=1 prints them.
 */
describe('statements per storefront page', () => {
  let t: TestPlatform;
  let productId: string;
  beforeAll(async () => {
    t = await createTestPlatform();
    productId = await createShopProduct(t.platform, { name: 'Counted mug', gross: 10 });
  });
  afterAll(() => t.close());

  async function measure(browser: Browser, url: string): Promise<number> {
    await browser.get(url);
    const run = await t.platform.database.statements.measure(() => browser.get(url));
    expect(run.result.statusCode).toBe(200);
    if (process.env.SHOW_SQL) console.log(`${url}:\n${run.sql.join('\n---\n')}`);
    return run.count;
  }

  it('a guest\'s and a customer\'s home and product page', async () => {
    const guest = new Browser(t.app);
    const counts: Record<string, number> = { guestHome: await measure(guest, '/'), guestProduct: await measure(guest, `/detail/${productId}`) };
    const customer = new Browser(t.app);
    await registerThroughForm(customer);
    counts.customerHome = await measure(customer, '/');
    counts.customerProduct = await measure(customer, `/detail/${productId}`);
    console.log('storefront page statements', counts);
    // the page frame reads the channel's currencies, countries and landing pages in one statement
    // (shop-frame-lists.ts); a customer's pages add the wishlist's ids
    expect(counts.guestHome).toBeLessThanOrEqual(13);
    expect(counts.guestProduct).toBeLessThanOrEqual(18);
    expect(counts.customerHome).toBeLessThanOrEqual(14);
    expect(counts.customerProduct).toBeLessThanOrEqual(19);
  });
});
