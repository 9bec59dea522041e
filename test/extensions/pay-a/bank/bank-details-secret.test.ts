import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_NAME } from '../../../../src/extensions/pay-a/config.js';
import { CUSTOMER_BANK_FIELDS, SEAL_BANK_DETAILS_MIGRATION } from '../../../../src/extensions/pay-a/custom-fields.js';
import { SecretBox } from '../../../../src/platform/security/secret-box.js';
import { rawCustomFieldsOf, storedCustomFieldsOf } from '../../_gateway-kit/bank-details-at-rest.js';
import { startPayATest, type PayATest } from '../pay-a-test-setup.js';

const ACCOUNT = '0123456789';
const SAVED = {
  [CUSTOMER_BANK_FIELDS.bankName]: 'Guaranty Trust Bank',
  [CUSTOMER_BANK_FIELDS.bankCode]: '058',
  [CUSTOMER_BANK_FIELDS.accountNumber]: ACCOUNT,
  [CUSTOMER_BANK_FIELDS.accountName]: 'ADAEZE OKAFOR',
};
const MASKED = { ...SAVED, [CUSTOMER_BANK_FIELDS.accountNumber]: '******6789' };

/**
 * Issue 25 for gateway A: account numbers saved as plain customer custom fields are sealed by the
 * extension's migration (run again, it changes nothing), every API read masks them and the audited
 * privileged route answers them whole.
 */
describe('ExtPayA bank details are secrets', () => {
  let test: PayATest;
  beforeAll(async () => {
    test = await startPayATest({ config: { collectBankData: true } });
  });
  afterAll(() => test.close());

  const runMigrationAgain = async () => {
    await test.t.platform.db.deleteFrom('migration').where('module', '=', EXTENSION_NAME).where('name', '=', SEAL_BANK_DETAILS_MIGRATION.name).execute();
    await test.t.platform.extensions.sync();
  };

  it('the migration seals account numbers stored in clear, idempotently; the Admin API and the Store API mask them; the privileged route answers them whole', async () => {
    const account = await test.client.registerCustomerAccount();
    const customerId = account.customer.id;
    await sql`UPDATE customer SET custom_fields = ${JSON.stringify(SAVED)}::jsonb WHERE id = ${customerId}`.execute(test.t.platform.db);

    await runMigrationAgain();
    const sealed = await rawCustomFieldsOf(test.t, customerId);
    expect(SecretBox.isSealed(sealed[CUSTOMER_BANK_FIELDS.accountNumber] as string)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain(ACCOUNT);
    expect(await storedCustomFieldsOf(test.t, customerId)).toEqual(SAVED);
    await runMigrationAgain();
    expect(await rawCustomFieldsOf(test.t, customerId)).toEqual(sealed);

    const admin = await test.t.api('GET', `/api/customer/${customerId}`);
    expect(admin.json().data.customFields).toEqual(MASKED);
    const own = await test.client.storeApi('GET', '/store-api/account/customer', { token: account.token });
    expect(own.json().customFields).toEqual(MASKED);
    for (const answer of [admin, own]) expect(answer.body).not.toContain(ACCOUNT);

    const whole = await test.t.api('GET', `/api/_action/customer/${customerId}/bank-details`, { token: await test.t.tokenWithPrivileges(['customer_bank_details:read']) });
    expect(whole.json()).toEqual({ customerId, bankDetails: SAVED });
    const refused = await test.t.api('GET', `/api/_action/customer/${customerId}/bank-details`, { token: await test.t.tokenWithPrivileges(['customer:read']) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('FRAMEWORK__MISSING_PRIVILEGE_ERROR');
  });
});
