import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, configKey, readPayASettings } from '../../../../src/extensions/pay-a/config.js';
import { extPayA } from '../../../../src/extensions/pay-a/index.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { createTestPlatform } from '../../../helpers/test-platform.js';
import { expectConfigValues, expectInstalledMethodAndFields, expectSecretsHidden, expectUninstallKeepsData, expectUninstallRemovesData, lifecycleGateway } from '../../_gateway/lifecycle-checks.js';
import { useGatewayTest } from '../../_gateway/use-gateway-test.js';
import { payAHost } from '../pay-a-test-setup.js';

const GATEWAY = lifecycleGateway(extPayA, { fieldCount: 12, sandboxDefault: CONFIG_DEFAULTS.sandbox });

describe('ExtPayA install, settings and uninstall', () => {
  const t = useGatewayTest(() => createTestPlatform({ extensions: [extPayA] }));

  it('install creates the payment method, the custom fields of transactions and customers, the privilege and the config defaults', async () => {
    await expectInstalledMethodAndFields(t, GATEWAY, {
      method: { technicalName: 'ext_pay_a_payment', handlerIdentifier: 'ext_pay_a_payment', active: true, name: 'Gateway A' },
      fields: [
        'ext_pay_a_account_name', 'ext_pay_a_account_number', 'ext_pay_a_bank_code', 'ext_pay_a_bank_name',
        'pay_a_amount', 'pay_a_channel', 'pay_a_currency', 'pay_a_fees', 'pay_a_processed_events', 'pay_a_reference', 'pay_a_transaction_id', 'pay_a_verified_at',
      ],
      relations: [{ name: 'ext_pay_a_customer_bank', entity_name: 'customer' }, { name: 'ext_pay_a_transaction', entity_name: 'order_transaction' }],
    });

    await expectConfigValues(t, GATEWAY, {
      sandbox: true, apiBaseUrl: 'https://api.paystack.co', refundEnabled: true, collectBankData: false,
      minimumRefundAmount: { default: '1', NGN: '50', USD: '2', GHS: '0.1', ZAR: '1', KES: '3', XOF: '1' },
    });
    expect(extPayA.privileges).toEqual(['pay_a.refund']);
  });

  it('serves the settings form with every setting of gateway A and no other', async () => {
    const schema = (await t.api('GET', '/api/_action/system-config/schema?domain=ExtPayA.config')).json();
    const names = (schema as Array<{ elements: Array<{ name: string }> }>).flatMap((card) => card.elements.map((element) => element.name));
    expect(names.sort()).toEqual(
      ['apiBaseUrl', 'collectBankData', 'minimumRefundAmount', 'publicKey', 'publicKeySandbox', 'recheckEnabled', 'recheckScheduleEndHours', 'refundEnabled', 'sandbox', 'secretKey', 'secretKeySandbox'].map((name) => `ExtPayA.config.${name}`),
    );
  });

  it('keys are encrypted at rest and never returned; the active mode picks its key; channel values win', async () => {
    const secrets = {
      'ExtPayA.config.secretKey': 'sk_live_0001-lifecycle', 'ExtPayA.config.secretKeySandbox': 'sk_test_0002-lifecycle',
      'ExtPayA.config.publicKey': 'pk_live_0003-lifecycle', 'ExtPayA.config.publicKeySandbox': 'pk_test_0004-lifecycle',
    };
    await expectSecretsHidden(t, GATEWAY, secrets);

    expect(await readPayASettings(payAHost(t.platform), DEFAULT_SALES_CHANNEL_ID)).toMatchObject({ sandbox: true, secretKey: 'sk_test_0002-lifecycle', publicKey: 'pk_test_0004-lifecycle' });
    await t.platform.systemConfig.set(t.platform.db, configKey('sandbox'), false, DEFAULT_SALES_CHANNEL_ID);
    await t.platform.systemConfig.set(t.platform.db, configKey('collectBankData'), true, DEFAULT_SALES_CHANNEL_ID);
    expect(await readPayASettings(payAHost(t.platform), DEFAULT_SALES_CHANNEL_ID)).toMatchObject({ sandbox: false, secretKey: 'sk_live_0001-lifecycle', collectBankData: true, bankCountry: 'NG' });
    expect(await readPayASettings(payAHost(t.platform), null)).toMatchObject({ sandbox: true, collectBankData: false });
    await t.platform.systemConfig.set(t.platform.db, configKey('sandbox'), null, DEFAULT_SALES_CHANNEL_ID);
    await t.platform.systemConfig.set(t.platform.db, configKey('collectBankData'), null, DEFAULT_SALES_CHANNEL_ID);
  });

  it('odd setting values fall back to safe readings', async () => {
    await t.platform.systemConfig.set(t.platform.db, configKey('minimumRefundAmount'), { ngn: '250', KES: 'ten', USD: 2 });
    await t.platform.systemConfig.set(t.platform.db, configKey('apiBaseUrl'), 'http://127.0.0.1:9999///');
    const settings = await readPayASettings(payAHost(t.platform), null);
    expect(settings.minimumRefundAmount).toMatchObject({ NGN: '250', USD: '2', default: '1' });
    expect(settings.apiBaseUrl).toBe('http://127.0.0.1:9999');
  });

  it('uninstall without keeping data removes the custom fields and the config (keys included) and switches the method off; install restores the defaults', async () => {
    await expectUninstallRemovesData(t, GATEWAY);
  });

  it('uninstall keeping data keeps fields and config; an inactive extension answers 404 on its routes', async () => {
    await expectUninstallKeepsData(t, GATEWAY, 'secretKeySandbox', 'sk_test_kept', async () => {
      await t.platform.extensions.deactivate('ExtPayA');
      expect((await t.app.inject({ method: 'POST', url: '/pay-a/webhook', payload: '{}' })).statusCode).toBe(404);
    });
  });
});
