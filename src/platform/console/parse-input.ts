import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CommandInput, ConsoleCommand } from './command.js';
import { effectiveOptions } from './usage.js';
import { UsageError } from './usage-error.js';

export interface ParsedInvocation {
  input: CommandInput;
  help: boolean;
  verbose: boolean;
}

/** Parses a command's argv (without the command name) against its declaration; throws UsageError. */
export function parseInvocation(command: ConsoleCommand, argv: string[]): ParsedInvocation {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, option] of Object.entries(effectiveOptions(command))) {
    options[name] = { type: option.type, multiple: option.multiple === true, ...(option.short ? { short: option.short } : {}) };
  }
  let parsed: { values: Record<string, string | boolean | Array<string | boolean> | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    // node appends advice about `--` that does not help here
    if (isParseArgsError(error)) throw new UsageError(error.message.replace(/\. To specify a positional argument.*$/s, '.'));
    throw error;
  }
  const { help, verbose, ...values } = parsed.values;
  const wantsHelp = help === true;
  const declaredArgs = command.arguments ?? [];
  if (!wantsHelp) {
    if (parsed.positionals.length > declaredArgs.length) {
      // values are not repeated: a misplaced one may be a password
      throw new UsageError(`Too many arguments: ${command.name} takes ${declaredArgs.length}, got ${parsed.positionals.length}.`);
    }
    const missing = declaredArgs.filter((a, i) => a.required && parsed.positionals[i] === undefined);
    if (missing.length > 0) throw new UsageError(`Missing argument${missing.length > 1 ? 's' : ''}: ${missing.map((a) => a.name).join(', ')}.`);
  }
  const args: Record<string, string | undefined> = {};
  declaredArgs.forEach((a, i) => (args[a.name] = parsed.positionals[i]));
  return {
    input: { args, options: values as CommandInput['options'] },
    help: wantsHelp,
    verbose: verbose === true,
  };
}

function isParseArgsError(error: unknown): error is Error & { code: string } {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
