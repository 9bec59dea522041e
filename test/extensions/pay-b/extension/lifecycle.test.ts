import { payBHost } from '../pay-b-test-setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, configKey, readPayBSettings, readWebhookSecretHash } from '../../../../src/extensions/pay-b/config.js';
import { PAY_B_PAYMENT_METHOD } from '../../../../src/extensions/pay-b/config.js';
import { paymentMethodIdOf } from '../../../../src/platform/checkout/payment-method/extension-payment-methods.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { extPayB } from '../../../../src/extensions/pay-b/index.js';

const METHOD_ID = paymentMethodIdOf(PAY_B_PAYMENT_METHOD);

async function customFieldNames(t: TestPlatform): Promise<string[]> {
  const rows = await t.platform.db
    .selectFrom('custom_field as f')
    .innerJoin('custom_field_set as s', 's.id', 'f.custom_field_set_id')
    .select(['f.name'])
    .where('s.name', 'like', 'ext\\_pay\\_b\\_%')
    .orderBy('f.name')
    .execute();
  return rows.map((r) => r.name);
}

describe('ExtPayB install, settings and uninstall', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ extensions: [extPayB] });
  });
  afterAll(() => t.close());

  it('install creates the payment method, the custom fields of transactions and customers, and the config defaults', async () => {
    const method = (await t.api('GET', `/api/payment-method/${METHOD_ID}`)).json().data;
    expect(method).toMatchObject({ technicalName: 'ext_pay_b_payment', handlerIdentifier: 'ext_pay_b_payment', active: true });
    const channels = await t.platform.db.selectFrom('sales_channel_payment_method').select('sales_channel_id').where('payment_method_id', '=', METHOD_ID).execute();
    expect(channels.map((c) => c.sales_channel_id)).toContain(DEFAULT_SALES_CHANNEL_ID);

    expect(await customFieldNames(t)).toEqual([
      'ext_pay_b_account_name',
      'ext_pay_b_account_number',
      'ext_pay_b_bank_code',
      'ext_pay_b_bank_name',
      'ext_pay_b_bvn',
      'pay_b_amount_charged',
      'pay_b_amount_settled',
      'pay_b_currency',
      'pay_b_customer',
      'pay_b_payment_type',
      'pay_b_processed_events',
      'pay_b_reference',
      'pay_b_transaction_fee',
      'pay_b_transaction_id',
      'pay_b_verified_at',
    ]);
    const relations = await t.platform.db
      .selectFrom('custom_field_set_relation as r')
      .innerJoin('custom_field_set as s', 's.id', 'r.custom_field_set_id')
      .select(['s.name', 'r.entity_name'])
      .where('s.name', 'like', 'ext\\_pay\\_b\\_%')
      .orderBy('s.name')
      .execute();
    expect(relations).toEqual([
      { name: 'ext_pay_b_customer_bank', entity_name: 'customer' },
      { name: 'ext_pay_b_transaction', entity_name: 'order_transaction' },
    ]);

    const config = (await t.api('GET', '/api/_action/system-config?domain=ExtPayB.config')).json();
    expect(config).toMatchObject({
      'ExtPayB.config.sandbox': true,
      'ExtPayB.config.apiBaseUrl': 'https://api.flutterwave.com',
      'ExtPayB.config.refundEnabled': true,
      'ExtPayB.config.collectBankData': false,
      'ExtPayB.config.bankCountry': 'NG',
      'ExtPayB.config.sessionDuration': 30,
      'ExtPayB.config.maxRetryAttempt': 5,
    });
    expect(config['ExtPayB.config.minimumRefundAmount']).toMatchObject({ NGN: '100', KES: '10', default: '1' });
  });

  it('keys and hashes are encrypted at rest and never returned; the active mode picks its key', async () => {
    const secrets = {
      'ExtPayB.config.secretKey': 'FLWSECK-live-0001',
      'ExtPayB.config.secretKeySandbox': 'FLWSECK_TEST-0002',
      'ExtPayB.config.publicKey': 'FLWPUBK-live-0003',
      'ExtPayB.config.publicKeySandbox': 'FLWPUBK_TEST-0004',
      'ExtPayB.config.secretHash': 'live-hash-0005',
      'ExtPayB.config.secretHashSandbox': 'sandbox-hash-0006',
    };
    expect((await t.api('POST', '/api/_action/system-config', { body: secrets })).statusCode).toBe(204);
    const read = await t.api('GET', '/api/_action/system-config?domain=ExtPayB.config');
    for (const [key, value] of Object.entries(secrets)) {
      expect(read.json()[key]).toEqual({ secretSet: true });
      expect(read.body).not.toContain(value);
    }
    const stored = await t.platform.db.selectFrom('system_config').select('configuration_value').where('configuration_key', 'like', 'ExtPayB.%').execute();
    for (const value of Object.values(secrets)) expect(JSON.stringify(stored)).not.toContain(value);

    const sandbox = await readPayBSettings(payBHost(t.platform), DEFAULT_SALES_CHANNEL_ID);
    expect(sandbox).toMatchObject({ sandbox: true, secretKey: 'FLWSECK_TEST-0002', publicKey: 'FLWPUBK_TEST-0004' });
    expect(await readWebhookSecretHash(payBHost(t.platform))).toBe('sandbox-hash-0006');

    await t.platform.systemConfig.set(t.platform.db, configKey('sandbox'), false);
    expect(await readPayBSettings(payBHost(t.platform), DEFAULT_SALES_CHANNEL_ID)).toMatchObject({ sandbox: false, secretKey: 'FLWSECK-live-0001', publicKey: 'FLWPUBK-live-0003' });
    expect(await readWebhookSecretHash(payBHost(t.platform))).toBe('live-hash-0005');
    await t.platform.systemConfig.set(t.platform.db, configKey('sandbox'), true);
  });

  it('webhook hashes come from the global scope only; other settings follow the sales channel', async () => {
    await t.platform.systemConfig.set(t.platform.db, configKey('secretHashSandbox'), 'channel-hash', DEFAULT_SALES_CHANNEL_ID);
    await t.platform.systemConfig.set(t.platform.db, configKey('sandbox'), false, DEFAULT_SALES_CHANNEL_ID);
    expect(await readWebhookSecretHash(payBHost(t.platform))).toBe('sandbox-hash-0006');

    await t.platform.systemConfig.set(t.platform.db, configKey('title'), 'Channel shop', DEFAULT_SALES_CHANNEL_ID);
    const settings = await readPayBSettings(payBHost(t.platform), DEFAULT_SALES_CHANNEL_ID);
    expect(settings).toMatchObject({ title: 'Channel shop', sandbox: false, secretKey: 'FLWSECK-live-0001' });
    expect((await readPayBSettings(payBHost(t.platform), null)).title).toBeNull();
    await t.platform.systemConfig.set(t.platform.db, configKey('sandbox'), null, DEFAULT_SALES_CHANNEL_ID);
  });

  it('odd setting values fall back to safe readings', async () => {
    await t.platform.systemConfig.set(t.platform.db, configKey('minimumRefundAmount'), { ngn: '250', KES: 'ten', USD: 2 });
    await t.platform.systemConfig.set(t.platform.db, configKey('sessionDuration'), 'forever');
    await t.platform.systemConfig.set(t.platform.db, configKey('maxRetryAttempt'), '3');
    await t.platform.systemConfig.set(t.platform.db, configKey('apiBaseUrl'), 'http://127.0.0.1:9999///');
    const settings = await readPayBSettings(payBHost(t.platform), null);
    expect(settings.minimumRefundAmount).toMatchObject({ NGN: '250', KES: '10', USD: '2', default: '1' });
    expect(settings.sessionDuration).toBeNull();
    expect(settings.maxRetryAttempt).toBe(3);
    expect(settings.apiBaseUrl).toBe('http://127.0.0.1:9999');
  });

  it('uninstall without keeping data removes the custom fields and the config (secrets included) and switches the method off; install restores the defaults', async () => {
    await t.platform.extensions.uninstall('ExtPayB', false);
    expect(await customFieldNames(t)).toEqual([]);
    const left = await t.platform.db.selectFrom('system_config').select('configuration_key').where('configuration_key', 'like', 'ExtPayB.%').execute();
    expect(left).toEqual([]);
    expect((await t.api('GET', `/api/payment-method/${METHOD_ID}`)).json().data.active).toBe(false);

    await t.platform.extensions.install('ExtPayB');
    await t.platform.extensions.activate('ExtPayB');
    expect(await customFieldNames(t)).toHaveLength(15);
    expect(await t.platform.systemConfig.get(configKey('sandbox'))).toBe(CONFIG_DEFAULTS.sandbox);
    expect(await t.platform.systemConfig.get(configKey('secretKey'))).toBeNull();
    expect((await t.api('GET', `/api/payment-method/${METHOD_ID}`)).json().data.active).toBe(true);
  });

  it('uninstall keeping data keeps fields and config', async () => {
    await t.platform.systemConfig.set(t.platform.db, configKey('secretKeySandbox'), 'FLWSECK_TEST-kept');
    await t.platform.extensions.uninstall('ExtPayB', true);
    expect(await customFieldNames(t)).toHaveLength(15);
    expect(await t.platform.systemConfig.get(configKey('secretKeySandbox'))).toBe('FLWSECK_TEST-kept');
    await t.platform.extensions.install('ExtPayB');
    await t.platform.extensions.activate('ExtPayB');
  });
});
