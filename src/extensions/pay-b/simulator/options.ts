import type { PayBSimulatorOptions } from './types.js';

/** A public test key of the simulator, not a secret: the real gateway's keys never appear here. */
export const DEFAULT_SECRET_KEY = 'FLWSECK_TEST-simulator';

type Settings = Required<Omit<PayBSimulatorOptions, 'secretHash' | 'webhookUrl' | 'log'>> &
  Pick<PayBSimulatorOptions, 'secretHash' | 'webhookUrl'> & { log: (line: string) => void };

/** The options in force; mutable through setOptions/setWebhookUrl while the simulator runs. */
export type SimulatorSettings = Settings;

export function resolveOptions(options: PayBSimulatorOptions): SimulatorSettings {
  const settings: SimulatorSettings = {
    host: '127.0.0.1',
    port: 0,
    secretKeys: [DEFAULT_SECRET_KEY],
    secretHash: undefined,
    webhookUrl: undefined,
    feeBearer: 'merchant',
    refundStatus: 'completed',
    refundWebhooks: true,
    refundWebhookShape: 'wrapped',
    refundWebhookDelayMs: 100,
    refundsPageSize: 20,
    refundsIgnoreIdFilter: true,
    webhookRetries: 3,
    webhookRetryDelayMs: 50,
    autoWebhooks: true,
    log: () => {},
  };
  applyOptions(settings, options);
  return settings;
}

/** Applies the keys present in `patch` (an explicit undefined clears secretHash/webhookUrl). */
export function applyOptions(settings: SimulatorSettings, patch: Partial<PayBSimulatorOptions>): void {
  for (const [key, value] of Object.entries(patch) as Array<[keyof PayBSimulatorOptions, unknown]>) {
    if (value === undefined && key !== 'secretHash' && key !== 'webhookUrl') continue;
    (settings as Record<string, unknown>)[key] = value;
  }
  if (settings.secretKeys.length === 0) throw new Error('PayB simulator: secretKeys must not be empty');
  if (!Number.isInteger(settings.refundsPageSize) || settings.refundsPageSize < 1) throw new Error('PayB simulator: refundsPageSize must be a positive integer');
  if (!Number.isInteger(settings.webhookRetries) || settings.webhookRetries < 0) throw new Error('PayB simulator: webhookRetries must be an integer >= 0');
  if (settings.webhookUrl !== undefined) assertHttpUrl(settings.webhookUrl);
}

function assertHttpUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PayB simulator: webhookUrl is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PayB simulator: webhookUrl must be http(s): ${value}`);
}
