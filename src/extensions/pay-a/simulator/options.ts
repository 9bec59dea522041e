import { applySimulatorOptions, commonSimulatorDefaults, type SimulatorSettingsOf } from '../../_simulator/index.js';
import type { PayASimulatorOptions } from './types.js';

/** A public test key of the simulator, not a secret: the real gateway's keys never appear here. */
export const DEFAULT_SECRET_KEY = 'sk_test_simulator';

export const SUPPORTED_CURRENCIES = ['NGN', 'GHS', 'ZAR', 'KES', 'USD', 'XOF'] as const;

/** The options in force; mutable through setOptions/setWebhookUrl while the simulator runs. */
export type SimulatorSettings = SimulatorSettingsOf<PayASimulatorOptions>;

export function resolveOptions(options: PayASimulatorOptions): SimulatorSettings {
  const settings: SimulatorSettings = {
    ...commonSimulatorDefaults(DEFAULT_SECRET_KEY),
    defaultCurrency: 'NGN',
    currencies: [...SUPPORTED_CURRENCIES],
    feeBearer: 'merchant',
    unknownReferenceStatus: 400,
    refundWebhooks: true,
    refundOutcome: 'processed',
    refundEventOrder: 'in-order',
    refundWebhookDelayMs: 50,
  };
  applyOptions(settings, options);
  return settings;
}

/** Applies the keys present in `patch` (an explicit undefined clears webhookUrl). */
export function applyOptions(settings: SimulatorSettings, patch: Partial<PayASimulatorOptions>): void {
  applySimulatorOptions(settings, patch, { name: 'PayA simulator' });
}

/** The mode a key acts in: live keys start with `sk_live_`, every other key acts in test mode. */
export function modeOfKey(key: string): 'test' | 'live' {
  return key.startsWith('sk_live_') ? 'live' : 'test';
}

/** The key the gateway signs a mode's events with: the first configured key of that mode. */
export function keyOfMode(settings: SimulatorSettings, mode: 'test' | 'live'): string | undefined {
  return settings.secretKeys.find((key) => modeOfKey(key) === mode);
}
