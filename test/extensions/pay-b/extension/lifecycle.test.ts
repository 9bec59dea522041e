import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, configKey, readPayBSettings, readWebhookSecretHash } from '../../../../src/extensions/pay-b/config.js';
import { extPayB } from '../../../../src/extensions/pay-b/index.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { createTestPlatform } from '../../../helpers/test-platform.js';
import { expectConfigValues, expectInstalledMethodAndFields, expectSecretsHidden, expectUninstallKeepsData, expectUninstallRemovesData, lifecycleGateway } from '../../_gateway/lifecycle-checks.js';
import { useGatewayTest } from '../../_gateway/use-gateway-test.js';
import { payBHost } from '../pay-b-test-setup.js';

const GATEWAY = lifecycleGateway(extPayB, { fieldCount: 15, sandboxDefault: CONFIG_DEFAULTS.sandbox });

describe('ExtPayB install, settings and uninstall', () => {
  const t = useGatewayTest(() => createTestPlatform({ extensions: [extPayB] }));

  it('install creates the payment method, the custom fields of transactions and customers, and the config defaults', async () => {
    await expectInstalledMethodAndFields(t, GATEWAY, {
      method: { technicalName: 'ext_pay_b_payment', handlerIdentifier: 'ext_pay_b_payment', active: true },
      fields: [
        'ext_pay_b_account_name', 'ext_pay_b_account_number', 'ext_pay_b_bank_code', 'ext_pay_b_bank_name', 'ext_pay_b_bvn',
        'pay_b_amount_charged', 'pay_b_amount_settled', 'pay_b_currency', 'pay_b_customer', 'pay_b_payment_type',
        'pay_b_processed_events', 'pay_b_reference', 'pay_b_transaction_fee', 'pay_b_transaction_id', 'pay_b_verified_at',
      ],
      relations: [{ name: 'ext_pay_b_customer_bank', entity_name: 'customer' }, { name: 'ext_pay_b_transaction', entity_name: 'order_transaction' }],
    });

    await expectConfigValues(t, GATEWAY, {
      sandbox: true, apiBaseUrl: 'https://api.flutterwave.com', refundEnabled: true, collectBankData: false, bankCountry: 'NG', sessionDuration: 30, maxRetryAttempt: 5,
      minimumRefundAmount: { NGN: '100', KES: '10', default: '1' },
    });
  });

  it('keys and hashes are encrypted at rest and never returned; the active mode picks its key', async () => {
    const secrets = {
      'ExtPayB.config.secretKey': 'FLWSECK-live-0001', 'ExtPayB.config.secretKeySandbox': 'FLWSECK_TEST-0002',
      'ExtPayB.config.publicKey': 'FLWPUBK-live-0003', 'ExtPayB.config.publicKeySandbox': 'FLWPUBK_TEST-0004',
      'ExtPayB.config.secretHash': 'live-hash-0005', 'ExtPayB.config.secretHashSandbox': 'sandbox-hash-0006',
    };
    await expectSecretsHidden(t, GATEWAY, secrets);

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
    await expectUninstallRemovesData(t, GATEWAY);
  });

  it('uninstall keeping data keeps fields and config', async () => {
    await expectUninstallKeepsData(t, GATEWAY, 'secretKeySandbox', 'FLWSECK_TEST-kept');
  });
});
