import { describe, expect, it } from 'vitest';
import type { CommandInput, ConsoleCommand, StandaloneConsoleCommand } from '../../../src/platform/console/command.js';
import { isStandaloneCommand } from '../../../src/platform/console/command.js';
import { runStandaloneCommand } from '../../../src/platform/console/standalone.js';
import { UsageError } from '../../../src/platform/console/usage-error.js';
import { captureIo } from './capture-io.js';

const calls: Array<{ input: CommandInput; argCount: number }> = [];

const serve: StandaloneConsoleCommand = {
  name: 'demo:serve',
  description: 'Serves without a platform',
  standalone: true,
  options: {
    port: { type: 'string', short: 'p', valueName: '<n>', description: 'Port' },
    tag: { type: 'string', multiple: true, description: 'A tag' },
  },
  async run(input, io, ...rest: unknown[]) {
    calls.push({ input, argCount: 2 + rest.length });
    if (input.options.port === 'bad') throw new UsageError('--port must be a number.');
    if (input.options.port === 'crash') throw new Error('cannot listen');
    io.out(`serving on ${input.options.port ?? '0'}`);
    return 0;
  },
};

// a platform command of the same list: never run by the standalone path
const migrate: ConsoleCommand = {
  name: 'demo:migrate',
  description: 'Needs the database',
  async run() {
    throw new Error('must not run without a platform');
  },
};

const commands = [migrate, serve];

async function dispatch(argv: string[]) {
  const io = captureIo();
  const code = await runStandaloneCommand(commands, argv, io);
  return { code, ...io };
}

describe('standalone console commands', () => {
  it('are recognised by their declaration', () => {
    expect(isStandaloneCommand(serve)).toBe(true);
    expect(isStandaloneCommand(migrate)).toBe(false);
  });

  it('run with parsed options and no platform argument', async () => {
    calls.length = 0;
    const { code, stdout } = await dispatch(['demo:serve', '--port', '8090', '--tag', 'a', '--tag=b']);
    expect(code).toBe(0);
    expect(stdout).toEqual(['serving on 8090']);
    expect(calls).toEqual([{ input: { args: {}, options: { port: '8090', tag: ['a', 'b'] } }, argCount: 2 }]);
  });

  it('accept global flags before the command name', async () => {
    const { code, stdout } = await dispatch(['-v', 'demo:serve', '-p', '1']);
    expect(code).toBe(0);
    expect(stdout).toEqual(['serving on 1']);
  });

  it.each([[[]], [['list']], [['--help']], [['demo:migrate']], [['help', 'demo:migrate']], [['nope:unknown']], [['help']]])(
    'leave %j to the platform path (undefined)',
    async (argv) => {
      const { code, stdout, stderr } = await dispatch(argv);
      expect(code).toBeUndefined();
      expect([...stdout, ...stderr]).toEqual([]);
    },
  );

  it('print their usage for --help and "help <name>"', async () => {
    const help = await dispatch(['demo:serve', '--help']);
    expect(help.code).toBe(0);
    const text = help.stdout.join('\n');
    expect(text).toContain('bin/console demo:serve [options]');
    expect(text).toMatch(/-p, --port <n>\s+Port/);
    expect((await dispatch(['help', 'demo:serve'])).stdout).toEqual(help.stdout);
    expect((await dispatch(['demo:serve', '-h'])).stdout).toEqual(help.stdout);
  });

  it('answer bad usage with the message, the usage and exit code 2', async () => {
    const unknown = await dispatch(['demo:serve', '--loud']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr[0]).toContain("Unknown option '--loud'");
    expect(unknown.stderr.join('\n')).toContain('Usage:\n  bin/console demo:serve');
    const thrown = await dispatch(['demo:serve', '--port', 'bad']);
    expect(thrown.code).toBe(2);
    expect(thrown.stderr[0]).toBe('--port must be a number.');
  });

  it('report a failure with exit code 1', async () => {
    const { code, stderr } = await dispatch(['demo:serve', '--port', 'crash']);
    expect(code).toBe(1);
    expect(stderr[0]).toBe('Command demo:serve failed: cannot listen');
  });
});
