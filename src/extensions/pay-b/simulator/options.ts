import { applySimulatorOptions, commonSimulatorDefaults, type SimulatorSettingsOf } from '../../_simulator/index.js';
import type { PayBSimulatorOptions } from './types.js';

/** A public test key of the simulator, not a secret: the real gateway's keys never appear here. */
export const DEFAULT_SECRET_KEY = 'FLWSECK_TEST-simulator';

/** The options in force; mutable through setOptions/setWebhookUrl while the simulator runs. */
export type SimulatorSettings = SimulatorSettingsOf<PayBSimulatorOptions, 'secretHash'>;

export function resolveOptions(options: PayBSimulatorOptions): SimulatorSettings {
  const settings: SimulatorSettings = {
    ...commonSimulatorDefaults(DEFAULT_SECRET_KEY),
    secretHash: undefined,
    feeBearer: 'merchant',
    refundStatus: 'completed',
    refundWebhooks: true,
    refundWebhookShape: 'wrapped',
    refundWebhookDelayMs: 100,
    refundsPageSize: 20,
    refundsIgnoreIdFilter: true,
  };
  applyOptions(settings, options);
  return settings;
}

/** Applies the keys present in `patch` (an explicit undefined clears secretHash/webhookUrl). */
export function applyOptions(settings: SimulatorSettings, patch: Partial<PayBSimulatorOptions>): void {
  applySimulatorOptions(settings, patch, { name: 'PayB simulator', clearable: ['secretHash'] });
  if (!Number.isInteger(settings.refundsPageSize) || settings.refundsPageSize < 1) throw new Error('PayB simulator: refundsPageSize must be a positive integer');
}
