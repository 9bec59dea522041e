import type { PayASimulatorOptions } from './types.js';

/** A public test key of the simulator, not a secret: the real gateway's keys never appear here. */
export const DEFAULT_SECRET_KEY = 'sk_test_simulator';

export const SUPPORTED_CURRENCIES = ['NGN', 'GHS', 'ZAR', 'KES', 'USD', 'XOF'] as const;

export type SimulatorSettings = Required<Omit<PayASimulatorOptions, 'webhookUrl' | 'log'>> & Pick<PayASimulatorOptions, 'webhookUrl'> & { log: (line: string) => void };

export function resolveOptions(options: PayASimulatorOptions): SimulatorSettings {
  const settings: SimulatorSettings = {
    host: '127.0.0.1',
    port: 0,
    secretKeys: [DEFAULT_SECRET_KEY],
    webhookUrl: undefined,
    defaultCurrency: 'NGN',
    currencies: [...SUPPORTED_CURRENCIES],
    feeBearer: 'merchant',
    unknownReferenceStatus: 400,
    autoWebhooks: true,
    refundWebhooks: true,
    refundOutcome: 'processed',
    refundEventOrder: 'in-order',
    refundWebhookDelayMs: 50,
    webhookRetries: 3,
    webhookRetryDelayMs: 50,
    log: () => {},
  };
  applyOptions(settings, options);
  return settings;
}

/** Applies the keys present in `patch` (an explicit undefined clears webhookUrl). */
export function applyOptions(settings: SimulatorSettings, patch: Partial<PayASimulatorOptions>): void {
  for (const [key, value] of Object.entries(patch) as Array<[keyof PayASimulatorOptions, unknown]>) {
    if (value === undefined && key !== 'webhookUrl') continue;
    (settings as Record<string, unknown>)[key] = value;
  }
  if (settings.secretKeys.length === 0 || settings.secretKeys.some((key) => key === '')) throw new Error('PayA simulator: secretKeys must be non-empty keys');
  if (!Number.isInteger(settings.webhookRetries) || settings.webhookRetries < 0) throw new Error('PayA simulator: webhookRetries must be an integer >= 0');
  if (settings.webhookUrl !== undefined && !/^https?:\/\/\S+$/.test(settings.webhookUrl)) throw new Error(`PayA simulator: webhookUrl must be an http(s) URL: ${settings.webhookUrl}`);
}

/** The mode a key acts in: live keys start with `sk_live_`, every other key acts in test mode. */
export function modeOfKey(key: string): 'test' | 'live' {
  return key.startsWith('sk_live_') ? 'live' : 'test';
}

/** The key the gateway signs a mode's events with: the first configured key of that mode. */
export function keyOfMode(settings: SimulatorSettings, mode: 'test' | 'live'): string | undefined {
  return settings.secretKeys.find((key) => modeOfKey(key) === mode);
}
