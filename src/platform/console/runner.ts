import type { CommandIo, ConsoleCommand } from './command.js';
import type { Platform } from '../kernel.js';
import { AppError, AppErrorList } from '../errors/app-error.js';
import { parseInvocation } from './parse-input.js';
import { commandList, commandUsage } from './usage.js';
import { UsageError } from './usage-error.js';
import { EXIT } from './exit-codes.js';

const GLOBAL_FLAGS = new Set(['-h', '--help', '-v', '--verbose']);

/** The command an argv names: its first word after global flags (`bin/console -v foo` runs foo). */
export function commandNameOf(argv: string[]): string | undefined {
  return argv.find((arg) => !GLOBAL_FLAGS.has(arg));
}

/**
 * Runs one `bin/console` invocation against a booted platform. The same function serves the
 * in-process console and the hand-off server, so both behave identically; output goes through `io`.
 */
export async function runCommand(platform: Platform, argv: string[], io: CommandIo): Promise<number> {
  const leading = argv.findIndex((arg) => !GLOBAL_FLAGS.has(arg));
  const name = leading === -1 ? undefined : argv[leading];
  const globals = leading === -1 ? argv : argv.slice(0, leading);
  const rest = leading === -1 ? [] : [...globals, ...argv.slice(leading + 1)];
  const verboseEnv = platform.env.logLevel === 'debug' || platform.env.logLevel === 'trace';

  if (name === undefined || name === 'list') {
    printLines(io.out, commandList(platform.commands.all(), (n) => inactiveOwner(platform, n)));
    return EXIT.ok;
  }
  if (name === 'help') {
    const target = rest.find((arg) => !arg.startsWith('-'));
    if (!target) return runCommand(platform, ['list'], io);
    return runCommand(platform, [target, '--help'], io);
  }

  const command = platform.commands.get(name);
  if (!command) {
    io.err(`Command "${name}" is not defined. Run "bin/console list" to see the available commands.`);
    return EXIT.usage;
  }
  const owner = inactiveOwner(platform, name);
  if (owner) {
    io.err(`Command ${name} belongs to extension ${owner}, which is not active.`);
    return EXIT.failure;
  }

  let verbose = verboseEnv || globals.includes('-v') || globals.includes('--verbose');
  try {
    const invocation = parseInvocation(command, rest);
    verbose ||= invocation.verbose;
    if (invocation.help) {
      printLines(io.out, commandUsage(command));
      return EXIT.ok;
    }
    return await command.run(invocation.input, io, platform);
  } catch (error) {
    return reportError(error, command, io, verbose);
  }
}

function inactiveOwner(platform: Platform, name: string): string | undefined {
  const owner = platform.commands.ownerOf(name);
  return owner && !platform.extensions.isActive(owner) ? owner : undefined;
}

/** Prints a failed command's error (usage errors with the usage) and returns its exit code. */
export function reportError(error: unknown, command: ConsoleCommand, io: CommandIo, verbose: boolean): number {
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
