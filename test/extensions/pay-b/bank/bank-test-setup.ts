import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestPlatform, TestPlatformOptions } from '../../../helpers/test-platform.js';
import { startPayBTest, type PayBTest } from '../pay-b-test-setup.js';
import { Browser } from '../../../platform/storefront/browser.js';
import { registerThroughForm, registration, type Registration } from '../../../platform/storefront/pages/shop-fixtures.js';
import { VERIFICATION_PAYLOAD_KEY } from '../../../../src/extensions/pay-b/bank.js';
import { openedSecret, storedCustomFieldsOf } from '../../_gateway-kit/bank-details-at-rest.js';

/** Access Bank: the sandbox resolves its test accounts 0690000031-0690000041, as the real sandbox does. */
export const ACCESS_BANK = '044';
export const FORREST_GREEN = { accountNumber: '0690000031', accountName: 'Forrest Green' } as const;
export const PASTOR_BRIGHT = { accountNumber: '0690000032', accountName: 'Pastor Bright' } as const;

export type BankTest = PayBTest;

/** A platform talking to a fresh simulator (sandbox key, simulator base URL), bank data collection on unless told. */
export function startBankTest(options: { collectBankData?: boolean; platform?: TestPlatformOptions } = {}): Promise<BankTest> {
  return startPayBTest({ platform: options.platform, config: { collectBankData: options.collectBankData ?? true } });
}

export interface Customer {
  browser: Browser;
  data: Registration;
  id: string;
}

/** A customer registered (and logged in) through the storefront's form. */
export async function loggedInCustomer(t: TestPlatform): Promise<Customer> {
  const browser = new Browser(t.app);
  const data = await registerThroughForm(browser, registration());
  const row = await t.platform.db.selectFrom('customer').select('id').where('email', '=', data.email).executeTakeFirstOrThrow();
  return { browser, data, id: row.id as string };
}

/** The CSRF token of the visitor's session, read from the profile page (or the home page for guests). */
export async function csrfOf(browser: Browser, page = '/account'): Promise<string> {
  const response = await browser.get(page);
  expect(response.statusCode).toBe(200);
  return Browser.csrfTokenOf(response);
}

const XHR = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

export function listBanks(browser: Browser): Promise<LightMyRequestResponse> {
  return browser.request('GET', '/pay-b/bank/list', { headers: XHR });
}

export function verifyAccount(browser: Browser, csrf: string | undefined, body: unknown): Promise<LightMyRequestResponse> {
  return browser.request('POST', '/pay-b/bank/verify', { json: body, headers: { ...XHR, ...(csrf === undefined ? {} : { 'x-csrf-token': csrf }) } });
}

/** Posts the profile page's save form with the page's CSRF token. */
export async function saveDetails(browser: Browser, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  return browser.request('POST', '/pay-b/bank/save', { form: { _csrf_token: await csrfOf(browser), ...fields } });
}

/** The customer's custom fields as stored, the account number and BVN opened (they must be stored sealed). */
export function customFieldsOf(t: TestPlatform, customerId: string): Promise<Record<string, unknown>> {
  return storedCustomFieldsOf(t, customerId);
}

/** The stored context payload of the customer's current session; a verification's account number opened (it must be stored sealed). */
export async function sessionPayloadOf(t: TestPlatform, customer: Customer): Promise<Record<string, unknown>> {
  const token = customer.browser.cookies.get('sw-context-token');
  const row = await t.platform.db.selectFrom('sales_channel_api_context').select(['payload', 'customer_id']).where('token', '=', token!).executeTakeFirstOrThrow();
  expect(row.customer_id).toBe(customer.id);
  const payload = (row.payload as Record<string, unknown> | null) ?? {};
  const verification = payload[VERIFICATION_PAYLOAD_KEY] as Record<string, unknown> | undefined;
  if (verification === undefined) return payload;
  return { ...payload, [VERIFICATION_PAYLOAD_KEY]: { ...verification, accountNumber: openedSecret(t, verification.accountNumber) } };
}

/** The messages of the flashes a page shows. */
export function flashesOf(html: string): string[] {
  return [...html.matchAll(/<div class="alert alert-(\w+)"[^>]*>([^<]*)<\/div>/g)].map((match) => `${match[1]}: ${match[2]}`);
}
