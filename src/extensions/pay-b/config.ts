import { defineConfig, paymentMethodIdOf, setting, type ExtensionHost } from '../../platform/sdk/index.js';
import { commonGatewaySettings, RECHECK_CARD, gatewaySettingsOf, settingsReader, type GatewaySettings } from '../_gateway-kit/index.js';

export const EXTENSION_NAME = 'ExtPayB';

/** The payment method's technical name (also its handler identifier) and its id, the same on every installation. */
export const PAY_B_PAYMENT_METHOD = 'ext_pay_b_payment';
export const PAY_B_PAYMENT_METHOD_ID = paymentMethodIdOf(PAY_B_PAYMENT_METHOD);

/** The gateway's production API; tests and local shops point `apiBaseUrl` at the simulator. Paths are `/v3/...`. */
export const DEFAULT_API_BASE_URL = 'https://api.flutterwave.com';

/**
 * Smallest refund per currency, in major units as exact decimal strings. The gateway publishes none;
 * NGN 100 and KES 10 are what merchants of the original plugin used, the rest are about one US dollar
 * or the currency's smallest sensible coin. `default` covers every currency not listed.
 */
export const DEFAULT_MINIMUM_REFUND_AMOUNT: Readonly<Record<string, string>> = Object.freeze({
  default: '1',
  NGN: '100',
  KES: '10',
  GHS: '1',
  ZAR: '10',
  TZS: '1000',
  UGX: '1000',
  RWF: '500',
  XOF: '500',
  XAF: '500',
  KWD: '0.5',
});

/** Countries whose banks the gateway lists (accounts resolve for NG only). */
const BANK_COUNTRIES = ['NG', 'GH', 'KE', 'UG', 'ZA', 'TZ'] as const;

/**
 * Gateway D's settings (`ExtPayB.config.*`). Unlike the original plugin, which never read them,
 * paymentOptions, sessionDuration and maxRetryAttempt are sent to the gateway: a merchant who sets them
 * expects them to work. Webhook hashes count in the global scope only.
 */
export const payBConfig = defineConfig(EXTENSION_NAME, {
  cards: { api: 'API keys', webhook: 'Webhooks', page: 'Hosted payment page', refunds: 'Refunds', bank: 'Bank details', ...RECHECK_CARD },
  fields: {
    ...commonGatewaySettings({ apiBaseUrl: DEFAULT_API_BASE_URL, minimumRefundAmount: DEFAULT_MINIMUM_REFUND_AMOUNT }),
    secretHash: setting.secret({ card: 'webhook', label: 'Webhook secret hash (live)', helpText: 'The verif-hash set in the gateway dashboard.', scope: 'global' }),
    secretHashSandbox: setting.secret({ card: 'webhook', label: 'Webhook secret hash (sandbox)', scope: 'global' }),
    title: setting.text({ card: 'page', label: 'Title', helpText: 'Shown on the hosted page; the sales channel name when empty.' }),
    description: setting.text({ card: 'page', label: 'Description' }),
    logo: setting.media({ card: 'page', label: 'Logo', helpText: 'A media record; sent as its absolute URL.' }),
    paymentOptions: setting.text({ card: 'page', label: 'Payment options', helpText: 'e.g. "card, banktransfer, ussd"; the account default when empty.', default: '' }),
    sessionDuration: setting.integer({ card: 'page', label: 'Session duration (minutes)', default: 30, min: 1 }),
    maxRetryAttempt: setting.integer({ card: 'page', label: 'Retries on the hosted page', default: 5, min: 1 }),
    bankCountry: setting.select({
      card: 'bank',
      label: 'Bank Country',
      options: BANK_COUNTRIES.map((code) => ({ value: code, label: code })),
      default: 'NG',
    }),
  },
});

export type PayBConfigKey = keyof typeof payBConfig.fields;

/** The stored defaults install writes (keys without the prefix). */
export const CONFIG_DEFAULTS = payBConfig.defaults as Readonly<Record<string, unknown>> & { sandbox: boolean };

export function configKey(key: PayBConfigKey): string {
  return payBConfig.key(key);
}

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

const reader = settingsReader(payBConfig, (raw): PayBSettings => ({
  ...gatewaySettingsOf(raw),
  bankCountry: raw.bankCountry,
  logoMediaId: raw.logo,
  title: raw.title,
  description: raw.description,
  paymentOptions: raw.paymentOptions === '' ? null : raw.paymentOptions,
  sessionDuration: raw.sessionDuration,
  maxRetryAttempt: raw.maxRetryAttempt,
}));

/** Every setting in one query (a sales channel's values override the global ones). */
export const readPayBSettings = reader.read;

/**
 * The webhook secret hash of the active mode, from the global scope only (never per sales channel, so a
 * channel override cannot weaken the check); null when none is configured.
 */
export async function readWebhookSecretHash(host: ExtensionHost): Promise<string | null> {
  const global = await host.config.load(payBConfig, null);
  return global.sandbox ? global.secretHashSandbox : global.secretHash;
}
