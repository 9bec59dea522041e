import { isStandaloneCommand, type CommandIo, type ConsoleCommand } from './command.js';
import { parseInvocation } from './parse-input.js';
import { commandNameOf, reportError } from './runner.js';
import { commandUsage } from './usage.js';
import { EXIT } from './exit-codes.js';

/**
 * Runs `argv` when it names a standalone command (`<name> [options]`, `<name> --help`, `help <name>`),
 * without a platform; returns undefined for any other invocation, which the console then runs on a booted
 * platform (or hands to a running server) as usual.
 */
export async function runStandaloneCommand(commands: readonly ConsoleCommand[], argv: string[], io: CommandIo): Promise<number | undefined> {
  const name = commandNameOf(argv);
  if (name === undefined) return undefined;
  const find = (wanted: string | undefined) => commands.find((c) => c.name === wanted && isStandaloneCommand(c));
  const at = argv.indexOf(name);
  const globals = argv.slice(0, at);
  const rest = [...globals, ...argv.slice(at + 1)];

  if (name === 'help') {
    const target = find(rest.find((arg) => !arg.startsWith('-')));
    if (!target) return undefined;
    for (const line of commandUsage(target)) io.out(line);
    return EXIT.ok;
  }
  const command = find(name);
  if (!command || !isStandaloneCommand(command)) return undefined;

  const logLevel = process.env.LOG_LEVEL;
  let verbose = logLevel === 'debug' || logLevel === 'trace' || globals.includes('-v') || globals.includes('--verbose');
  try {
    const invocation = parseInvocation(command, rest);
    verbose ||= invocation.verbose;
    if (invocation.help) {
      for (const line of commandUsage(command)) io.out(line);
      return EXIT.ok;
    }
    return await command.run(invocation.input, io);
  } catch (error) {
    return reportError(error, command, io, verbose);
  }
}
