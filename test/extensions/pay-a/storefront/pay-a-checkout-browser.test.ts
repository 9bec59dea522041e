import { expect } from 'vitest';
import { TRANSACTION_FIELDS } from '../../../../src/extensions/pay-a/custom-fields.js';
import { defaultShopCurrencyId } from '../../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { describeBrowserCheckout } from '../../_gateway/checkout-browser.js';
import { customFieldsOf, startPayATest } from '../pay-a-test-setup.js';

/** Gateway A in a real browser, in a shop that sells in NGN (the shared steps: ../../_gateway/checkout-browser.ts). */
describeBrowserCheckout('pay-a', 'A', {
  start: (platform) => startPayATest({ platform }),
  hostedPage: { path: '/checkout/', giveUp: 'Abandon', givenUp: 'abandoned' },
  storedData: 'verified data',
  async prepareShop(platform) {
    // a Nigerian shop: the storefront sells in naira
    await platform.db.updateTable('sales_channel').set({ currency_id: defaultShopCurrencyId('NGN') }).where('id', '=', DEFAULT_SALES_CHANNEL_ID).execute();
  },
  async expectHostedPage(page) {
    // (12.50 + 4.99 shipping) EUR × 1650 = 28,858.50 NGN, as the gateway charges it
    expect(await page.locator('[data-amount]').textContent()).toBe('28,858.50 NGN');
  },
  async expectPaidTransaction(test, id) {
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
  },
});
