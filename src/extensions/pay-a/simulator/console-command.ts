import { UsageError, type CommandIo, type StandaloneConsoleCommand } from '../../../platform/sdk/index.js';
import { createGatewaySimulatorCommand } from '../../_simulator/index.js';
import { configKey } from '../config.js';
import { DEFAULT_SECRET_KEY, modeOfKey } from './options.js';
import { startPayASimulator } from './simulator.js';
import type { PayASimulator, PayASimulatorOptions } from './types.js';

export interface PayASimulatorCommandOptions {
  /** Resolves when the simulator should stop; default: the first SIGINT or SIGTERM. */
  untilStopped?: (simulator: PayASimulator, io: CommandIo) => Promise<unknown>;
}

const REFUND_OUTCOMES = ['processed', 'failed', 'pending'] as const;

/**
 * `bin/console ext:pay-a:simulator`: runs the gateway A simulator for a local shop until interrupted. A
 * standalone command: it needs no database, so it runs beside a running shop.
 */
export function createPayASimulatorCommand(commandOptions: PayASimulatorCommandOptions = {}): StandaloneConsoleCommand {
  return createGatewaySimulatorCommand<PayASimulatorOptions, PayASimulator>({
    slug: 'pay-a',
    gateway: 'Gateway A',
    description: 'Runs a local simulator of payment gateway A (API, hosted checkout page, signed webhooks) until Ctrl-C',
    secretKeyDescription: `Secret key the API accepts and signs webhooks with; sk_live_… keys act in live mode (default ${DEFAULT_SECRET_KEY})`,
    options: {
      'refund-outcome': { type: 'string', valueName: '<processed|failed|pending>', description: 'How new refunds end (default processed)' },
    },
    parse(common, text) {
      const refundOutcome = text('refund-outcome') ?? 'processed';
      if (!(REFUND_OUTCOMES as readonly string[]).includes(refundOutcome)) throw new UsageError(`--refund-outcome must be one of ${REFUND_OUTCOMES.join(', ')}.`);
      return { ...common, refundOutcome: refundOutcome as (typeof REFUND_OUTCOMES)[number] };
    },
    start: startPayASimulator,
    settings: shopSettings,
    events: 'charge.success and the refund events',
    webhookNote: "signed (x-pay-a-signature) with the secret key of each event's mode",
    notes: (simulator, options) => `Refunds end ${options.refundOutcome ?? 'processed'}. Hosted checkout pages: ${simulator.baseUrl}/checkout/<access code>`,
    untilStopped: commandOptions.untilStopped,
  });
}

export const payASimulatorCommand = createPayASimulatorCommand();

/** What to set in the shop: the mode the keys act in and where each key comes from (keys are never printed). */
function shopSettings(simulator: PayASimulator, options: PayASimulatorOptions): Array<[string, string]> {
  const live = options.secretKeys?.some((key) => modeOfKey(key) === 'live') ?? false;
  const test = options.secretKeys?.some((key) => modeOfKey(key) === 'test') ?? true;
  const rows: Array<[string, string]> = [
    [configKey('sandbox'), test ? 'true' : 'false'],
    [configKey('apiBaseUrl'), simulator.baseUrl],
  ];
  if (test) rows.push([configKey('secretKeySandbox'), options.secretKeys ? 'the sk_test_… value given with --secret-key' : DEFAULT_SECRET_KEY]);
  if (live) rows.push([configKey('secretKey'), 'the sk_live_… value given with --secret-key']);
  return rows;
}
