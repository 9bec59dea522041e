import { EXIT, UsageError, type CommandInput, type CommandIo, type CommandOption, type StandaloneConsoleCommand } from '../../platform/sdk/index.js';

/** A running simulator as its command sees it. */
export interface RunningSimulator {
  baseUrl: string;
  close(): Promise<void>;
}

export interface SimulatorCommandDefinition<O, S extends RunningSimulator> {
  /** e.g. `ext:pay-b:simulator`. */
  name: string;
  description: string;
  /** The gateway's own options; `--port` and `--host` are added. */
  options: Record<string, CommandOption>;
  /** Turns the parsed input into the simulator's options; throws UsageError for bad values. */
  parse(input: CommandInput, common: { port: number; host: string | undefined }): O;
  start(options: O, log: (line: string) => void): Promise<S>;
  /** What to set in the shop; never keys or hashes themselves, only where they come from. */
  instructions(simulator: S, options: O): string[];
  /** Resolves when the simulator should stop; default: the first SIGINT or SIGTERM. */
  untilStopped?: (simulator: S, io: CommandIo) => Promise<unknown>;
}

/**
 * `bin/console ext:<gateway>:simulator`: runs a gateway simulator for a local shop until interrupted. A
 * standalone command: it needs no database, so it runs beside a running shop.
 */
export function createSimulatorCommand<O, S extends RunningSimulator>(definition: SimulatorCommandDefinition<O, S>): StandaloneConsoleCommand {
  const untilStopped = definition.untilStopped ?? untilSignal;
  return {
    name: definition.name,
    description: definition.description,
    standalone: true,
    options: {
      port: { type: 'string', short: 'p', valueName: '<n>', description: 'Port to listen on (default 0: a free port)' },
      host: { type: 'string', valueName: '<host>', description: 'Address to listen on (default 127.0.0.1)' },
      ...definition.options,
    },
    async run(input, io) {
      const port = typeof input.options.port === 'string' ? input.options.port : '0';
      if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new UsageError(`--port must be a number from 0 to 65535, got "${port}".`);
      const host = typeof input.options.host === 'string' ? input.options.host : undefined;
      const options = definition.parse(input, { port: Number(port), host });
      const simulator = await definition.start(options, (line) => io.out(line));
      try {
        for (const line of definition.instructions(simulator, options)) io.out(line);
        await untilStopped(simulator, io);
        io.out('Stopping the simulator.');
      } finally {
        await simulator.close();
      }
      return EXIT.ok;
    },
  };
}

/** Lines of a `key  value` table, aligned. */
export function alignedRows(rows: Array<[string, string]>): string[] {
  const width = Math.max(...rows.map(([key]) => key.length));
  return rows.map(([key, value]) => `  ${key.padEnd(width)}  ${value}`);
}

function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
