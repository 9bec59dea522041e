import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_PAYLOAD_KEY } from '../../../../src/extensions/pay-b/bank.js';
import { CUSTOMER_BANK_FIELDS } from '../../../../src/extensions/pay-b/custom-fields.js';
import { textOf } from '../../../platform/storefront/pages/shop-fixtures.js';
import {
  ACCESS_BANK,
  FORREST_GREEN,
  PASTOR_BRIGHT,
  csrfOf,
  customFieldsOf,
  flashesOf,
  loggedInCustomer,
  saveDetails,
  sessionPayloadOf,
  startBankTest,
  verifyAccount,
  type BankTest,
  type Customer,
} from './bank-test-setup.js';

const BANK_FIELD_NAMES = Object.values(CUSTOMER_BANK_FIELDS);

describe('ExtPayB: saving verified bank details on the customer', () => {
  let bank: BankTest;
  beforeAll(async () => {
    bank = await startBankTest();
  });
  afterAll(() => bank.close());

  async function verified(customer: Customer, accountNumber: string = FORREST_GREEN.accountNumber): Promise<void> {
    const response = await verifyAccount(customer.browser, await csrfOf(customer.browser), { bankCode: ACCESS_BANK, accountNumber });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** Saves and follows the redirect to the profile page; returns the flashes shown there. */
  async function saveAndFollow(customer: Customer, fields: Record<string, string>): Promise<string[]> {
    const saved = await saveDetails(customer.browser, fields);
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe('/account');
    return flashesOf((await customer.browser.get('/account')).body);
  }

  async function expectNothingStored(customer: Customer): Promise<void> {
    const fields = await customFieldsOf(bank.t, customer.id);
    for (const name of BANK_FIELD_NAMES) expect(fields[name], name).toBeUndefined();
  }

  it('stores the verified account with the gateway name (not the form one), consumes the verification and shows the details masked', async () => {
    const customer = await loggedInCustomer(bank.t);
    const before = await customer.browser.get('/account');
    expect(textOf(before.body)).toContain('No bank account saved yet.');
    await verified(customer);

    const flashes = await saveAndFollow(customer, {
      bankCode: ACCESS_BANK,
      accountNumber: FORREST_GREEN.accountNumber,
      bvn: '22212345678',
      accountName: 'Someone Else',
      bankName: 'Fake Bank',
    });
    expect(flashes).toEqual(['success: Your bank details were saved.']);
    expect(await customFieldsOf(bank.t, customer.id)).toEqual({
      ext_pay_b_bank_name: 'Access Bank',
      ext_pay_b_bank_code: ACCESS_BANK,
      ext_pay_b_account_number: FORREST_GREEN.accountNumber,
      ext_pay_b_account_name: 'Forrest Green',
      ext_pay_b_bvn: '22212345678',
    });
    expect((await sessionPayloadOf(bank.t, customer))[VERIFICATION_PAYLOAD_KEY]).toBeUndefined();

    const profile = await customer.browser.get('/account');
    const text = textOf(profile.body);
    expect(text).toContain('Bank Access Bank');
    expect(text).toContain('Account number ******0031');
    expect(text).toContain('Account name Forrest Green');
    expect(text).toContain('BVN On file');
    expect(profile.body).not.toContain(FORREST_GREEN.accountNumber);
    expect(profile.body).not.toContain('22212345678');

    // the verification was used up: the same form again is refused
    expect(await saveAndFollow(customer, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber })).toEqual([
      'danger: Please verify your account number before saving.',
    ]);
  });

  it('keeps the BVN on file when the field is left empty and replaces the account', async () => {
    const customer = await loggedInCustomer(bank.t);
    await verified(customer);
    await saveAndFollow(customer, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber, bvn: '22212345678' });
    await verified(customer, PASTOR_BRIGHT.accountNumber);
    expect(await saveAndFollow(customer, { bankCode: ACCESS_BANK, accountNumber: PASTOR_BRIGHT.accountNumber, bvn: '' })).toEqual([
      'success: Your bank details were saved.',
    ]);
    expect(await customFieldsOf(bank.t, customer.id)).toMatchObject({
      ext_pay_b_account_number: PASTOR_BRIGHT.accountNumber,
      ext_pay_b_account_name: 'Pastor Bright',
      ext_pay_b_bvn: '22212345678',
    });
  });

  it('refuses to save without a verification in this session', async () => {
    const customer = await loggedInCustomer(bank.t);
    expect(await saveAndFollow(customer, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber })).toEqual([
      'danger: Please verify your account number before saving.',
    ]);
    await expectNothingStored(customer);
  });

  it('refuses a number or bank other than the verified one, and still saves the verified one afterwards', async () => {
    const customer = await loggedInCustomer(bank.t);
    await verified(customer);
    expect(await saveAndFollow(customer, { bankCode: ACCESS_BANK, accountNumber: PASTOR_BRIGHT.accountNumber })).toEqual([
      'danger: The bank details do not match the account you verified. Please verify them again.',
    ]);
    expect(await saveAndFollow(customer, { bankCode: '058', accountNumber: FORREST_GREEN.accountNumber })).toEqual([
      'danger: The bank details do not match the account you verified. Please verify them again.',
    ]);
    await expectNothingStored(customer);
    expect(await saveAndFollow(customer, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber })).toEqual(['success: Your bank details were saved.']);
    expect((await customFieldsOf(bank.t, customer.id))[CUSTOMER_BANK_FIELDS.accountName]).toBe('Forrest Green');
  });

  it("refuses another customer's verification carried into the session by a login in the same browser", async () => {
    const first = await loggedInCustomer(bank.t);
    const second = await loggedInCustomer(bank.t);
    await verified(first);
    // the first customer's browser logs in as the second: the login keeps the context payload
    const login = await first.browser.request('POST', '/account/login', {
      form: { _csrf_token: await csrfOf(first.browser), email: second.data.email, password: second.data.password },
    });
    expect(login.statusCode).toBe(302);
    const switched: Customer = { ...second, browser: first.browser };
    expect((await sessionPayloadOf(bank.t, switched))[VERIFICATION_PAYLOAD_KEY]).toMatchObject({ customerId: first.id });

    expect(await saveAndFollow(switched, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber })).toEqual([
      'danger: Please verify your account number before saving.',
    ]);
    await expectNothingStored(second);
    await expectNothingStored(first);
    expect((await sessionPayloadOf(bank.t, switched))[VERIFICATION_PAYLOAD_KEY]).toBeUndefined();
  });

  it('refuses an expired verification (older than 30 minutes)', async () => {
    const customer = await loggedInCustomer(bank.t);
    await verified(customer);
    const token = customer.browser.cookies.get('sw-context-token')!;
    const longAgo = new Date(Date.now() - 31 * 60_000).toISOString();
    await sql`UPDATE sales_channel_api_context
      SET payload = jsonb_set(payload, ${`{${VERIFICATION_PAYLOAD_KEY},verifiedAt}`}::text[], to_jsonb(${longAgo}::text))
      WHERE token = ${token}`.execute(bank.t.platform.db);

    expect(await saveAndFollow(customer, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber })).toEqual([
      'danger: Your account verification has expired. Please verify the account again.',
    ]);
    await expectNothingStored(customer);
  });

  it('refuses malformed fields with a message each and stores nothing, keeping the verification', async () => {
    const customer = await loggedInCustomer(bank.t);
    await verified(customer);
    expect(await saveAndFollow(customer, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber, bvn: '1234' })).toEqual([
      'danger: The BVN must have exactly 11 digits.',
    ]);
    expect(await saveAndFollow(customer, { bankCode: '', accountNumber: 'abc', bvn: '1234567890x' })).toEqual([
      'danger: Choose your bank.',
      'danger: The account number may contain digits only.',
      'danger: The BVN must have exactly 11 digits.',
    ]);
    await expectNothingStored(customer);
    expect((await sessionPayloadOf(bank.t, customer))[VERIFICATION_PAYLOAD_KEY]).toMatchObject({ accountNumber: FORREST_GREEN.accountNumber });
  });

  it('keeps custom fields of others when saving', async () => {
    const customer = await loggedInCustomer(bank.t);
    await bank.t.platform.db
      .updateTable('customer')
      .set({ custom_fields: JSON.stringify({ other_extension_field: 'kept' }) })
      .where('id', '=', customer.id)
      .execute();
    await verified(customer);
    await saveAndFollow(customer, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber });
    expect(await customFieldsOf(bank.t, customer.id)).toMatchObject({ other_extension_field: 'kept', ext_pay_b_account_number: FORREST_GREEN.accountNumber });
  });
});
