import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { startHandoffServer, type HandoffServer } from '../../../src/platform/console/handoff-server.js';
import { runViaHandoff } from '../../../src/platform/console/handoff-client.js';
import { embeddedPaths } from '../../../src/platform/database/embedded-lock.js';
import { spawnServerProcess } from '../../helpers/server-process.js';
import { captureIo } from './capture-io.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('console hand-off in one process', () => {
  let t: TestPlatform;
  let server: HandoffServer;
  let socket: string;
  beforeAll(async () => {
    t = await createTestPlatform();
    socket = embeddedPaths(t.platform.env.varDir).socket;
    writeFileSync(socket, 'left over by a crashed server');
    server = await startHandoffServer(t.platform, socket);
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  async function handOff(argv: string[]) {
    const io = captureIo();
    const result = await runViaHandoff(socket, argv, io.out, io.err);
    return { result, stdout: io.stdout, stderr: io.stderr };
  }

  it('listens on a socket only its user can open, replacing a stale socket file', () => {
    const stat = statSync(socket);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('runs the command in the server and streams output and exit code', async () => {
    const set = await handOff(['system-config:set', 'Handoff.config.key', 'value 1']);
    expect(set).toEqual({ result: { kind: 'done', exitCode: 0 }, stdout: ['Saved Handoff.config.key (global).'], stderr: [] });
    expect(await t.platform.systemConfig.get('Handoff.config.key')).toBe('value 1');
    const unknown = await handOff(['nope']);
    expect(unknown.result).toEqual({ kind: 'done', exitCode: 2 });
    expect(unknown.stderr[0]).toContain('Command "nope" is not defined');
  });

  it('runs commands of several clients at once', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => handOff(['system-config:set', `Handoff.config.k${n}`, String(n)])));
    expect(results.map((r) => r.result)).toEqual(Array(3).fill({ kind: 'done', exitCode: 0 }));
    expect(await t.platform.systemConfig.get('Handoff.config.k3')).toBe('3');
  });

  it('refuses the worker', async () => {
    const worker = await handOff(['worker']);
    expect(worker.result).toEqual({ kind: 'done', exitCode: 1 });
    expect(worker.stderr.join(' ')).toContain('The worker cannot run through the server');
    expect((await handOff(['worker', '--help'])).result).toEqual({ kind: 'done', exitCode: 0 });
  });

  it('reports an unreachable socket', async () => {
    expect((await runViaHandoff(path.join(t.platform.env.varDir, 'missing.sock'), ['list'], () => {}, () => {})).kind).toBe('unreachable');
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function binConsole(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'bin/console'), args, { env, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('bin/console against a running server (embedded database only: with DATABASE_URL there is no hand-off)', () => {
  let varDir: string;
  let cwd: string;
  let server: ChildProcess;
  let serverLog: () => string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    varDir = mkdtempSync(path.join(tmpdir(), 'console-e2e-'));
    cwd = mkdtempSync(path.join(tmpdir(), 'console-cwd-'));
    env = { ...process.env, VAR_DIR: varDir, PORT: '0', HOST: '127.0.0.1', RUN_WORKER: '0', DATABASE_URL: '', LOG_LEVEL: 'warn' };
    ({ child: server, log: serverLog } = spawnServerProcess(env));
    await waitFor(() => existsSync(embeddedPaths(varDir).socket) || server.exitCode !== null, 'the server socket');
    if (server.exitCode !== null) throw new Error(`server exited: ${serverLog()}`);
  }, 120_000);
  afterAll(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    rmSync(varDir, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  });

  it('refuses to open a database another bin/console process holds', async () => {
    const otherVarDir = mkdtempSync(path.join(tmpdir(), 'console-busy-'));
    try {
      // this test process stands in for a running `bin/console worker`
      writeFileSync(embeddedPaths(otherVarDir).lockFile, JSON.stringify({ pid: process.pid, role: 'console', command: 'worker' }));
      const busy = await binConsole(['extension:list'], { ...env, VAR_DIR: otherVarDir }, cwd);
      expect(busy.code).toBe(1);
      expect(busy.stdout).toBe('');
      expect(busy.stderr).toBe(`The embedded database is in use by another bin/console process (pid ${process.pid}, running worker). Wait for it to finish or stop it, then try again.\n`);
    } finally {
      rmSync(otherVarDir, { recursive: true, force: true });
    }
  });

  it('hands commands to the server, from any working directory, and the server releases the database on SIGTERM', async () => {
    const list = await binConsole(['extension:list'], env, cwd);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^(Name\s+Version|No extensions are listed)/);

    const set = await binConsole(['system-config:set', 'E2e.config.greeting', 'hello from the console'], env, cwd);
    expect(set).toEqual({ code: 0, stdout: 'Saved E2e.config.greeting (global).\n', stderr: '' });
    const get = await binConsole(['system-config:get', 'E2e.config.greeting'], env, cwd);
    expect(get).toEqual({ code: 0, stdout: 'hello from the console\n', stderr: '' });

    const unknown = await binConsole(['no:such-command'], env, cwd);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Command "no:such-command" is not defined');
    const worker = await binConsole(['worker'], env, cwd);
    expect(worker.code).toBe(1);
    expect(worker.stderr).toContain('The worker cannot run through the server');

    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(embeddedPaths(varDir).socket)).toBe(false);
    expect(existsSync(embeddedPaths(varDir).lockFile)).toBe(false);

    // no server: bin/console opens the database itself and sees what the server stored
    const direct = await binConsole(['system-config:get', 'E2e.config.greeting'], env, cwd);
    expect(direct).toEqual({ code: 0, stdout: 'hello from the console\n', stderr: '' });
    expect(existsSync(embeddedPaths(varDir).lockFile)).toBe(false);
  }, 120_000);
});
