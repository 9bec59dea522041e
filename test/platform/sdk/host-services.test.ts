import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Extension } from '../../../src/platform/extensions.js';
import type { ExtensionHost } from '../../../src/platform/sdk/index.js';
import { newId } from '../../../src/platform/ids.js';
import { createOrderFixture } from '../../fixtures/orders.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

const extension: Extension = {
  name: 'ExtHostServicesTest',
  version: '1.0.0',
  migrations: [
    {
      name: '0001_vault',
      async up(db) {
        await sql`CREATE TABLE ext_host_vault (id uuid PRIMARY KEY, name varchar(255) NOT NULL, token text NULL,
          custom_fields jsonb NULL, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NULL)`.execute(db);
      },
      async down(db) {
        await sql`DROP TABLE ext_host_vault`.execute(db);
      },
    },
  ],
  entities: [{ name: 'ext_host_vault', fields: { name: { type: 'string', required: true, maxLength: 255 }, token: { type: 'secret' } } }],
};

describe('host services extensions reach host tables through', () => {
  let t: TestPlatform;
  let host: ExtensionHost;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [extension] });
    host = t.platform.extensions.hostOf(extension.name);
  });
  afterAll(() => t.close());

  describe('order transactions', () => {
    it('load gives the transaction with its order, currency, state and exact amount; unknown or malformed ids give undefined', async () => {
      const order = await createOrderFixture(t.platform, { unitPriceMinor: 1999, quantity: 2 });
      const view = await host.orderTransactions.load(order.transactionId);
      expect(view).toMatchObject({
        id: order.transactionId,
        orderId: order.orderId,
        state: 'open',
        currency: { isoCode: 'EUR', decimals: 2 },
        amountTotal: 39.98,
        amountMinor: 3998,
        customFields: {},
      });
      expect(view!.orderNumber).toMatch(/^T-/);
      expect(view!.createdAt).toBeInstanceOf(Date);
      expect(await host.orderTransactions.load(newId())).toBeUndefined();
      expect(await host.orderTransactions.load("x' OR 1=1 --")).toBeUndefined();
    });

    it('mergeCustomFields merges in one statement, a null removes its key; idsByCustomField finds by value', async () => {
      const order = await createOrderFixture(t.platform, {});
      await host.orderTransactions.mergeCustomFields(host.db, order.transactionId, { ext_a: 'one', ext_b: [1, 2] });
      await host.orderTransactions.mergeCustomFields(host.db, order.transactionId, { ext_a: null, ext_c: { nested: true } });
      expect((await host.orderTransactions.load(order.transactionId))!.customFields).toEqual({ ext_b: [1, 2], ext_c: { nested: true } });
      await host.orderTransactions.mergeCustomFields(host.db, order.transactionId, { ext_ref: 12345 });
      expect(await host.orderTransactions.idsByCustomField('ext_ref', '12345')).toEqual([order.transactionId]);
      expect(await host.orderTransactions.idsByCustomField('ext_ref', 12345, { paymentMethodId: newId() })).toEqual([]);
    });

    it("an extension is not lent the transaction's row lock; the host's loadForUpdate serializes concurrent read-modify-write", async () => {
      expect(host.orderTransactions).not.toHaveProperty('loadForUpdate');
      const order = await createOrderFixture(t.platform, {});
      const increment = () =>
        host.transaction(async (uow) => {
          const locked = await t.platform.orderTransactions.loadForUpdate(uow, order.transactionId);
          const count = typeof locked!.customFields.ext_count === 'number' ? locked!.customFields.ext_count : 0;
          await host.orderTransactions.mergeCustomFields(uow, order.transactionId, { ext_count: count + 1 });
        });
      await Promise.all(Array.from({ length: 8 }, increment));
      expect((await host.orderTransactions.load(order.transactionId))!.customFields.ext_count).toBe(8);
    });

    it('payerOf gives the order customer and the billing phone', async () => {
      const order = await createOrderFixture(t.platform, {});
      expect(await host.orderTransactions.payerOf(order.orderId)).toEqual({ email: 'fixture@example.com', firstName: 'Fix', lastName: 'Ture', phone: null });
      expect(await host.orderTransactions.payerOf(newId())).toBeUndefined();
    });
  });

  describe('state machines', () => {
    it('transition answers moved, already or refused instead of throwing', async () => {
      const order = await createOrderFixture(t.platform, {});
      const move = (action: string) => host.stateMachines.transition({ entity: 'order_transaction', id: order.transactionId, action });
      expect(await move('paid')).toMatchObject({ result: 'moved', fromState: { technicalName: 'open' }, toState: { technicalName: 'paid' } });
      expect(await move('paid')).toMatchObject({ result: 'already', toState: { technicalName: 'paid' } });
      const refused = await move('remind');
      expect(refused).toMatchObject({ result: 'refused', fromState: { technicalName: 'paid' }, toState: { technicalName: 'paid' } });
      expect(refused.possibleActions).toContain('refund');
      expect((await host.stateMachines.currentState('order_transaction', order.transactionId)).technicalName).toBe('paid');
    });
  });

  describe('payment records', () => {
    it('recordRefund creates a pending capture and refund once; refundsOf and refundsByExternalReference read them', async () => {
      const order = await createOrderFixture(t.platform, {});
      const input = { orderTransactionId: order.transactionId, captureId: newId(), refundId: newId(), amountMinor: 1234, decimals: 2, externalReference: 'gw-77', reason: 'broken' };
      expect(await host.paymentRecords.recordRefund(input)).toEqual({ created: true });
      expect(await host.paymentRecords.recordRefund(input)).toEqual({ created: false });
      const refunds = await host.paymentRecords.refundsOf(order.transactionId, 2);
      expect(refunds).toEqual([
        expect.objectContaining({ id: input.refundId, captureId: input.captureId, externalReference: 'gw-77', state: 'open', amountMinor: 1234, amountTotal: 12.34, reason: 'broken' }),
      ]);
      const byReference = await host.paymentRecords.refundsByExternalReference('gw-77', (await host.orderTransactions.load(order.transactionId))!.paymentMethodId);
      expect(byReference.map((refund) => refund.id)).toEqual([input.refundId]);
      expect(await host.paymentRecords.refundsByExternalReference('gw-77', newId())).toEqual([]);
    });
  });

  describe('secret entity fields', () => {
    it('are encrypted at rest, never read back or filterable through the API, and decrypted by the owner with host.secrets', async () => {
      const created = await t.api('POST', '/api/ext-host-vault?_response=1', { body: { name: 'target', token: 'tok_super_secret_42' } });
      expect(created.statusCode).toBe(200);
      const id = created.json().data.id as string;
      expect(created.body).not.toContain('tok_super_secret_42');
      expect(created.json().data).not.toHaveProperty('token');
      const row = await host.db.selectFrom('ext_host_vault').select('token').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.token).not.toContain('tok_super_secret_42');
      expect(host.secrets.decrypt(row.token as string)).toBe('tok_super_secret_42');
      const filtered = await t.api('POST', '/api/search/ext-host-vault', { body: { filter: [{ type: 'equals', field: 'token', value: 'tok_super_secret_42' }] } });
      expect(filtered.statusCode).toBe(400);
      expect((await t.api('GET', `/api/ext-host-vault/${id}`)).body).not.toContain('token');
    });

    it('entities.names lists the registered entities, the extension\'s own included', () => {
      const names = host.entities.names();
      expect(names).toEqual(expect.arrayContaining(['product', 'order', 'ext_host_vault']));
    });
  });

  describe('settings', () => {
    it('config.get/set read and write system config values (secrets are the platform\'s concern)', async () => {
      await host.config.set(host.db, 'ExtHostServicesTest.config.title', 'Hello');
      expect(await host.config.get('ExtHostServicesTest.config.title')).toBe('Hello');
    });
  });
});
