import { paymentMethodIdOf, setting, type ExtensionHost } from '../../platform/sdk/index.js';
import { gatewayConfig, type GatewaySettings } from '../_gateway-kit/index.js';

export const EXTENSION_NAME = 'ExtPayB';

/** The payment method's technical name (also its handler identifier) and its id, the same on every installation. */
export const PAY_B_PAYMENT_METHOD = 'ext_pay_b_payment';
export const PAY_B_PAYMENT_METHOD_ID = paymentMethodIdOf(PAY_B_PAYMENT_METHOD);

/** Countries whose banks the gateway lists (accounts resolve for NG only). */
const BANK_COUNTRIES = ['NG', 'GH', 'KE', 'UG', 'ZA', 'TZ'] as const;

/** The settings of one sales channel; the hosted page's look and limits besides the common ones. */
export interface PayBSettings extends GatewaySettings {
  bankCountry: string;
  logoMediaId: string | null;
  title: string | null;
  description: string | null;
  /** e.g. `card, banktransfer, ussd`; null: the gateway's account default. */
  paymentOptions: string | null;
  /** Minutes the hosted page stays valid (the gateway allows up to 1440). */
  sessionDuration: number | null;
  maxRetryAttempt: number | null;
}

/** Gateway D's settings (`ExtPayB.config.*`): the hosted page's options are sent (the original plugin never read them); webhook hashes are global only. */
const PAY_B_CONFIG = gatewayConfig(EXTENSION_NAME, {
  // the production API (paths `/v3/...`); tests and local shops point `apiBaseUrl` at the simulator
  apiBaseUrl: 'https://api.flutterwave.com',
  // major units; the gateway publishes none: NGN 100 and KES 10 are what merchants of the original plugin used, the
  // rest about one US dollar or the currency's smallest sensible coin (`default`: every currency not listed)
  minimumRefundAmount: { default: '1', NGN: '100', KES: '10', GHS: '1', ZAR: '10', TZS: '1000', UGX: '1000', RWF: '500', XOF: '500', XAF: '500', KWD: '0.5' },
  cards: { webhook: 'Webhooks', page: 'Hosted payment page' },
  fields: {
    secretHash: setting.secret({ card: 'webhook', label: 'Webhook secret hash (live)', helpText: 'The verif-hash set in the gateway dashboard.', scope: 'global' }),
    secretHashSandbox: setting.secret({ card: 'webhook', label: 'Webhook secret hash (sandbox)', scope: 'global' }),
    title: setting.text({ card: 'page', label: 'Title', helpText: 'Shown on the hosted page; the sales channel name when empty.' }),
    description: setting.text({ card: 'page', label: 'Description' }),
    logo: setting.media({ card: 'page', label: 'Logo', helpText: 'A media record; sent as its absolute URL.' }),
    paymentOptions: setting.text({ card: 'page', label: 'Payment options', helpText: 'e.g. "card, banktransfer, ussd"; the account default when empty.', default: '' }),
    sessionDuration: setting.integer({ card: 'page', label: 'Session duration (minutes)', default: 30, min: 1 }),
    maxRetryAttempt: setting.integer({ card: 'page', label: 'Retries on the hosted page', default: 5, min: 1 }),
    bankCountry: setting.select({ card: 'bank', label: 'Bank Country', options: BANK_COUNTRIES.map((code) => ({ value: code, label: code })), default: 'NG' }),
  },
  settings: (raw, common): PayBSettings => ({
    ...common,
    bankCountry: raw.bankCountry,
    logoMediaId: raw.logo,
    title: raw.title,
    description: raw.description,
    paymentOptions: raw.paymentOptions === '' ? null : raw.paymentOptions,
    sessionDuration: raw.sessionDuration,
    maxRetryAttempt: raw.maxRetryAttempt,
  }),
});

export const payBConfig = PAY_B_CONFIG.definition;
export type PayBConfigKey = keyof typeof payBConfig.fields;
export const CONFIG_DEFAULTS = PAY_B_CONFIG.defaults;
export const configKey = PAY_B_CONFIG.key;

/** Every setting in one query (a sales channel's values override the global ones), kept per process until they change. */
export const readPayBSettings = PAY_B_CONFIG.read;

/** The active mode's webhook secret hash, global scope only (a channel override cannot weaken the check); null when none is set. */
export async function readWebhookSecretHash(host: ExtensionHost): Promise<string | null> {
  const global = await host.config.load(payBConfig, null);
  return global.sandbox ? global.secretHashSandbox : global.secretHash;
}
