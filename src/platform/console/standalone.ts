import { isStandaloneCommand, type AnyConsoleCommand, type CommandIo } from './command.js';
import { invokeCommand, splitInvocation } from './runner.js';
import { commandUsage } from './usage.js';
import { EXIT } from './exit-codes.js';

/**
 * Runs `argv` when it names a standalone command (`<name> [options]`, `<name> --help`, `help <name>`),
 * without a platform; returns undefined for any other invocation, which the console then runs on a booted
 * platform (or hands to a running server) as usual.
 */
export async function runStandaloneCommand(commands: readonly AnyConsoleCommand[], argv: string[], io: CommandIo): Promise<number | undefined> {
  const { name, globals, rest } = splitInvocation(argv);
  if (name === undefined) return undefined;
  const find = (wanted: string | undefined) => commands.filter(isStandaloneCommand).find((c) => c.name === wanted);

  if (name === 'help') {
    const target = find(rest.find((arg) => !arg.startsWith('-')));
    if (!target) return undefined;
    for (const line of commandUsage(target)) io.out(line);
    return EXIT.ok;
  }
  const command = find(name);
  if (!command) return undefined;

  const logLevel = process.env.LOG_LEVEL;
  const verboseEnv = logLevel === 'debug' || logLevel === 'trace';
  return invokeCommand(command, { globals, rest, verboseEnv }, io, (input) => command.run(input, io));
}
