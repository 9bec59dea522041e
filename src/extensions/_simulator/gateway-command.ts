import { UsageError, type CommandInput, type CommandIo, type CommandOption, type StandaloneConsoleCommand } from '../../platform/sdk/index.js';
import { alignedRows, createSimulatorCommand, type RunningSimulator } from './console-command.js';
import { isHttpUrl, type SimulatorOptions } from './settings.js';

/** What every gateway simulator's command reads: where it listens, the keys, where webhooks go, who bears fees. */
export interface GatewayCommandInput {
  port: number;
  host: string | undefined;
  secretKeys: string[] | undefined;
  webhookUrl: string | undefined;
  feeBearer: 'merchant' | 'customer';
}

type GatewayOptions = SimulatorOptions & { feeBearer?: 'merchant' | 'customer' };

export interface GatewayCommandDefinition<O extends GatewayOptions, S extends RunningSimulator> {
  /** The extension's path name, e.g. `pay-a`: the command is `ext:pay-a:simulator`, the shop's webhook `/pay-a/webhook`. */
  slug: string;
  /** e.g. `Gateway A` */
  gateway: string;
  description: string;
  /** The help of `--secret-key`. */
  secretKeyDescription: string;
  /** The gateway's own options, after `--port`, `--host`, `--secret-key`, `--webhook-url` and `--fee-bearer`. */
  options: Record<string, CommandOption>;
  /** The simulator's options from the common ones and the gateway's own; throws UsageError for bad values. */
  parse(common: GatewayCommandInput, text: (name: string) => string | undefined, input: CommandInput): O;
  start(options: O): Promise<S>;
  /** The settings to make in the shop (`[key, where its value comes from]`); never keys themselves. */
  settings(simulator: S, options: O): Array<[string, string]>;
  /** The events a shop receives, for the line that says webhooks are not sent. */
  events: string;
  /** How the webhooks are authenticated, after `Webhooks: POST <url>` (none: nothing added). */
  webhookNote?: string;
  /** The line after `Fee bearer: …. `: the gateway's other choices and where its hosted pages are. */
  notes(simulator: S, options: O): string;
  untilStopped?: (simulator: S, io: CommandIo) => Promise<unknown>;
}

const FEE_BEARERS = ['merchant', 'customer'] as const;

/** `bin/console ext:<gateway>:simulator`: runs a gateway simulator for a local shop until interrupted. */
export function createGatewaySimulatorCommand<O extends GatewayOptions, S extends RunningSimulator>(definition: GatewayCommandDefinition<O, S>): StandaloneConsoleCommand {
  return createSimulatorCommand<O, S>({
    name: `ext:${definition.slug}:simulator`,
    description: definition.description,
    options: {
      'secret-key': { type: 'string', multiple: true, valueName: '<key>', description: definition.secretKeyDescription },
      'webhook-url': { type: 'string', valueName: '<url>', description: `The shop's webhook URL, e.g. http://localhost:8000/${definition.slug}/webhook` },
      'fee-bearer': { type: 'string', valueName: '<merchant|customer>', description: 'Who bears the gateway fee (default merchant)' },
      ...definition.options,
    },
    parse(input, { port, host }) {
      const { options } = input;
      const text = (name: string): string | undefined => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
      const feeBearer = text('fee-bearer') ?? 'merchant';
      if (!(FEE_BEARERS as readonly string[]).includes(feeBearer)) throw new UsageError('--fee-bearer must be merchant or customer.');
      const webhookUrl = text('webhook-url');
      if (webhookUrl !== undefined && !isHttpUrl(webhookUrl)) throw new UsageError('--webhook-url must be an http(s) URL.');
      const keys = options['secret-key'];
      const secretKeys = Array.isArray(keys) && keys.length > 0 ? keys : undefined;
      if (secretKeys?.some((key) => key === '')) throw new UsageError('--secret-key must not be empty.');
      const common: GatewayCommandInput = { port, host, secretKeys, webhookUrl, feeBearer: feeBearer as GatewayCommandInput['feeBearer'] };
      return definition.parse(common, text, input);
    },
    start: (options, log) => definition.start({ ...options, log }),
    instructions: (simulator, options) => [
      `${definition.gateway} simulator listening on ${simulator.baseUrl}`,
      '',
      'Set in the shop (system config, global scope):',
      ...alignedRows(definition.settings(simulator, options)),
      '',
      options.webhookUrl === undefined
        ? `Webhooks: not sent (pass --webhook-url <shop URL>/${definition.slug}/webhook to receive ${definition.events}).`
        : `Webhooks: POST ${options.webhookUrl}${definition.webhookNote ? `, ${definition.webhookNote}` : ''}`,
      `Fee bearer: ${options.feeBearer ?? 'merchant'}. ${definition.notes(simulator, options)}`,
      'Press Ctrl-C to stop.',
    ],
    untilStopped: definition.untilStopped,
  });
}
