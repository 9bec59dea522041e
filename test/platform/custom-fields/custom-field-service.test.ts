import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import type { CustomFieldSetDeclaration } from '../../../src/platform/extensions.js';

describe('custom field sets declared by extensions', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  const declaration = (fields: string[], relations = ['order_transaction']): CustomFieldSetDeclaration => ({
    name: 'pay_test',
    label: { 'en-GB': 'Pay test' },
    relations,
    fields: fields.map((name) => ({ name, type: 'text', label: { 'en-GB': name } })),
  });

  const snapshot = async () => {
    const set = await t.platform.db.selectFrom('custom_field_set').selectAll().where('name', '=', 'pay_test').executeTakeFirst();
    // only this set's rows: the extensions main.ts lists have their own sets in every test database
    const fields = await t.platform.db
      .selectFrom('custom_field')
      .select(['id', 'name', 'type', 'config'])
      .where('name', 'like', 'pay\\_test\\_%')
      .orderBy('name')
      .execute();
    const relations = await t.platform.db
      .selectFrom('custom_field_set_relation as r')
      .innerJoin('custom_field_set as s', 's.id', 'r.custom_field_set_id')
      .select('r.entity_name')
      .where('s.name', '=', 'pay_test')
      .orderBy('r.entity_name')
      .execute();
    return { set, fields, relations: relations.map((r) => r.entity_name) };
  };

  it('creates the set, its fields and relations', async () => {
    await t.platform.customFields.syncSets(t.platform.db, [declaration(['pay_test_reference', 'pay_test_fee'])]);
    const { set, fields, relations } = await snapshot();
    expect(set).toMatchObject({ name: 'pay_test', config: { label: { 'en-GB': 'Pay test' } }, active: true });
    expect(fields.map((f) => f.name)).toEqual(['pay_test_fee', 'pay_test_reference']);
    expect(fields[0]!.config).toEqual({ label: { 'en-GB': 'pay_test_fee' } });
    expect(relations).toEqual(['order_transaction']);
  });

  it('syncing again is idempotent and keeps ids', async () => {
    const before = await snapshot();
    await t.platform.customFields.syncSets(t.platform.db, [declaration(['pay_test_reference', 'pay_test_fee'])]);
    const after = await snapshot();
    expect(after.set!.id).toBe(before.set!.id);
    expect(after.fields.map((f) => f.id)).toEqual(before.fields.map((f) => f.id));
  });

  it('fields and relations no longer declared are removed; new ones added', async () => {
    await t.platform.customFields.syncSets(t.platform.db, [declaration(['pay_test_reference', 'pay_test_customer'], ['order_transaction', 'customer'])]);
    const { fields, relations } = await snapshot();
    expect(fields.map((f) => f.name)).toEqual(['pay_test_customer', 'pay_test_reference']);
    expect(relations).toEqual(['customer', 'order_transaction']);
  });

  it('removeSets deletes the set with its fields and relations', async () => {
    await t.platform.customFields.removeSets(t.platform.db, ['pay_test']);
    const { set, fields, relations } = await snapshot();
    expect(set).toBeUndefined();
    expect(fields).toEqual([]);
    expect(relations).toEqual([]);
  });
});
