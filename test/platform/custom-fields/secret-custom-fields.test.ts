import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extension } from '../../../src/platform/extensions.js';
import { createLogger } from '../../../src/platform/logger.js';
import { SecretBox } from '../../../src/platform/security/secret-box.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';

const ACCOUNT = '0690000031';
const OTHER_ACCOUNT = '0690000032';
const PRIVILEGE = 'customer_bank_details:read';

/** An extension declaring one secret customer custom field (and a plain one in the same set). */
const extBankFields: Extension = {
  name: 'ExtSecretFieldsTest',
  version: '1.0.0',
  customFieldSets: [
    {
      name: 'test_bank_details',
      relations: ['customer'],
      fields: [
        { name: 'test_bank_name', type: 'text' },
        { name: 'test_account_number', type: 'text', secret: true },
      ],
    },
  ],
};

/**
 * Secret custom fields (issue 25: bank details were plain custom fields the Admin API and the Store API
 * returned whole): sealed at rest through every write, masked in every read, whole only through the
 * audited privileged route.
 */
describe('secret custom fields', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
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
    t = await createTestPlatform({ extensions: [extBankFields], logger });
    client = await createStoreApiClient(t);
  });
  afterAll(() => t.close());

  const rawRow = async (id: string) => {
    const row = await t.platform.db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { row: JSON.stringify(row), customFields: (row.custom_fields ?? {}) as Record<string, unknown> };
  };

  /** A customer registered through the Store API, bank details written through the Admin API. */
  async function customerWithBankDetails(accountNumber = ACCOUNT) {
    const account = await client.registerCustomerAccount();
    const patched = await t.api('PATCH', `/api/customer/${account.customer.id}`, {
      body: { customFields: { test_bank_name: 'Access Bank', test_account_number: accountNumber, unrelated: 'x' } },
    });
    expect(patched.statusCode, patched.body).toBe(204);
    return account;
  }

  it('stores the value sealed, never in clear', async () => {
    const { customer } = await customerWithBankDetails();
    const { row, customFields } = await rawRow(customer.id);
    expect(row).not.toContain(ACCOUNT);
    expect(SecretBox.isSealed(customFields.test_account_number as string)).toBe(true);
    expect(t.platform.secrets.decrypt(customFields.test_account_number as string)).toBe(ACCOUNT);
    expect(customFields).toMatchObject({ test_bank_name: 'Access Bank', unrelated: 'x' });
  });

  it('masks it in every Admin API read: by id, list, search, association and JSON:API', async () => {
    const { customer } = await customerWithBankDetails();
    const masked = { test_bank_name: 'Access Bank', test_account_number: '******0031', unrelated: 'x' };

    const byId = await t.api('GET', `/api/customer/${customer.id}`);
    expect(byId.json().data.customFields).toEqual(masked);
    const listed = await t.api('GET', `/api/customer?filter[id]=${customer.id}`);
    expect(listed.json().data.map((c: { customFields: unknown }) => c.customFields)).toEqual([masked]);
    const searched = await t.api('POST', '/api/search/customer', { body: { ids: [customer.id], includes: { customer: ['customFields'] } } });
    expect(searched.json().data[0].customFields).toEqual(masked);
    const throughAddress = await t.api('POST', '/api/search/customer-address', {
      body: { filter: [{ type: 'equals', field: 'customerId', value: customer.id }], associations: { customer: {} } },
    });
    expect(throughAddress.json().data[0].customer.customFields).toEqual(masked);
    const jsonApi = await t.api('GET', `/api/customer/${customer.id}`, { headers: { accept: 'application/vnd.api+json' } });
    expect(jsonApi.statusCode).toBe(200);
    expect(jsonApi.body).toContain('******0031');
    for (const answer of [byId, listed, searched, throughAddress, jsonApi]) expect(answer.body).not.toContain(ACCOUNT);
  });

  it("masks it in the customer's own Store API account and context", async () => {
    const { token, customer } = await customerWithBankDetails();
    const account = await client.storeApi('GET', '/store-api/account/customer', { token });
    expect(account.statusCode).toBe(200);
    expect(account.json().customFields).toMatchObject({ test_account_number: '******0031' });
    const context = await client.storeApi('GET', '/store-api/context', { token });
    expect(context.json().customer.id).toBe(customer.id);
    for (const answer of [account, context]) expect(answer.body).not.toContain(ACCOUNT);
  });

  it('a mask sent back leaves the stored value alone; a new value replaces it; null clears it; a non-text value is refused unquoted', async () => {
    const { customer } = await customerWithBankDetails();
    const stored = (await rawRow(customer.id)).customFields.test_account_number;

    const echoed = await t.api('PATCH', `/api/customer/${customer.id}`, { body: { customFields: { test_account_number: '******0031', test_bank_name: 'GTBank' } } });
    expect(echoed.statusCode).toBe(204);
    expect((await rawRow(customer.id)).customFields).toMatchObject({ test_account_number: stored, test_bank_name: 'GTBank' });

    expect((await t.api('PATCH', `/api/customer/${customer.id}`, { body: { customFields: { test_account_number: OTHER_ACCOUNT } } })).statusCode).toBe(204);
    const replaced = (await rawRow(customer.id)).customFields.test_account_number as string;
    expect(replaced).not.toBe(stored);
    expect(t.platform.secrets.decrypt(replaced)).toBe(OTHER_ACCOUNT);

    const refused = await t.api('PATCH', `/api/customer/${customer.id}`, { body: { customFields: { test_account_number: 690000033 } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: 'FRAMEWORK__WRITE_CONSTRAINT_VIOLATION', source: { pointer: '/customFields/test_account_number' } });
    expect(refused.body).not.toContain('690000033');
    expect((await rawRow(customer.id)).customFields.test_account_number).toBe(replaced);

    expect((await t.api('PATCH', `/api/customer/${customer.id}`, { body: { customFields: { test_account_number: null } } })).statusCode).toBe(204);
    expect((await rawRow(customer.id)).customFields.test_account_number).toBeNull();
    expect((await t.api('GET', `/api/customer/${customer.id}`)).json().data.customFields.test_account_number).toBeNull();
  });

  describe('GET /api/_action/customer/{id}/bank-details', () => {
    const auditRows = (customerId: string) =>
      t.platform.db.selectFrom('customer_bank_details_read').selectAll().where('customer_id', '=', customerId).orderBy('read_at').execute();

    it('answers the details whole to an admin and audits the read (who, when, which customer; no values)', async () => {
      const { customer } = await customerWithBankDetails();
      logLines.length = 0;
      const before = Date.now();
      const answer = await t.api('GET', `/api/_action/customer/${customer.id}/bank-details`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toEqual({ customerId: customer.id, bankDetails: { test_bank_name: 'Access Bank', test_account_number: ACCOUNT } });

      const admin = await t.platform.db.selectFrom('user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
      const rows = await auditRows(customer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: admin.id, integration_id: null, field_names: ['test_bank_name', 'test_account_number'] });
      expect((rows[0]!.read_at as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(JSON.stringify(rows)).not.toContain(ACCOUNT);
      const logged = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'customer bank details read');
      expect(logged).toEqual([expect.objectContaining({ customerId: customer.id, userId: admin.id, integrationId: null, fields: ['test_bank_name', 'test_account_number'] })]);
    });

    it(`answers an integration holding only ${PRIVILEGE}, audited as that integration`, async () => {
      const { customer } = await customerWithBankDetails();
      const token = await t.tokenWithPrivileges([PRIVILEGE]);
      const answer = await t.api('GET', `/api/_action/customer/${customer.id}/bank-details`, { token });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().bankDetails.test_account_number).toBe(ACCOUNT);
      const rows = await auditRows(customer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.user_id).toBeNull();
      expect(rows[0]!.integration_id).toMatch(/^[0-9a-f-]{32,36}$/);
    });

    it(`403 FRAMEWORK__MISSING_PRIVILEGE_ERROR without ${PRIVILEGE} (customer read and write rights are not enough), nothing audited; the generic read stays masked`, async () => {
      const { customer } = await customerWithBankDetails();
      const token = await t.tokenWithPrivileges(['customer:read', 'customer:update', 'customer_address:read']);
      const refused = await t.api('GET', `/api/_action/customer/${customer.id}/bank-details`, { token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].code).toBe('FRAMEWORK__MISSING_PRIVILEGE_ERROR');
      expect(refused.json().errors[0].detail).toContain(PRIVILEGE);
      expect(refused.body).not.toContain(ACCOUNT);
      expect(await auditRows(customer.id)).toEqual([]);
      const read = await t.api('GET', `/api/customer/${customer.id}`, { token });
      expect(read.json().data.customFields.test_account_number).toBe('******0031');
    });

    it('404 for an unknown customer (after the privilege check), nothing audited', async () => {
      const unknown = '0123456789abcdef0123456789abcdef';
      const answer = await t.api('GET', `/api/_action/customer/${unknown}/bank-details`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().errors[0].code).toBe('FRAMEWORK__RESOURCE_NOT_FOUND');
      expect(await auditRows(unknown)).toEqual([]);
      const refused = await t.api('GET', `/api/_action/customer/${unknown}/bank-details`, { token: await t.tokenWithPrivileges(['customer:read']) });
      expect(refused.statusCode).toBe(403);
    });

    it('answers {} for a customer without bank details (the read is still audited)', async () => {
      const { customer } = await client.registerCustomerAccount();
      const answer = await t.api('GET', `/api/_action/customer/${customer.id}/bank-details`);
      expect(answer.json()).toEqual({ customerId: customer.id, bankDetails: {} });
      expect(await auditRows(customer.id)).toHaveLength(1);
    });
  });

  it('gives extension code the value whole through host.secrets.openCustomFields, and undefined for no record', async () => {
    const { customer } = await customerWithBankDetails();
    const host = t.platform.extensions.hostOf(extBankFields.name);
    expect(await host.secrets.openCustomFields('customer', customer.id)).toEqual({ test_bank_name: 'Access Bank', test_account_number: ACCOUNT });
    expect(await host.secrets.openCustomFields('customer', '0123456789abcdef0123456789abcdef')).toBeUndefined();
    // the repository, like every read, masks it
    expect((await host.repository('customer').get(customer.id, { source: { type: 'system' } }))?.customFields).toMatchObject({ test_account_number: '******0031' });
  });

  it('never logs the value whole', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(ACCOUNT);
    expect(logLines.join('')).not.toContain(OTHER_ACCOUNT);
  });
});
