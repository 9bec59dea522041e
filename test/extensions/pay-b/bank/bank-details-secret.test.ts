import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_BANK_FIELDS, SEAL_BANK_DETAILS_MIGRATION } from '../../../../src/extensions/pay-b/custom-fields.js';
import { EXTENSION_NAME } from '../../../../src/extensions/pay-b/config.js';
import { createLogger } from '../../../../src/platform/logger.js';
import { SecretBox } from '../../../../src/platform/security/secret-box.js';
import { textOf } from '../../../platform/storefront/pages/shop-fixtures.js';
import { rawCustomFieldsOf, storedCustomFieldsOf } from '../../_gateway-kit/bank-details-at-rest.js';
import { ACCESS_BANK, FORREST_GREEN, csrfOf, loggedInCustomer, saveDetails, startBankTest, verifyAccount, type BankTest, type Customer } from './bank-test-setup.js';

const BVN = '22212345678';
const SAVED = {
  [CUSTOMER_BANK_FIELDS.bankName]: 'Access Bank',
  [CUSTOMER_BANK_FIELDS.bankCode]: ACCESS_BANK,
  [CUSTOMER_BANK_FIELDS.accountNumber]: FORREST_GREEN.accountNumber,
  [CUSTOMER_BANK_FIELDS.accountName]: FORREST_GREEN.accountName,
  [CUSTOMER_BANK_FIELDS.bvn]: BVN,
};
const MASKED = { ...SAVED, [CUSTOMER_BANK_FIELDS.accountNumber]: '******0031', [CUSTOMER_BANK_FIELDS.bvn]: '*******5678' };

/**
 * Issue 25: gateway D's bank details (BVN included) were plain customer custom fields that the Admin API
 * and the customer's Store API account returned whole. Now: sealed at rest, masked in the Admin API,
 * the Store API, the profile page and the logs, whole only through the audited privileged route; details
 * saved in clear before are sealed by the extension's migration.
 */
describe('ExtPayB bank details are secrets', () => {
  let bank: BankTest;
  const logLines: string[] = [];
  const logger = createLogger('info', {
    destination: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
  beforeAll(async () => {
    bank = await startBankTest({ platform: { logger } });
  });
  afterAll(() => bank.close());

  /** A customer who verified and saved Forrest Green's account with a BVN in the storefront. */
  async function customerWithSavedDetails(): Promise<Customer> {
    const customer = await loggedInCustomer(bank.t);
    const verified = await verifyAccount(customer.browser, await csrfOf(customer.browser), { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber });
    expect(verified.statusCode).toBe(200);
    const saved = await saveDetails(customer.browser, { bankCode: ACCESS_BANK, accountNumber: FORREST_GREEN.accountNumber, bvn: BVN });
    expect(saved.headers.location).toBe('/account');
    return customer;
  }

  it('the storefront save stores the account number and BVN sealed: the row holds neither in clear', async () => {
    const customer = await customerWithSavedDetails();
    const row = await bank.t.platform.db.selectFrom('customer').selectAll().where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(FORREST_GREEN.accountNumber);
    expect(JSON.stringify(row)).not.toContain(BVN);
    expect(await storedCustomFieldsOf(bank.t, customer.id)).toEqual(SAVED);
  });

  it('the Admin API and the Store API show them masked, the profile page the masked number and "BVN On file"', async () => {
    const customer = await customerWithSavedDetails();
    const admin = await bank.t.api('GET', `/api/customer/${customer.id}`);
    expect(admin.json().data.customFields).toEqual(MASKED);

    const token = await bank.client.login(customer.data.email, customer.data.password);
    const account = await bank.client.storeApi('GET', '/store-api/account/customer', { token });
    expect(account.json().customFields).toEqual(MASKED);

    const profile = await customer.browser.get('/account');
    expect(textOf(profile.body)).toContain('Account number ******0031');
    expect(textOf(profile.body)).toContain('BVN On file');
    for (const answer of [admin, account, profile]) {
      expect(answer.body).not.toContain(FORREST_GREEN.accountNumber);
      expect(answer.body).not.toContain(BVN);
    }
  });

  it('the masked values sent back through the Admin API leave the stored ones alone', async () => {
    const customer = await customerWithSavedDetails();
    const before = await rawCustomFieldsOf(bank.t, customer.id);
    const read = (await bank.t.api('GET', `/api/customer/${customer.id}`)).json().data;
    expect((await bank.t.api('PATCH', `/api/customer/${customer.id}`, { body: { customFields: read.customFields } })).statusCode).toBe(204);
    expect(await rawCustomFieldsOf(bank.t, customer.id)).toEqual(before);
  });

  it('GET /api/_action/customer/{id}/bank-details answers them whole with customer_bank_details:read and audits it; 403 without', async () => {
    const customer = await customerWithSavedDetails();
    const refused = await bank.t.api('GET', `/api/_action/customer/${customer.id}/bank-details`, { token: await bank.t.tokenWithPrivileges(['customer:read']) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('FRAMEWORK__MISSING_PRIVILEGE_ERROR');

    const answer = await bank.t.api('GET', `/api/_action/customer/${customer.id}/bank-details`, { token: await bank.t.tokenWithPrivileges(['customer_bank_details:read']) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ customerId: customer.id, bankDetails: SAVED });
    const audit = await bank.t.platform.db.selectFrom('customer_bank_details_read').selectAll().where('customer_id', '=', customer.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.field_names).toEqual(Object.keys(SAVED));
  });

  it('logs show the account number masked and never the BVN', async () => {
    logLines.length = 0;
    await customerWithSavedDetails();
    const text = logLines.join('');
    expect(text).not.toContain(FORREST_GREEN.accountNumber);
    expect(text).not.toContain(BVN);
    const saved = logLines.map((line) => JSON.parse(line)).find((line) => line.msg === 'pay-b: bank details saved');
    expect(saved).toMatchObject({ account: '******0031', bvnGiven: true });
  });

  describe(`migration ${SEAL_BANK_DETAILS_MIGRATION.name}`, () => {
    const runAgain = async () => {
      await bank.t.platform.db.deleteFrom('migration').where('module', '=', EXTENSION_NAME).where('name', '=', SEAL_BANK_DETAILS_MIGRATION.name).execute();
      await bank.t.platform.extensions.sync();
    };
    const setRaw = (customerId: string, fields: Record<string, unknown>) =>
      sql`UPDATE customer SET custom_fields = ${JSON.stringify(fields)}::jsonb WHERE id = ${customerId}`.execute(bank.t.platform.db);

    it('seals details saved in clear before (a number as text), leaves sealed ones alone, and changes nothing when run again', async () => {
      const plain = await loggedInCustomer(bank.t);
      const numeric = await loggedInCustomer(bank.t);
      const sealed = await customerWithSavedDetails();
      await setRaw(plain.id, { ...SAVED, other_extension_field: 'kept' });
      await setRaw(numeric.id, { [CUSTOMER_BANK_FIELDS.accountNumber]: 690000032 });
      const sealedBefore = await rawCustomFieldsOf(bank.t, sealed.id);
      // even before the migration, reads mask what is still in clear
      expect((await bank.t.api('GET', `/api/customer/${plain.id}`)).json().data.customFields).toMatchObject(MASKED);

      await runAgain();
      const plainAfter = await rawCustomFieldsOf(bank.t, plain.id);
      for (const name of [CUSTOMER_BANK_FIELDS.accountNumber, CUSTOMER_BANK_FIELDS.bvn]) expect(SecretBox.isSealed(plainAfter[name] as string), name).toBe(true);
      expect(await storedCustomFieldsOf(bank.t, plain.id)).toEqual({ ...SAVED, other_extension_field: 'kept' });
      expect(await storedCustomFieldsOf(bank.t, numeric.id)).toEqual({ [CUSTOMER_BANK_FIELDS.accountNumber]: '690000032' });
      expect(await rawCustomFieldsOf(bank.t, sealed.id)).toEqual(sealedBefore);

      const numericAfter = await rawCustomFieldsOf(bank.t, numeric.id);
      await runAgain();
      expect(await rawCustomFieldsOf(bank.t, plain.id)).toEqual(plainAfter);
      expect(await rawCustomFieldsOf(bank.t, numeric.id)).toEqual(numericAfter);
      expect(await rawCustomFieldsOf(bank.t, sealed.id)).toEqual(sealedBefore);
    });
  });
});
