import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CUSTOMER_BANK_FIELDS } from '../../../../src/extensions/pay-b/custom-fields.js';
import { registerCustomer } from '../../../../src/platform/customer/account/register-customer.js';
import { defaultShopId } from '../../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../../src/platform/ids.js';
import { guestContext } from '../../../platform/catalog/catalog-fixtures.js';
import { freePort } from '../../../e2e/free-port.js';
import { chromiumRunnable, launchChromium } from '../../../helpers/chromium.js';
import { customFieldsOf, startBankTest, type BankTest } from './bank-test-setup.js';

const runnable = chromiumRunnable('bank-profile-browser.test.ts');

/** The profile form in a real browser: bank list by XHR, verification by XHR, then the form post. */
describe.skipIf(!runnable)('ExtPayB bank details form in a real browser', () => {
  let bank: BankTest;
  let browser: Browser;
  let base: string;
  let customerId: string;
  const email = `bank-browser-${newId().slice(0, 8)}@example.com`;
  const password = 'a browser password';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    bank = await startBankTest({ platform: { env: { appUrl: base, port, host: '127.0.0.1' } } });
    await bank.t.app.listen({ port, host: '127.0.0.1' });
    const { customer } = await registerCustomer(bank.t.platform, await guestContext(bank.t.platform), {
      email,
      password,
      firstName: 'Chinua',
      lastName: 'Achebe',
      billingAddress: { street: 'Marina 1', zipcode: '101001', city: 'Lagos', countryId: defaultShopId('country', 'DE') },
    });
    customerId = customer.id as string;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await bank?.close();
  });

  it('logs in, picks the bank, verifies, sees the account name, saves and sees the masked number', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${base}/account/login?redirectTo=%2Faccount`);
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${base}/account`);

      const bankSelect = page.getByLabel('Bank', { exact: false }).and(page.locator('select'));
      await expect.poll(() => bankSelect.locator('option').count()).toBeGreaterThan(1);
      await bankSelect.selectOption({ label: 'Access Bank' });
      await page.getByLabel(/^Account number/).fill('0690000031');
      const save = page.getByRole('button', { name: 'Save bank details' });
      expect(await save.isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Verify account' }).click();
      await expect.poll(() => page.locator('#pay-b-verify-result').textContent()).toBe('Account name: Forrest Green');
      expect(await save.isDisabled()).toBe(false);

      await page.getByLabel(/^BVN/).fill('22212345678');
      await save.click();
      await page.waitForURL(`${base}/account`);
      await expect.poll(() => page.locator('.flashes').textContent()).toContain('Your bank details were saved.');
      expect(await page.locator('#pay-b-saved-account-number').textContent()).toBe('******0031');
      expect(await page.locator('#pay-b-saved-account-name').textContent()).toBe('Forrest Green');
      expect(await page.content()).not.toContain('22212345678');
      expect(await customFieldsOf(bank.t, customerId)).toMatchObject({
        [CUSTOMER_BANK_FIELDS.accountNumber]: '0690000031',
        [CUSTOMER_BANK_FIELDS.accountName]: 'Forrest Green',
        [CUSTOMER_BANK_FIELDS.bvn]: '22212345678',
      });
    } finally {
      await page.close();
    }
  }, 60_000);
});
