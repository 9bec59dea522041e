import type { CommandIo, StandaloneConsoleCommand } from '../../../platform/sdk/index.js';
import { createGatewaySimulatorCommand } from '../../_simulator/index.js';
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
  return createGatewaySimulatorCommand<PayBSimulatorOptions, PayBSimulator>({
    slug: 'pay-b',
    gateway: 'Gateway D',
    description: 'Runs a local simulator of payment gateway D (API, hosted payment page, webhooks) until Ctrl-C',
    secretKeyDescription: `Secret key the API accepts as Bearer token (default ${DEFAULT_SECRET_KEY})`,
    options: {
      'secret-hash': { type: 'string', valueName: '<hash>', description: 'Sent as verif-hash on webhooks (none without it)' },
    },
    parse: (common, text) => ({ ...common, secretHash: text('secret-hash') }),
    start: startPayBSimulator,
    // keys and hashes are never printed, only where they come from
    settings: (simulator, options) => [
      [configKey('sandbox'), 'true'],
      [configKey('apiBaseUrl'), simulator.baseUrl],
      [configKey('secretKeySandbox'), options.secretKeys ? 'the value given with --secret-key' : DEFAULT_SECRET_KEY],
      [
        configKey('secretHashSandbox'),
        options.secretHash === undefined ? '(no --secret-hash: webhooks carry no verif-hash and the shop refuses them)' : 'the value given with --secret-hash',
      ],
    ],
    events: 'charge.completed and refund.completed',
    notes: (simulator) => `Hosted payment pages: ${simulator.baseUrl}/hosted/pay/<link>`,
    untilStopped: commandOptions.untilStopped,
  });
}

export const payBSimulatorCommand = createPayBSimulatorCommand();
