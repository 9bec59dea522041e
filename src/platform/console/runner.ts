import type { AnyConsoleCommand as ConsoleCommand, CommandDescription, CommandInput, CommandIo } from './command.js';
import type { PlatformServices } from '../platform-services.js';
import { AppError, AppErrorList } from '../errors/app-error.js';
import { parseInvocation } from './parse-input.js';
import { commandList, commandUsage } from './usage.js';
import { UsageError } from './usage-error.js';
import { EXIT } from './exit-codes.js';


const GLOBAL_FLAGS = new Set(['-h', '--help', '-v', '--verbose']);

/** The command an argv names: its first word after global flags (`bin/console -v foo` runs foo). */
export function commandNameOf(argv: string[]): string | undefined {
  return splitInvocation(argv).name;
}

/** An argv split at the command name: the global flags before it, and what the command parses (those flags included). */
export function splitInvocation(argv: string[]): { name: string | undefined; globals: string[]; rest: string[] } {
  const leading = argv.findIndex((arg) => !GLOBAL_FLAGS.has(arg));
  if (leading === -1) return { name: undefined, globals: argv, rest: [] };
  const globals = argv.slice(0, leading);
  return { name: argv[leading], globals, rest: [...globals, ...argv.slice(leading + 1)] };
}

/**
 * Runs one `bin/console` invocation against a booted platform. The same function serves the
 * in-process console and the hand-off server, so both behave identically; output goes through `io`.
 */
export async function runCommand(platform: PlatformServices, argv: string[], io: CommandIo): Promise<number> {
  const { name, globals, rest } = splitInvocation(argv);
  const verboseEnv = platform.env.logLevel === 'debug' || platform.env.logLevel === 'trace';

  const help = answerHelp(platform.commands, argv, io, (n) => inactiveOwner(platform, n));
  // answerHelp has answered unless `name` is a known command
  if (help !== undefined || name === undefined) return help ?? EXIT.ok;
  const command = platform.commands.get(name)!;
  const inactive = inactiveOwner(platform, name);
  if (inactive) {
    io.err(`Command ${name} belongs to extension ${inactive}, which is not active.`);
    return EXIT.failure;
  }

  // an extension's command runs with its extension's host, a platform command with the platform
  const owner = platform.commands.ownerOf(name);
  const host = owner === undefined ? platform : platform.extensions.hostOf(owner);
  return invokeCommand(command, { globals, rest, verboseEnv }, io, (input) => command.run(input, io, host));
}

/**
 * The answer to `bin/console`, `list`, `help [command]` and a known `<command> --help`, from the
 * declarations alone; undefined for anything that runs a command. The console answers these before it
 * opens any database, so help is instant.
 */
export function answerHelp(
  commands: { all(): CommandDescription[]; get(name: string): CommandDescription | undefined },
  argv: string[],
  io: CommandIo,
  inactiveOwner: (name: string) => string | undefined = () => undefined,
): number | undefined {
  const { name, rest } = splitInvocation(argv);
  if (name === undefined || name === 'list') {
    printLines(io.out, commandList(commands.all(), inactiveOwner));
    return EXIT.ok;
  }
  if (name === 'help') {
    const target = rest.find((arg) => !arg.startsWith('-'));
    return answerHelp(commands, target ? [target, '--help'] : ['list'], io, inactiveOwner);
  }
  const command = commands.get(name);
  if (!command) {
    io.err(`Command "${name}" is not defined. Run "bin/console list" to see the available commands.`);
    return EXIT.usage;
  }
  // only a plain request for help; anything else (bad options included) is the command's to parse
  if (rest.length === 1 && (rest[0] === '--help' || rest[0] === '-h')) {
    printLines(io.out, commandUsage(command));
    return EXIT.ok;
  }
  return undefined;
}

/**
 * Parses a command's input from `rest`, prints its usage for --help, else runs it; whatever it throws
 * is reported. Shared by platform commands and standalone ones (which run without a platform).
 */
export async function invokeCommand(
  command: ConsoleCommand,
  argv: { globals: string[]; rest: string[]; verboseEnv: boolean },
  io: CommandIo,
  run: (input: CommandInput) => Promise<number>,
): Promise<number> {
  let verbose = argv.verboseEnv || argv.globals.includes('-v') || argv.globals.includes('--verbose');
  try {
    const invocation = parseInvocation(command, argv.rest);
    verbose ||= invocation.verbose;
    if (invocation.help) {
      printLines(io.out, commandUsage(command));
      return EXIT.ok;
    }
    return await run(invocation.input);
  } catch (error) {
    return reportError(error, command, io, verbose);
  }
}

function inactiveOwner(platform: PlatformServices, name: string): string | undefined {
  const owner = platform.commands.ownerOf(name);
  return owner && !platform.extensions.isActive(owner) ? owner : undefined;
}

/** Prints a failed command's error (usage errors with the usage) and returns its exit code. */
function reportError(error: unknown, command: ConsoleCommand, io: CommandIo, verbose: boolean): number {
  if (error instanceof UsageError) {
    io.err(error.message);
    io.err('');
    printLines(io.err, commandUsage(command));
    return EXIT.usage;
  }
  if (error instanceof AppError) {
    const details = error instanceof AppErrorList ? error.entries.map((e) => e.message) : [error.message];
    for (const detail of details) io.err(detail);
    if (verbose && error.stack) printLines(io.err, error.stack.split('\n'));
    return EXIT.failure;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.err(`Command ${command.name} failed: ${message}`);
  if (verbose) printLines(io.err, (error instanceof Error && error.stack ? error.stack : message).split('\n'));
  else io.err('Run again with --verbose for details.');
  return EXIT.failure;
}

function printLines(write: (line: string) => void, lines: string[]): void {
  for (const line of lines) write(line);
}
