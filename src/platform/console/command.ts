import type { Platform } from '../kernel.js';

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
export interface ConsoleCommand {
  name: string;
  description: string;
  arguments?: CommandArgument[];
  options?: Record<string, CommandOption>;
  run(input: CommandInput, io: CommandIo, platform: Platform): Promise<number>;
}
