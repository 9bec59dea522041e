import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { getPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../../src/platform/sandbox/sandbox.js';
import { SandboxLimitError } from '../../../src/platform/sandbox/sandbox-limit-error.js';
import { DEFAULT_SANDBOX_LIMITS, readSandboxLimits } from '../../../src/platform/sandbox/sandbox-limits.js';

const TASKS = new URL('./fixtures/sandbox-tasks.js', import.meta.url);
const limits = { ...DEFAULT_SANDBOX_LIMITS, timeoutMs: 1000, memoryMb: 32, maxResultBytes: 10_000, maxResultDepth: 10, threads: 2 };

async function limitOf(promise: Promise<unknown>): Promise<SandboxLimitError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SandboxLimitError);
  return error as SandboxLimitError;
}

describe('sandbox: tasks in worker threads the main thread can terminate', () => {
  const sandbox = new Sandbox(limits, pino({ level: 'silent' }));
  afterAll(() => sandbox.close());

  it('runs a task of a module with its input and the limits', async () => {
    expect(await sandbox.run(TASKS, 'echo', { a: [1, 'two'] })).toEqual({ input: { a: [1, 'two'] }, timeoutMs: 1000 });
  });

  it('workers run at a lower priority than the main thread, which answers everyone else', async () => {
    expect(await sandbox.run(TASKS, 'priority', null)).toBe(Math.min(19, getPriority() + 10));
  });

  it('terminates a catastrophic regular expression at the time limit while the main thread stays free, then runs the next task', async () => {
    let settled = false;
    const running = sandbox.run(TASKS, 'backtrack', null).finally(() => (settled = true));
    // the event loop turns while the worker backtracks
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    const error = await limitOf(running);
    expect(error.limit).toBe('time');
    expect(error.message).toBe('it took longer than 1000 ms');
    expect(await sandbox.run(TASKS, 'echo', 1)).toEqual({ input: 1, timeoutMs: 1000 });
  });

  it('a shorter time limit per task applies; a longer one does not', async () => {
    expect((await limitOf(sandbox.run(TASKS, 'backtrack', null, { timeoutMs: 100 }))).message).toBe('it took longer than 100 ms');
    expect((await limitOf(sandbox.run(TASKS, 'backtrack', null, { timeoutMs: 60_000 }))).message).toBe('it took longer than 1000 ms');
  });

  it('ends a worker that needs more heap than the memory limit', async () => {
    // a time limit the allocation cannot reach even on a loaded machine (it once took over 1 s there): only the memory limit may end it
    const roomy = new Sandbox({ ...limits, timeoutMs: 30_000 }, pino({ level: 'silent' }));
    try {
      const error = await limitOf(roomy.run(TASKS, 'exhaustMemory', null));
      expect(error.limit).toBe('memory');
      expect(error.message).toBe('it needed more than 32 MB of memory');
      expect(await roomy.run(TASKS, 'echo', 2)).toEqual({ input: 2, timeoutMs: 30_000 });
    } finally {
      await roomy.close();
    }
  });

  it('refuses an answer larger or deeper than allowed inside the worker, a huge string by its length', async () => {
    expect(await sandbox.run(TASKS, 'longText', { length: 9_000 })).toHaveLength(9_000);
    expect(await limitOf(sandbox.run(TASKS, 'longText', { length: 10_000 }))).toMatchObject({ limit: 'size', message: 'its answer is larger than 10000 bytes' });
    expect(await limitOf(sandbox.run(TASKS, 'longText', { length: 200_000_000 }))).toMatchObject({ limit: 'size' });
    expect(await sandbox.run(TASKS, 'nested', { depth: 9 })).toBeDefined();
    expect(await limitOf(sandbox.run(TASKS, 'nested', { depth: 10_000 }))).toMatchObject({ limit: 'depth', message: 'its answer nests deeper than 10 levels' });
  });

  it('a task waiting for a free worker is not timed while it waits', async () => {
    // both workers backtrack for the full second; the echo waits for one of them, longer than its own limit
    const long = [1, 2].map(() => limitOf(sandbox.run(TASKS, 'backtrack', null)));
    const waiting = sandbox.run(TASKS, 'echo', 'after', { timeoutMs: 200 });
    expect(await waiting).toEqual({ input: 'after', timeoutMs: 1000 });
    expect((await Promise.all(long)).map((error) => error.limit)).toEqual(['time', 'time']);
  });

  it('what a task throws is rejected as it is, not as a limit', async () => {
    await expect(sandbox.run(TASKS, 'fails', null)).rejects.toThrow('the task failed');
    await expect(sandbox.run(TASKS, 'noSuchTask', null)).rejects.toThrow('the sandbox module has no task "noSuchTask"');
  });

  it('after close no task runs, and a process that used the sandbox ends on its own', async () => {
    const closing = new Sandbox(limits, pino({ level: 'silent' }));
    await closing.run(TASKS, 'echo', 0);
    await closing.close();
    await expect(closing.run(TASKS, 'echo', 0)).rejects.toThrow('the sandbox is closed');

    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./fixtures/run-and-close.ts', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const [code] = await once(child, 'exit');
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: 'closed' });
  });
});

describe('sandbox limits from the environment', () => {
  it('SANDBOX_* variables over the defaults; a value that is no positive integer stops the start', () => {
    expect(readSandboxLimits({})).toEqual(DEFAULT_SANDBOX_LIMITS);
    expect(readSandboxLimits({ SANDBOX_TIMEOUT_MS: '500', SANDBOX_MEMORY_MB: '128', SANDBOX_MAX_RESULT_BYTES: '2048', SANDBOX_MAX_YAML_ALIASES: '10' })).toMatchObject({
      timeoutMs: 500,
      memoryMb: 128,
      maxResultBytes: 2048,
      maxYamlAliases: 10,
    });
    expect(() => readSandboxLimits({ SANDBOX_TIMEOUT_MS: '0' })).toThrow('SANDBOX_TIMEOUT_MS must be a positive integer, got "0"');
    expect(() => readSandboxLimits({ SANDBOX_THREADS: 'two' })).toThrow('SANDBOX_THREADS must be a positive integer');
  });
});
