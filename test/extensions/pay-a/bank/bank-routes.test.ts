import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_BANK_FIELDS } from '../../../../src/extensions/pay-a/custom-fields.js';
import { SANDBOX_BANK_CODE } from '../../../../src/extensions/pay-a/simulator/index.js';
import { Browser } from '../../../platform/storefront/browser.js';
import { registerThroughForm, registration, textOf } from '../../../platform/storefront/pages/shop-fixtures.js';
import type { TestPlatform } from '../../../helpers/test-platform.js';
import { startPayATest, TEST_SECRET_KEY, type PayATest } from '../pay-a-test-setup.js';
import { storedCustomFieldsOf } from '../../_gateway-kit/bank-details-at-rest.js';

const GTBANK = '058';
const ADAEZE = { accountNumber: '0123456789', accountName: 'ADAEZE OKAFOR' } as const;
const CHIDI = { accountNumber: '0123456780', accountName: 'CHIDI NWOSU' } as const;
const XHR = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

interface Customer {
  browser: Browser;
  id: string;
}

async function loggedInCustomer(t: TestPlatform): Promise<Customer> {
  const browser = new Browser(t.app);
  const data = await registerThroughForm(browser, registration());
  const row = await t.platform.db.selectFrom('customer').select('id').where('email', '=', data.email).executeTakeFirstOrThrow();
  return { browser, id: row.id as string };
}

async function csrfOf(browser: Browser, page = '/account'): Promise<string> {
  return Browser.csrfTokenOf(await browser.get(page));
}

const listBanks = (browser: Browser) => browser.request('GET', '/pay-a/bank/list', { headers: XHR });
const verifyAccount = async (browser: Browser, body: unknown) => browser.request('POST', '/pay-a/bank/verify', { json: body, headers: { ...XHR, 'x-csrf-token': await csrfOf(browser) } });
const saveDetails = async (browser: Browser, fields: Record<string, string>) => browser.request('POST', '/pay-a/bank/save', { form: { _csrf_token: await csrfOf(browser), ...fields } });

/** The customer's custom fields as stored, the account number opened (it must be stored sealed). */
function customerFields(t: TestPlatform, customerId: string): Promise<Record<string, unknown>> {
  return storedCustomFieldsOf(t, customerId);
}

function flashesOf(html: string): string[] {
  return [...html.matchAll(/<div class="alert alert-(\w+)"[^>]*>([^<]*)<\/div>/g)].map((match) => `${match[1]}: ${match[2]}`);
}

/**
 * Gateway A's storefront bank routes on the kit: the list answers the gateway's response
 * (every cursor page), verify takes `account_number` and `bank_code` and answers 400 on a failed
 * resolution, save stores the verified account and redirects to the profile page with a flash message;
 * 404 while collection is off, logged-in customers only.
 */
describe('ExtPayA bank routes', () => {
  let test: PayATest;
  beforeAll(async () => {
    test = await startPayATest({ config: { collectBankData: true } });
  });
  afterAll(() => test.close());

  it("list: the gateway's response with every bank of every cursor page (inactive and deleted left out), sorted by name", async () => {
    const { browser } = await loggedInCustomer(test.t);
    const response = await listBanks(browser);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: true, message: 'Banks retrieved' });
    const names = body.data.map((bank: { name: string }) => bank.name);
    expect(names).toHaveLength(26);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names).not.toContain('Inactive Test Bank');
    expect(names).not.toContain('Deleted Test Bank');
    expect(body.data.find((bank: { code: string }) => bank.code === GTBANK)).toMatchObject({ name: 'Guaranty Trust Bank', code: '058', slug: 'guaranty-trust-bank', country: 'Nigeria', type: 'nuban' });
    const bankCalls = test.sim.requests.filter((r) => r.path.startsWith('/bank?'));
    expect(bankCalls.map((r) => new URL(r.path, 'http://x').searchParams.get('use_cursor'))).toEqual(['true']);
    expect(bankCalls[0]!.headers.authorization).toBe(`Bearer ${TEST_SECRET_KEY}`);
  });

  it('verify: the gateway\'s field names in the body (account_number, bank_code) resolved at the gateway; 400 when it does not resolve, 400 for bad input', async () => {
    const { browser } = await loggedInCustomer(test.t);
    const ok = await verifyAccount(browser, { bank_code: GTBANK, account_number: ADAEZE.accountNumber });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ accountNumber: ADAEZE.accountNumber, accountName: ADAEZE.accountName, bankCode: GTBANK, bankName: 'Guaranty Trust Bank' });
    expect(test.sim.requests.at(-1)!.path).toBe(`/bank/resolve?account_number=${ADAEZE.accountNumber}&bank_code=${GTBANK}`);

    const unresolved = await verifyAccount(browser, { bank_code: '044', account_number: '0000000001' });
    expect(unresolved.statusCode).toBe(400);
    expect(unresolved.json().errors[0]).toMatchObject({ code: 'PAY_A__ACCOUNT_NOT_RESOLVED', source: { pointer: '/account_number' } });

    const cases: Array<[unknown, string[]]> = [
      [{}, ['/bank_code', '/account_number']],
      [{ bankCode: GTBANK, accountNumber: ADAEZE.accountNumber }, ['/bank_code', '/account_number']],
      [{ bank_code: GTBANK, account_number: 123456789 }, ['/account_number']],
      [{ bank_code: GTBANK, account_number: '12345' }, ['/account_number']],
      [{ bank_code: SANDBOX_BANK_CODE, account_number: ADAEZE.accountNumber }, ['/bank_code']],
      [[GTBANK], ['/']],
    ];
    for (const [body, pointers] of cases) {
      const refused = await verifyAccount(browser, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual(pointers);
    }
  });

  it('verify answers 502 when the gateway is down, and is XHR only', async () => {
    const { browser } = await loggedInCustomer(test.t);
    test.sim.injectFault({ path: /^\/bank\/resolve/, status: 503 });
    const down = await verifyAccount(browser, { bank_code: GTBANK, account_number: ADAEZE.accountNumber });
    expect(down.statusCode).toBe(502);
    expect(down.json().errors[0].code).toBe('PAY_A__ACCOUNT_VERIFICATION_UNAVAILABLE');
    const calls = test.sim.requests.length;
    const plain = await browser.request('POST', '/pay-a/bank/verify', { json: { bank_code: GTBANK, account_number: ADAEZE.accountNumber }, headers: { accept: 'application/json', 'x-csrf-token': await csrfOf(browser) } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors[0]).toMatchObject({ code: 'PAY_A__XHR_REQUIRED', detail: 'This route answers XMLHttpRequest calls only.' });
    const listed = await browser.request('GET', '/pay-a/bank/list', { headers: { accept: 'application/json' } });
    expect(listed.statusCode).toBe(400);
    expect(listed.json().errors[0].code).toBe('PAY_A__XHR_REQUIRED');
    expect(test.sim.requests.length).toBe(calls);
  });

  it('save: stores only the account verified in this session, with the gateway name, and redirects to the profile page with a flash message', async () => {
    const customer = await loggedInCustomer(test.t);
    const refused = await saveDetails(customer.browser, { bank_code: GTBANK, account_number: ADAEZE.accountNumber });
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/account');
    expect(flashesOf((await customer.browser.get('/account')).body)).toEqual(['danger: Please verify your account number before saving.']);

    expect((await verifyAccount(customer.browser, { bank_code: GTBANK, account_number: ADAEZE.accountNumber })).statusCode).toBe(200);
    const mismatch = await saveDetails(customer.browser, { bank_code: GTBANK, account_number: CHIDI.accountNumber });
    expect(mismatch.headers.location).toBe('/account');
    expect(flashesOf((await customer.browser.get('/account')).body)).toEqual(['danger: The bank details do not match the account you verified. Please verify them again.']);

    const saved = await saveDetails(customer.browser, { bank_code: GTBANK, account_number: ADAEZE.accountNumber, account_name: 'Somebody Else' });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe('/account');
    const profile = await customer.browser.get('/account');
    expect(flashesOf(profile.body)).toEqual(['success: Your bank details were saved.']);
    expect(await customerFields(test.t, customer.id)).toMatchObject({
      [CUSTOMER_BANK_FIELDS.bankName]: 'Guaranty Trust Bank',
      [CUSTOMER_BANK_FIELDS.bankCode]: GTBANK,
      [CUSTOMER_BANK_FIELDS.accountNumber]: ADAEZE.accountNumber,
      [CUSTOMER_BANK_FIELDS.accountName]: ADAEZE.accountName,
    });
    const text = textOf(profile.body);
    expect(text).toContain('******6789');
    expect(text).not.toContain(ADAEZE.accountNumber);
    // the profile form posts gateway A's field names
    expect(profile.body).toContain('name="bank_code"');
    expect(profile.body).toContain('name="account_number"');
    expect(profile.body).toContain('data-bank-field="bank_code" data-account-field="account_number"');
  });

  it('404 while collection is off (for customers and guests); logged-in customers only while on', async () => {
    const customer = await loggedInCustomer(test.t);
    const guest = new Browser(test.t.app);
    expect((await listBanks(guest)).statusCode).toBe(401);
    await test.setConfig('collectBankData', false);
    try {
      expect((await listBanks(customer.browser)).statusCode).toBe(404);
      expect((await verifyAccount(customer.browser, { bank_code: GTBANK, account_number: ADAEZE.accountNumber })).statusCode).toBe(404);
      expect((await saveDetails(customer.browser, { bank_code: GTBANK, account_number: ADAEZE.accountNumber })).statusCode).toBe(404);
      expect((await listBanks(guest)).statusCode).toBe(404);
      expect((await customer.browser.get('/account')).body).not.toContain('/pay-a/bank/save');
    } finally {
      await test.setConfig('collectBankData', true);
    }
  });
});
