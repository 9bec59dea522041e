/** One option of a console command; parsed with node's `util.parseArgs`. */
export interface CommandOption {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  description: string;
  /** Placeholder shown in --help, e.g. `<name>`. */
  valueName?: string;
}

export interface CommandArgument {
  name: string;
  description: string;
  required?: boolean;
}

/** Where a command writes; in hand-off mode these stream back to the calling terminal. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CommandInput {
  args: Record<string, string | undefined>;
  options: Record<string, string | boolean | string[] | undefined>;
}

/**
 * A `bin/console` command. Commands are non-interactive: everything comes from arguments and options,
 * the result is the exit code (0 success, 1 failure, 2 usage error).
 */
export interface ConsoleCommand<Host = unknown> {
  name: string;
  description: string;
  arguments?: CommandArgument[];
  options?: Record<string, CommandOption>;
  /** Declared by a StandaloneConsoleCommand only. */
  standalone?: true;
  /** `host`: the services a platform command picks (see PlatformCommand), the extension's ExtensionHost for an extension's. */
  run(input: CommandInput, io: CommandIo, host: Host): Promise<number>;
}

/**
 * A command that needs no platform: no database, no embedded-database lock, no hand-off to a running
 * server (e.g. a gateway simulator that runs beside the shop). `bin/console` runs it before booting
 * anything; it is listed with the other commands of its extension.
 */
export interface StandaloneConsoleCommand extends ConsoleCommand<unknown> {
  standalone: true;
  run(input: CommandInput, io: CommandIo): Promise<number>;
}

/** What help shows of a command: its declaration without the code (a manifest entry has just this). */
export type CommandDescription = Pick<ConsoleCommand<unknown>, 'name' | 'description' | 'arguments' | 'options' | 'standalone'>;

/** A command of any host, as registries and usage printers hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyConsoleCommand = ConsoleCommand<any>;

export function isStandaloneCommand(command: AnyConsoleCommand): command is StandaloneConsoleCommand {
  return command.standalone === true;
}
