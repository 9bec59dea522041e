import { defineConfig, paymentMethodIdOf, setting, type SettingsScopes } from '../../platform/sdk/index.js';
import { commonGatewaySettings, RECHECK_CARD, gatewaySettingsOf, settingsReader, type GatewaySettings } from '../_gateway-kit/index.js';

export const EXTENSION_NAME = 'ExtPayA';

/** The payment method's technical name (also its handler identifier) and its id, the same on every installation. */
export const PAY_A_PAYMENT_METHOD = 'ext_pay_a_payment';
export const PAY_A_PAYMENT_METHOD_ID = paymentMethodIdOf(PAY_A_PAYMENT_METHOD);

/** The gateway's production API (Paystack-compatible); tests and local shops point `apiBaseUrl` at the simulator. */
export const DEFAULT_API_BASE_URL = 'https://api.paystack.co';

/**
 * Smallest refund per currency, major units as exact decimal strings. The gateway publishes no refund
 * minimum; these are its smallest charges, so a refund is never smaller than anything it
 * could have charged. `default` covers a currency added to the gateway later.
 */
export const DEFAULT_MINIMUM_REFUND_AMOUNT: Readonly<Record<string, string>> = Object.freeze({
  default: '1',
  NGN: '50',
  USD: '2',
  GHS: '0.1',
  ZAR: '1',
  KES: '3',
  XOF: '1',
});

/** Gateway A's settings (`ExtPayA.config.*`): the kit's common ones; the secret key also signs the webhooks. */
export const payAConfig = defineConfig(EXTENSION_NAME, {
  cards: { api: 'API keys', refunds: 'Refunds', bank: 'Bank details', ...RECHECK_CARD },
  fields: {
    ...commonGatewaySettings({ apiBaseUrl: DEFAULT_API_BASE_URL, minimumRefundAmount: DEFAULT_MINIMUM_REFUND_AMOUNT }),
    // gateway A signs webhooks with the secret key: it has no webhook hashes to switch
    sandbox: setting.boolean({ card: 'api', label: 'Sandbox mode', helpText: 'Use the sandbox keys instead of the live ones.', default: true }),
  },
});

export type PayAConfigKey = keyof typeof payAConfig.fields;

/** The stored defaults install writes (keys without the prefix). */
export const CONFIG_DEFAULTS = payAConfig.defaults as Readonly<Record<string, unknown>> & { sandbox: boolean };

export function configKey(key: PayAConfigKey): string {
  return payAConfig.key(key);
}

/**
 * Whose banks the storefront offers: the gateway lists and resolves Nigerian accounts (10-digit NUBANs),
 * and `GET /bank` answers Nigeria when asked without a country.
 */
export const BANK_COUNTRY = 'NG';

/** The settings of one sales channel; the secret key also signs the webhooks. */
export interface PayASettings extends GatewaySettings {
  bankCountry: string;
}

const reader = settingsReader(payAConfig, (raw): PayASettings => ({ ...gatewaySettingsOf(raw), bankCountry: BANK_COUNTRY }));

/** Every setting in one query (a sales channel's values override the global ones). */
export const readPayASettings = reader.read;

/** Every scope in one query: a webhook tries each scope's key, then settles with the channel's settings. */
export const readPayASettingsScopes = reader.readScopes;
export type PayASettingsScopes = SettingsScopes<PayASettings>;
