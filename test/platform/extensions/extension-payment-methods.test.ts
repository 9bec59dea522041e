import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import type { Extension } from '../../../src/platform/extensions.js';
import { paymentMethodIdOf } from '../../../src/platform/checkout/payment-method/extension-payment-methods.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';

const extension: Extension = {
  name: 'ExtPayTest',
  version: '1.0.0',
  paymentMethods: [{ technicalName: 'ext_pay_test_payment', name: 'Test gateway', description: 'Pay with the test gateway', handler: () => ({ pay: async () => undefined }) }],
};

describe('payment methods declared by an extension', () => {
  let t: TestPlatform;
  const id = paymentMethodIdOf('ext_pay_test_payment');
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [extension] });
  });
  afterAll(() => t.close());

  const row = () => t.platform.db.selectFrom('payment_method').selectAll().where('id', '=', id).executeTakeFirst();
  const assigned = async () =>
    Boolean(
      await t.platform.db
        .selectFrom('sales_channel_payment_method')
        .select('payment_method_id')
        .where('sales_channel_id', '=', DEFAULT_SALES_CHANNEL_ID)
        .where('payment_method_id', '=', id)
        .executeTakeFirst(),
    );

  it('install creates the method, active and offered in every sales channel, with its handler available', async () => {
    expect(await row()).toMatchObject({ technical_name: 'ext_pay_test_payment', name: 'Test gateway', handler_identifier: 'ext_pay_test_payment', active: true });
    expect(await assigned()).toBe(true);
    expect(t.platform.payments.isAvailable('ext_pay_test_payment')).toBe(true);
  });

  it('the handler is unavailable while the extension is inactive', async () => {
    await t.platform.extensions.deactivate('ExtPayTest');
    expect(t.platform.payments.isAvailable('ext_pay_test_payment')).toBe(false);
    await t.platform.extensions.activate('ExtPayTest');
    expect(t.platform.payments.isAvailable('ext_pay_test_payment')).toBe(true);
  });

  it('uninstall without keeping data switches the method off (orders still refer to it); install switches it on again', async () => {
    await t.platform.db.updateTable('payment_method').set({ name: 'Renamed by the merchant' }).where('id', '=', id).execute();
    await t.platform.extensions.uninstall('ExtPayTest', false);
    expect(await row()).toMatchObject({ active: false });
    expect(t.platform.payments.isAvailable('ext_pay_test_payment')).toBe(false);

    await t.platform.extensions.install('ExtPayTest');
    await t.platform.extensions.activate('ExtPayTest');
    expect(await row()).toMatchObject({ active: true, name: 'Renamed by the merchant' });
    expect(t.platform.payments.isAvailable('ext_pay_test_payment')).toBe(true);
  });
});
