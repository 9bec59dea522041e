import { paymentMethodIdOf } from '../../platform/checkout/payment-method/extension-payment-methods.js';
import type { Platform } from '../../platform/kernel.js';

export const EXTENSION_NAME = 'ExtPayB';

/** The payment method's technical name (also its handler identifier) and its id, the same on every installation. */
export const PAY_B_PAYMENT_METHOD = 'ext_pay_b_payment';
export const PAY_B_PAYMENT_METHOD_ID = paymentMethodIdOf(PAY_B_PAYMENT_METHOD);
const PREFIX = `${EXTENSION_NAME}.config.`;

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

/**
 * Keys (without the `ExtPayB.config.` prefix) and the values install writes. Unlike the original plugin
 * (whose spec says no code reads them), paymentOptions, sessionDuration and maxRetryAttempt are sent to
 * the gateway: the issue asks for it, and a merchant who sets them expects them to work.
 */
export const CONFIG_DEFAULTS = {
  sandbox: true,
  apiBaseUrl: DEFAULT_API_BASE_URL,
  refundEnabled: true,
  minimumRefundAmount: DEFAULT_MINIMUM_REFUND_AMOUNT,
  collectBankData: false,
  bankCountry: 'NG',
  logo: null,
  title: null,
  description: null,
  paymentOptions: '',
  sessionDuration: 30,
  maxRetryAttempt: 5,
} as const;

/** Encrypted at rest, never returned by a read (`{"secretSet":true}` instead). */
export const SECRET_KEYS = ['secretKey', 'secretKeySandbox', 'publicKey', 'publicKeySandbox', 'secretHash', 'secretHashSandbox'] as const;

export type PayBConfigKey = keyof typeof CONFIG_DEFAULTS | (typeof SECRET_KEYS)[number];

export function configKey(key: PayBConfigKey): string {
  return PREFIX + key;
}

/** The settings of one sales channel (channel values override global ones), keys of the active mode picked. */
export interface PayBSettings {
  sandbox: boolean;
  /** Without a trailing slash. */
  apiBaseUrl: string;
  /** The active mode's secret key; null when not configured. */
  secretKey: string | null;
  publicKey: string | null;
  refundEnabled: boolean;
  minimumRefundAmount: Record<string, string>;
  collectBankData: boolean;
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

function nonEmptyString(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function positiveInteger(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

function bool(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

/**
 * The minimum-refund table: merchants may store an object (`{"NGN":"100","default":"1"}`) or
 * nothing; values that are not decimal strings or numbers are dropped so the defaults apply.
 */
function minimumTable(value: unknown): Record<string, string> {
  const table: Record<string, string> = { ...DEFAULT_MINIMUM_REFUND_AMOUNT };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [currency, amount] of Object.entries(value as Record<string, unknown>)) {
      const text = nonEmptyString(amount);
      if (text && /^\d+(\.\d+)?$/.test(text)) table[currency === 'default' ? 'default' : currency.toUpperCase()] = text;
    }
  }
  return table;
}

/** Reads every setting in one query (a sales channel's values override the global ones). */
export async function readPayBSettings(platform: Platform, salesChannelId: string | null): Promise<PayBSettings> {
  const values = await platform.systemConfig.getDomain(`${EXTENSION_NAME}.config`, salesChannelId);
  const get = (key: PayBConfigKey) => values[configKey(key)];
  const sandbox = bool(get('sandbox'));
  return {
    sandbox,
    apiBaseUrl: (nonEmptyString(get('apiBaseUrl')) ?? DEFAULT_API_BASE_URL).replace(/\/+$/, ''),
    secretKey: nonEmptyString(get(sandbox ? 'secretKeySandbox' : 'secretKey')),
    publicKey: nonEmptyString(get(sandbox ? 'publicKeySandbox' : 'publicKey')),
    refundEnabled: bool(get('refundEnabled')),
    minimumRefundAmount: minimumTable(get('minimumRefundAmount')),
    collectBankData: bool(get('collectBankData')),
    bankCountry: (nonEmptyString(get('bankCountry')) ?? CONFIG_DEFAULTS.bankCountry).toUpperCase(),
    logoMediaId: nonEmptyString(get('logo')),
    title: nonEmptyString(get('title')),
    description: nonEmptyString(get('description')),
    paymentOptions: nonEmptyString(get('paymentOptions')),
    sessionDuration: positiveInteger(get('sessionDuration')),
    maxRetryAttempt: positiveInteger(get('maxRetryAttempt')),
  };
}

/**
 * The webhook secret hash of the active mode, from the global scope only (spec: never per sales
 * channel, so a channel override cannot weaken the check). Null when none is configured.
 */
export async function readWebhookSecretHash(platform: Platform): Promise<string | null> {
  // one query per webhook: without a sales channel, getDomain reads the global scope only
  const values = await platform.systemConfig.getDomain(`${EXTENSION_NAME}.config`, null);
  const sandbox = bool(values[configKey('sandbox')]);
  return nonEmptyString(values[configKey(sandbox ? 'secretHashSandbox' : 'secretHash')]);
}

/** The minimum refund of a currency in major units (exact decimal string). */
export function minimumRefundFor(settings: PayBSettings, isoCode: string): string {
  return settings.minimumRefundAmount[isoCode.toUpperCase()] ?? settings.minimumRefundAmount.default ?? DEFAULT_MINIMUM_REFUND_AMOUNT.default!;
}
