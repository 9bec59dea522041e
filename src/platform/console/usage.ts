import type { CommandDescription as ConsoleCommand, CommandOption } from './command.js';

/** Flags every command understands; the runner adds them to each declaration. */
export const GLOBAL_OPTIONS: Record<string, CommandOption> = {
  help: { type: 'boolean', short: 'h', description: 'Show this help' },
  verbose: { type: 'boolean', short: 'v', description: 'Show stack traces of unexpected errors' },
};

/** The command's options plus the global ones it does not redefine (by name or short form). */
export function effectiveOptions(command: ConsoleCommand): Record<string, CommandOption> {
  const declared = command.options ?? {};
  const shorts = new Set(Object.values(declared).map((o) => o.short));
  const globals = Object.entries(GLOBAL_OPTIONS).filter(([name, o]) => !(name in declared) && !shorts.has(o.short));
  return { ...declared, ...Object.fromEntries(globals) };
}

/** `--help` of one command, generated from its declaration. */
export function commandUsage(command: ConsoleCommand): string[] {
  const args = command.arguments ?? [];
  const synopsis = [command.name, '[options]', ...args.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`))].join(' ');
  const lines = ['Usage:', `  bin/console ${synopsis}`, '', 'Description:', `  ${command.description}`];
  if (args.length > 0) {
    lines.push('', 'Arguments:');
    lines.push(...columns(args.map((a) => [a.name, a.description + (a.required ? '' : ' (optional)')])));
  }
  const options = effectiveOptions(command);
  lines.push('', 'Options:');
  lines.push(...columns(Object.entries(options).map(([name, option]) => [optionSynopsis(name, option), optionDescription(option)])));
  return lines;
}

/** `bin/console` / `bin/console list`: every command with its description. */
export function commandList(commands: ConsoleCommand[], inactiveOwner: (name: string) => string | undefined): string[] {
  const rows = commands.map((c) => {
    const owner = inactiveOwner(c.name);
    return [c.name, owner ? `${c.description} (extension ${owner} is not active)` : c.description];
  });
  return [
    'Usage:',
    '  bin/console <command> [options] [arguments]',
    '  bin/console <command> --help',
    '',
    'Available commands:',
    ...columns([['list', 'List the commands'], ['help <command>', 'Show the help of a command'], ...rows]),
  ];
}

function optionSynopsis(name: string, option: CommandOption): string {
  const short = option.short ? `-${option.short}, ` : '    ';
  const value = option.type === 'string' ? ` ${option.valueName ?? `<${name}>`}` : '';
  return `${short}--${name}${value}`;
}

function optionDescription(option: CommandOption): string {
  return option.multiple ? `${option.description} (may be repeated)` : option.description;
}

function columns(rows: string[][]): string[] {
  const width = Math.max(...rows.map((r) => r[0]!.length));
  return rows.map(([left, right]) => `  ${left!.padEnd(width)}  ${right ?? ''}`.trimEnd());
}
