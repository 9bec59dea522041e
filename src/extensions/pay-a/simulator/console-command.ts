import { UsageError, type CommandInput, type CommandIo, type StandaloneConsoleCommand } from '../../../platform/sdk/index.js';
import { alignedRows, createSimulatorCommand } from '../../_gateway-kit/simulator/index.js';
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
  return createSimulatorCommand<PayASimulatorOptions, PayASimulator>({
    name: 'ext:pay-a:simulator',
    description: 'Runs a local simulator of payment gateway A (API, hosted checkout page, signed webhooks) until Ctrl-C',
    options: {
      'secret-key': {
        type: 'string',
        multiple: true,
        valueName: '<key>',
        description: `Secret key the API accepts and signs webhooks with; sk_live_… keys act in live mode (default ${DEFAULT_SECRET_KEY})`,
      },
      'webhook-url': { type: 'string', valueName: '<url>', description: "The shop's webhook URL, e.g. http://localhost:8000/pay-a/webhook" },
      'fee-bearer': { type: 'string', valueName: '<merchant|customer>', description: 'Who bears the gateway fee (default merchant)' },
      'refund-outcome': { type: 'string', valueName: '<processed|failed|pending>', description: 'How new refunds end (default processed)' },
    },
    parse: simulatorOptions,
    start: (options, log) => startPayASimulator({ ...options, log }),
    instructions,
    untilStopped: commandOptions.untilStopped,
  });
}

export const payASimulatorCommand = createPayASimulatorCommand();

function simulatorOptions(input: CommandInput, common: { port: number; host: string | undefined }): PayASimulatorOptions {
  const { options } = input;
  const text = (name: string): string | undefined => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
  const feeBearer = text('fee-bearer') ?? 'merchant';
  if (feeBearer !== 'merchant' && feeBearer !== 'customer') throw new UsageError('--fee-bearer must be merchant or customer.');
  const refundOutcome = text('refund-outcome') ?? 'processed';
  if (!(REFUND_OUTCOMES as readonly string[]).includes(refundOutcome)) throw new UsageError(`--refund-outcome must be one of ${REFUND_OUTCOMES.join(', ')}.`);
  const webhookUrl = text('webhook-url');
  if (webhookUrl !== undefined && !/^https?:\/\/\S+$/.test(webhookUrl)) throw new UsageError('--webhook-url must be an http(s) URL.');
  const keys = options['secret-key'];
  const secretKeys = Array.isArray(keys) && keys.length > 0 ? keys : undefined;
  if (secretKeys?.some((key) => key === '')) throw new UsageError('--secret-key must not be empty.');
  return { ...common, secretKeys, webhookUrl, feeBearer, refundOutcome: refundOutcome as (typeof REFUND_OUTCOMES)[number] };
}

/** What to set in the shop. Keys are never printed, only where they come from. */
function instructions(simulator: PayASimulator, options: PayASimulatorOptions): string[] {
  const live = options.secretKeys?.some((key) => modeOfKey(key) === 'live') ?? false;
  const test = options.secretKeys?.some((key) => modeOfKey(key) === 'test') ?? true;
  const rows: Array<[string, string]> = [
    [configKey('sandbox'), test ? 'true' : 'false'],
    [configKey('apiBaseUrl'), simulator.baseUrl],
  ];
  if (test) rows.push([configKey('secretKeySandbox'), options.secretKeys ? 'the sk_test_… value given with --secret-key' : DEFAULT_SECRET_KEY]);
  if (live) rows.push([configKey('secretKey'), 'the sk_live_… value given with --secret-key']);
  return [
    `Gateway A simulator listening on ${simulator.baseUrl}`,
    '',
    'Set in the shop (system config, global scope):',
    ...alignedRows(rows),
    '',
    options.webhookUrl === undefined
      ? 'Webhooks: not sent (pass --webhook-url <shop URL>/pay-a/webhook to receive charge.success and the refund events).'
      : `Webhooks: POST ${options.webhookUrl}, signed (x-pay-a-signature) with the secret key of each event's mode`,
    `Fee bearer: ${options.feeBearer ?? 'merchant'}. Refunds end ${options.refundOutcome ?? 'processed'}. Hosted checkout pages: ${simulator.baseUrl}/checkout/<access code>`,
    'Press Ctrl-C to stop.',
  ];
}
