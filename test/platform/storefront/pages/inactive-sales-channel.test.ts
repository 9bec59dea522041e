import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { Browser } from '../browser.js';
import { createShopProduct, registerThroughForm } from './shop-fixtures.js';

let t: TestPlatform;

beforeAll(async () => {
  t = await createTestPlatform();
});

afterAll(async () => {
  await t?.close();
});

const setActive = (active: boolean) => t.platform.db.updateTable('sales_channel').set({ active }).where('id', '=', DEFAULT_SALES_CHANNEL_ID).execute();

describe('a deactivated sales channel', () => {
  it('closes the storefront as the Store API refuses its access key: no pages, no cart changes', async () => {
    const productId = await createShopProduct(t.platform, { name: 'Kettle' });
    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    const csrfToken = Browser.csrfTokenOf(await browser.get('/account'));

    await setActive(false);
    try {
      for (const url of ['/', `/detail/${productId}`, '/account', '/checkout/cart']) {
        const page = await browser.get(url);
        expect(page.statusCode, url).toBe(503);
        expect(page.body, url).not.toContain('Kettle');
      }
      const add = await browser.request('POST', '/checkout/line-item/add', { form: { _csrf_token: csrfToken, productId, quantity: '1' } });
      expect(add.statusCode).toBe(503);
      expect(await t.platform.db.selectFrom('cart').select('token').where('payload', '@>', JSON.stringify({ lineItems: [{ referencedId: productId }] })).execute()).toEqual([]);
    } finally {
      await setActive(true);
    }
    expect((await browser.get(`/detail/${productId}`)).statusCode).toBe(200);
  });
});
