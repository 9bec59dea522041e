import { describe, expect, it } from 'vitest';
import type { ConsoleCommand, CommandInput } from '../../../src/platform/console/command.js';
import { CommandRegistry } from '../../../src/platform/console/registry.js';
import { runCommand } from '../../../src/platform/console/runner.js';
import { UsageError } from '../../../src/platform/console/usage-error.js';
import { AppError } from '../../../src/platform/errors/app-error.js';
import type { Platform } from '../../../src/platform/kernel.js';
import { captureIo } from './capture-io.js';

let lastInput: CommandInput | undefined;

const greet: ConsoleCommand = {
  name: 'demo:greet',
  description: 'Greets somebody',
  arguments: [
    { name: 'who', description: 'Whom to greet', required: true },
    { name: 'how', description: 'Greeting word' },
  ],
  options: {
    shout: { type: 'boolean', short: 's', description: 'In capitals' },
    times: { type: 'string', short: 't', valueName: '<n>', description: 'How often' },
    tag: { type: 'string', multiple: true, description: 'A tag' },
  },
  async run(input, io) {
    lastInput = input;
    const text = `${input.args.how ?? 'hello'} ${input.args.who}`;
    io.out(input.options.shout ? text.toUpperCase() : text);
    return 0;
  },
};

const failing = (name: string, error: unknown): ConsoleCommand => ({
  name,
  description: `Throws (${name})`,
  async run() {
    throw error;
  },
});

function fakePlatform(logLevel = 'silent'): Platform {
  const commands = new CommandRegistry();
  commands.register(greet);
  commands.register(failing('demo:app-error', new AppError(400, 'DEMO__BAD', 'The demo detail.')));
  commands.register(failing('demo:crash', new Error('boom')));
  commands.register(failing('demo:usage', new UsageError('--times is required.')));
  commands.register({ ...greet, name: 'inactive:cmd', description: 'Of a sleeping extension' }, 'ExtSleeping');
  commands.register({ ...greet, name: 'active:cmd', description: 'Of an awake extension' }, 'ExtAwake');
  // the runner reads only these members of the platform
  const extensions = { isActive: (name: string) => name === 'ExtAwake', hostOf: (name: string) => ({ extensionName: name }) };
  return { commands, extensions, env: { logLevel } } as unknown as Platform;
}

async function run(argv: string[], logLevel?: string) {
  const io = captureIo();
  const code = await runCommand(fakePlatform(logLevel), argv, io);
  return { code, ...io };
}

describe('console runner', () => {
  it('lists every command with its description, with no command or "list"', async () => {
    for (const argv of [[], ['list'], ['--help']]) {
      const { code, stdout } = await run(argv);
      expect(code).toBe(0);
      const text = stdout.join('\n');
      expect(text).toMatch(/demo:greet\s+Greets somebody/);
      expect(text).toMatch(/demo:crash\s+Throws \(demo:crash\)/);
      expect(text).toMatch(/inactive:cmd\s+Of a sleeping extension \(extension ExtSleeping is not active\)/);
      expect(text).toMatch(/active:cmd\s+Of an awake extension$/m);
    }
  });

  it('prints --help generated from the declaration', async () => {
    const { code, stdout, stderr } = await run(['demo:greet', '--help']);
    expect(code).toBe(0);
    expect(stderr).toEqual([]);
    const text = stdout.join('\n');
    expect(text).toContain('bin/console demo:greet [options] <who> [how]');
    expect(text).toContain('Greets somebody');
    expect(text).toMatch(/who\s+Whom to greet/);
    expect(text).toMatch(/how\s+Greeting word \(optional\)/);
    expect(text).toMatch(/-s, --shout\s+In capitals/);
    expect(text).toMatch(/-t, --times <n>\s+How often/);
    expect(text).toMatch(/--tag <tag>\s+A tag \(may be repeated\)/);
    expect(text).toMatch(/-h, --help\s+Show this help/);
    expect(text).toMatch(/-v, --verbose/);
    // -h and "help <command>" print the same
    expect((await run(['demo:greet', '-h'])).stdout).toEqual(stdout);
    expect((await run(['help', 'demo:greet'])).stdout).toEqual(stdout);
  });

  it('passes arguments and options to the command', async () => {
    const { code, stdout } = await run(['demo:greet', 'world', 'hi', '-s', '--times', '3', '--tag', 'a', '--tag=b']);
    expect(code).toBe(0);
    expect(stdout).toEqual(['HI WORLD']);
    expect(lastInput).toEqual({ args: { who: 'world', how: 'hi' }, options: { shout: true, times: '3', tag: ['a', 'b'] } });
  });

  it('answers an unknown command with exit code 2', async () => {
    const { code, stdout, stderr } = await run(['nope:nothing']);
    expect(code).toBe(2);
    expect(stdout).toEqual([]);
    expect(stderr.join('\n')).toContain('Command "nope:nothing" is not defined');
  });

  it.each([
    [['demo:greet', 'x', '--loud'], "Unknown option '--loud'"],
    [['demo:greet', 'x', '--times'], "Option '-t, --times <value>' argument missing"],
    [['demo:greet'], 'Missing argument: who.'],
    [['demo:greet', 'a', 'b', 'secret-c'], 'Too many arguments: demo:greet takes 2, got 3.'],
    [['demo:usage'], '--times is required.'],
  ])('answers bad usage %j with a message, the usage and exit code 2', async (argv, message) => {
    const { code, stdout, stderr } = await run(argv);
    expect(code).toBe(2);
    expect(stdout).toEqual([]);
    expect(stderr[0]).toContain(message);
    expect(stderr.join('\n')).toContain(`Usage:\n  bin/console ${argv[0]}`);
    expect(stderr.join('\n')).not.toContain('secret-c');
  });

  it('prints the detail of an AppError with exit code 1', async () => {
    const { code, stdout, stderr } = await run(['demo:app-error']);
    expect(code).toBe(1);
    expect(stdout).toEqual([]);
    expect(stderr).toEqual(['The demo detail.']);
  });

  it('reports other errors briefly, with the stack only when verbose', async () => {
    const brief = await run(['demo:crash']);
    expect(brief.code).toBe(1);
    expect(brief.stderr[0]).toBe('Command demo:crash failed: boom');
    expect(brief.stderr.join('\n')).not.toMatch(/\n\s+at /);
    for (const verbose of [await run(['demo:crash', '--verbose']), await run(['-v', 'demo:crash']), await run(['demo:crash'], 'debug')]) {
      expect(verbose.code).toBe(1);
      expect(verbose.stderr.join('\n')).toMatch(/Error: boom\n\s+at /);
    }
  });

  it('refuses commands of inactive extensions', async () => {
    const { code, stderr } = await run(['inactive:cmd', 'x']);
    expect(code).toBe(1);
    expect(stderr).toEqual(['Command inactive:cmd belongs to extension ExtSleeping, which is not active.']);
    expect((await run(['active:cmd', 'x'])).code).toBe(0);
  });
});
