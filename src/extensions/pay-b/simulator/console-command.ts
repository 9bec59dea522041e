import { UsageError, type CommandInput, type CommandIo, type StandaloneConsoleCommand } from '../../../platform/sdk/index.js';
import { alignedRows, createSimulatorCommand } from '../../_gateway-kit/simulator/index.js';
import { configKey } from '../config.js';
import { DEFAULT_SECRET_KEY } from './options.js';
import { startPayBSimulator } from './simulator.js';
import type { PayBSimulator, PayBSimulatorOptions } from './types.js';

export interface PayBSimulatorCommandOptions {
  /** Resolves when the simulator should stop; default: the first SIGINT or SIGTERM. */
  untilStopped?: (simulator: PayBSimulator, io: CommandIo) => Promise<unknown>;
}

/**
 * `bin/console ext:pay-b:simulator`: runs the gateway D simulator for a local shop until interrupted. A
 * standalone command: it needs no database, so it runs beside a running shop.
 */
export function createPayBSimulatorCommand(commandOptions: PayBSimulatorCommandOptions = {}): StandaloneConsoleCommand {
  return createSimulatorCommand<PayBSimulatorOptions, PayBSimulator>({
    name: 'ext:pay-b:simulator',
    description: 'Runs a local simulator of payment gateway D (API, hosted payment page, webhooks) until Ctrl-C',
    options: {
      'secret-key': {
        type: 'string',
        multiple: true,
        valueName: '<key>',
        description: `Secret key the API accepts as Bearer token (default ${DEFAULT_SECRET_KEY})`,
      },
      'secret-hash': { type: 'string', valueName: '<hash>', description: 'Sent as verif-hash on webhooks (none without it)' },
      'webhook-url': { type: 'string', valueName: '<url>', description: "The shop's webhook URL, e.g. http://localhost:8000/pay-b/webhook" },
      'fee-bearer': { type: 'string', valueName: '<merchant|customer>', description: 'Who bears the gateway fee (default merchant)' },
    },
    parse: simulatorOptions,
    start: (options, log) => startPayBSimulator({ ...options, log }),
    instructions,
    untilStopped: commandOptions.untilStopped,
  });
}

export const payBSimulatorCommand = createPayBSimulatorCommand();

function simulatorOptions(input: CommandInput, common: { port: number; host: string | undefined }): PayBSimulatorOptions {
  const { options } = input;
  const text = (name: string): string | undefined => {
    const value = options[name];
    return typeof value === 'string' ? value : undefined;
  };
  const feeBearer = text('fee-bearer') ?? 'merchant';
  if (feeBearer !== 'merchant' && feeBearer !== 'customer') throw new UsageError('--fee-bearer must be merchant or customer.');
  const webhookUrl = text('webhook-url');
  if (webhookUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(webhookUrl)) throw new UsageError('--webhook-url must be an http(s) URL.');
  const keys = options['secret-key'];
  const secretKeys = Array.isArray(keys) && keys.length > 0 ? keys : undefined;
  if (secretKeys?.some((key) => key === '')) throw new UsageError('--secret-key must not be empty.');
  return { ...common, secretKeys, secretHash: text('secret-hash'), webhookUrl, feeBearer };
}

/** What to set in the shop. Keys and hashes are never printed, only where they come from. */
function instructions(simulator: PayBSimulator, options: PayBSimulatorOptions): string[] {
  return [
    `Gateway D simulator listening on ${simulator.baseUrl}`,
    '',
    'Set in the shop (system config, global scope):',
    ...alignedRows([
      [configKey('sandbox'), 'true'],
      [configKey('apiBaseUrl'), simulator.baseUrl],
      [configKey('secretKeySandbox'), options.secretKeys ? 'the value given with --secret-key' : DEFAULT_SECRET_KEY],
      [
        configKey('secretHashSandbox'),
        options.secretHash === undefined ? '(no --secret-hash: webhooks carry no verif-hash and the shop refuses them)' : 'the value given with --secret-hash',
      ],
    ]),
    '',
    options.webhookUrl === undefined
      ? 'Webhooks: not sent (pass --webhook-url <shop URL>/pay-b/webhook to receive charge.completed and refund.completed).'
      : `Webhooks: POST ${options.webhookUrl}`,
    `Fee bearer: ${options.feeBearer ?? 'merchant'}. Hosted payment pages: ${simulator.baseUrl}/hosted/pay/<link>`,
    'Press Ctrl-C to stop.',
  ];
}
