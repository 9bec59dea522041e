import { expect } from 'vitest';
import { TRANSACTION_FIELDS } from '../../../../src/extensions/pay-b/custom-fields.js';
import { describeBrowserCheckout } from '../../_gateway/checkout-browser.js';
import { customFieldsOf, startPayBTest } from '../pay-b-test-setup.js';

/** Gateway D in a real browser (the shared steps: ../../_gateway/checkout-browser.ts). */
describeBrowserCheckout('pay-b', 'D', {
  start: (platform) => startPayBTest({ platform }),
  hostedPage: { path: '/hosted/pay/', giveUp: 'Cancel', givenUp: 'cancelled' },
  storedData: 'gateway data',
  async expectHostedPage(page) {
    // what the customer sees at the gateway: the amount as the gateway charges it (4.99 shipping included)
    expect(await page.locator('body').textContent()).toContain('17.49');
  },
  async expectPaidTransaction(test, id, email) {
    const gateway = test.sim.transactionsFor(id).at(-1)!;
    const fields = await customFieldsOf(test.platform, id);
    expect(fields).toMatchObject({
      [TRANSACTION_FIELDS.transactionId]: String(gateway.id),
      [TRANSACTION_FIELDS.reference]: gateway.flw_ref,
      [TRANSACTION_FIELDS.paymentType]: 'card',
      [TRANSACTION_FIELDS.amountCharged]: '17.49',
      [TRANSACTION_FIELDS.currency]: 'EUR',
      [TRANSACTION_FIELDS.customer]: { name: 'Ngozi Okonjo', email },
    });
    expect(fields[TRANSACTION_FIELDS.transactionFee]).toBe(String(gateway.app_fee));
    expect(fields[TRANSACTION_FIELDS.amountSettled]).toBe(String(gateway.amount_settled));
    expect(typeof fields[TRANSACTION_FIELDS.verifiedAt]).toBe('string');
    expect(fields[TRANSACTION_FIELDS.processedEvents]).toEqual([`charge:${gateway.id}`]);
  },
});
