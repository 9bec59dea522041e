import { paymentMethodIdOf, setting, type SettingsScopes } from '../../platform/sdk/index.js';
import { gatewayConfig, type GatewaySettings } from '../_gateway-kit/index.js';

export const EXTENSION_NAME = 'ExtPayA';

/** The payment method's technical name (also its handler identifier) and its id, the same on every installation. */
export const PAY_A_PAYMENT_METHOD = 'ext_pay_a_payment';
export const PAY_A_PAYMENT_METHOD_ID = paymentMethodIdOf(PAY_A_PAYMENT_METHOD);

/**
 * Whose banks the storefront offers: the gateway lists and resolves Nigerian accounts (10-digit NUBANs),
 * and `GET /bank` answers Nigeria when asked without a country.
 */
export const BANK_COUNTRY = 'NG';

/** The settings of one sales channel; the secret key also signs the webhooks. */
export interface PayASettings extends GatewaySettings {
  bankCountry: string;
}

/** Gateway A's settings (`ExtPayA.config.*`): the kit's common ones. */
const PAY_A_CONFIG = gatewayConfig(EXTENSION_NAME, {
  // the production API (Paystack-compatible); tests and local shops point `apiBaseUrl` at the simulator
  apiBaseUrl: 'https://api.paystack.co',
  // major units; the gateway publishes no refund minimum: these are its smallest charges (`default`: a currency added later)
  minimumRefundAmount: { default: '1', NGN: '50', USD: '2', GHS: '0.1', ZAR: '1', KES: '3', XOF: '1' },
  fields: {
    // gateway A signs webhooks with the secret key: it has no webhook hashes to switch
    sandbox: setting.boolean({ card: 'api', label: 'Sandbox mode', helpText: 'Use the sandbox keys instead of the live ones.', default: true }),
  },
  settings: (_raw, common): PayASettings => ({ ...common, bankCountry: BANK_COUNTRY }),
});

export const payAConfig = PAY_A_CONFIG.definition;
export type PayAConfigKey = keyof typeof payAConfig.fields;
export const CONFIG_DEFAULTS = PAY_A_CONFIG.defaults;
export const configKey = PAY_A_CONFIG.key;

/** Every setting in one query (a sales channel's values override the global ones), kept per process until they change. */
export const readPayASettings = PAY_A_CONFIG.read;
/** Every scope in one query: a webhook tries each scope's key, then settles with the channel's settings. */
export const readPayASettingsScopes = PAY_A_CONFIG.readScopes;
export type PayASettingsScopes = SettingsScopes<PayASettings>;
