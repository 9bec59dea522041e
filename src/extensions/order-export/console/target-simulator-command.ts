import { UsageError, type StandaloneConsoleCommand } from '../../../platform/sdk/index.js';
import { alignedRows, createSimulatorCommand, type SimulatorCommandDefinition } from '../../_simulator/index.js';
import { generateSigningSecret, isValidSigningSecret } from '../delivery/standard-webhooks.js';
import { startTargetSimulator, type SimulatorAuth, type TargetSimulator, type TargetSimulatorOptions } from '../simulator/index.js';

type Options = TargetSimulatorOptions & { signingSecret: string; generatedSecret: boolean };

/**
 * `bin/console ext:order-export:target-simulator --port N`: a stand-in export target for a local shop.
 * Standalone (no database), so it runs beside `npm start`. It verifies signatures with the signing
 * secret given (or a new one it prints, to be set on the target), answers 200 unless told otherwise,
 * and sends signed acknowledgements on request (`POST /_simulator/acknowledge`).
 */
export function createTargetSimulatorCommand(untilStopped?: SimulatorCommandDefinition<Options, TargetSimulator>['untilStopped']): StandaloneConsoleCommand {
  return createSimulatorCommand<Options, TargetSimulator>({
    name: 'ext:order-export:target-simulator',
    description: 'Runs a local export target that verifies, records and acknowledges order exports until Ctrl-C',
    options: {
      'signing-secret': { type: 'string', valueName: '<whsec_...>', description: 'The target\'s signing secret (default: a new one, printed)' },
      status: { type: 'string', valueName: '<code>', description: 'Status of every answer (default 200)' },
      acknowledge: { type: 'boolean', description: 'Answer {"acknowledged": true} (processing confirmed at once)' },
      'bearer-token': { type: 'string', valueName: '<token>', description: 'Require "authorization: Bearer <token>" (a bearer credential)' },
      'api-key': { type: 'string', valueName: '<key>', description: 'Require the header X-API-Key: <key> (an api_key credential)' },
    },
    parse(input, common) {
      const given = input.options['signing-secret'];
      if (given !== undefined && !isValidSigningSecret(given)) throw new UsageError('--signing-secret must be "whsec_" followed by the base64 of 24 to 64 bytes.');
      const statusText = typeof input.options.status === 'string' ? input.options.status : '200';
      if (!/^[1-5]\d\d$/.test(statusText)) throw new UsageError('--status must be an HTTP status code.');
      const signingSecret = typeof given === 'string' ? given : generateSigningSecret();
      const token = input.options['bearer-token'];
      const key = input.options['api-key'];
      if (token !== undefined && key !== undefined) throw new UsageError('Give --bearer-token or --api-key, not both.');
      const auth: SimulatorAuth =
        typeof token === 'string' ? { type: 'bearer', token } : typeof key === 'string' ? { type: 'api_key', key } : { type: 'none' };
      return {
        ...common,
        signingSecret,
        auth,
        generatedSecret: given === undefined,
        defaultAnswer: { status: Number(statusText), acknowledged: input.options.acknowledge === true },
      };
    },
    start: (options, log) => startTargetSimulator({ ...options, log }),
    instructions: (simulator, options) => [
      `Export target simulator listening on ${simulator.baseUrl}`,
      '',
      'Create the export target with:',
      ...alignedRows([
        ['url', simulator.deliveryUrl],
        // a secret it made up itself must be copied to the shop; a given one is never echoed
        ['signingSecret', options.generatedSecret ? options.signingSecret : 'the value given with --signing-secret'],
        ['credential', options.auth?.type === 'bearer' ? 'authType bearer, secret: the --bearer-token value' : options.auth?.type === 'api_key' ? 'authType api_key, secret: the --api-key value' : 'none needed'],
      ]),
      '',
      `Deliveries so far:    GET  ${simulator.baseUrl}/_simulator/deliveries`,
      `Acknowledge one:      POST ${simulator.baseUrl}/_simulator/acknowledge  {"callbackUrl": "<shop>/ext-order-export/acknowledge", "correlationId": "...", "status": "acknowledged"}`,
      'Press Ctrl-C to stop.',
    ],
    untilStopped,
  });
}

export const targetSimulatorCommand = createTargetSimulatorCommand();
