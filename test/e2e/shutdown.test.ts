import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../../src/platform/database/connection.js';
import { embeddedPaths } from '../../src/platform/database/embedded-lock.js';
import { adminConnectionString, withAdminClient } from '../helpers/databases.js';
import { descendantsOf, isRunning } from '../helpers/process-tree.js';
import { freePort } from './free-port.js';

const root = path.resolve(import.meta.dirname, '../..');
const DEMO_RUN_QUEUE = 'ext_demo_data.run';

interface Started {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  log(): string;
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd: root, env });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, log: () => log };
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number, started?: Started): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (started && started.child.exitCode !== null) throw new Error(`the process exited while waiting for ${what}: ${started.log()}`);
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time${started ? `: ${started.log()}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The processes the README and docs/console.md start, stopped the way a service manager, a container runtime or a terminal
 * does: `npm start` (npm itself is the parent the signal reaches) and `bin/console worker`, on SIGTERM and
 * SIGINT, while a queued demo data run is running. Each exits 0 within SHUTDOWN_TIMEOUT plus the close
 * bound, leaves no process behind, and the run is not lost: finished, or back in the queue as not tried
 * (the run allows no retry, so pg-boss alone marked it failed).
 */
describe('stopping `npm start` and `bin/console worker`', () => {
  let varDir: string;
  let databaseUrl = '';
  let dropDatabase = async () => {};
  const leftovers: number[] = [];

  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      const name = `e2e_${randomBytes(4).toString('hex')}`;
      await withAdminClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
      databaseUrl = adminConnectionString(serverUrl, name);
      dropDatabase = () => withAdminClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined);
    }
    varDir = mkdtempSync(path.join(tmpdir(), 'shutdown-e2e-'));
    // the build `npm start` would run first when a source is newer, outside the timed part
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], { cwd: root, stdio: 'ignore' });
  }, 180_000);

  afterAll(async () => {
    for (const pid of leftovers) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    await dropDatabase();
  });

  const envFor = (port: number): NodeJS.ProcessEnv => ({
    ...process.env,
    VAR_DIR: varDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SHUTDOWN_TIMEOUT: '1',
  });

  /** The demo data run's queue message: its state, and whether a try was counted. */
  async function demoRunJobs(): Promise<Array<{ id: string; state: string; started_on: Date | null }>> {
    const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: embeddedPaths(varDir).dataDir });
    try {
      const result = await sql<{ id: string; state: string; started_on: Date | null }>`SELECT id, state, started_on FROM pgboss.job WHERE name = ${DEMO_RUN_QUEUE} ORDER BY created_on`.execute(handle.db);
      return result.rows;
    } finally {
      await handle.close();
    }
  }

  /** Sends `signal`, then expects exit code 0 within the bounds and no process of the tree left. */
  async function stopAndExpectClean(started: Started, signal: NodeJS.Signals): Promise<void> {
    const pid = started.child.pid!;
    const tree = [pid, ...descendantsOf(pid)];
    leftovers.push(...tree);
    started.child.kill(signal);
    // SHUTDOWN_TIMEOUT 1 s, pg-boss's own minimum wait of 1 s, the close bound of 5 s, and npm
    const exit = await Promise.race([started.exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000))]);
    expect(exit, started.log()).toEqual({ code: 0, signal: null });
    expect(tree.filter(isRunning), `still running after ${signal}: ${started.log()}`).toEqual([]);
  }

  /** Demo run jobs: none lost (failed) or left claimed by a stopped worker (active). */
  async function expectNoRunLost(): Promise<void> {
    const jobs = await demoRunJobs();
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      expect(['completed', 'retry', 'created'], JSON.stringify(job)).toContain(job.state);
      if (job.state !== 'completed') expect(job.started_on, 'a job handed back counts no try').toBeNull();
    }
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`npm start on ${signal}: stops taking requests, hands the running job back, exits 0 and leaves no node process`, async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const startedAt = new Date();
      const server = start('npm', ['start'], envFor(port));
      leftovers.push(server.child.pid!);
      await until('the health check', async () => (await fetch(`${base}/api/_info/health-check`)).ok, 120_000, server);
      const tree = [server.child.pid!, ...descendantsOf(server.child.pid!)];
      leftovers.push(...tree);
      // npm runs the server as its only child: no shell between them that the signal could stop instead
      expect(tree).toHaveLength(2);

      const login = await fetch(`${base}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', client_id: 'administration', username: 'admin', password: 'shopware' }),
      });
      const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`, 'content-type': 'application/json' };
      const status = async () => ((await (await fetch(`${base}/api/_action/ext-demo-data/status`, { headers })).json()) as { status: { state: string; startedAt: string | null } }).status;
      // the whole catalogue with images runs for minutes; after the first test, the run handed back resumes
      // here (or, when its lease ran out meanwhile, ends at once and a new one is queued)
      await until('the worker running a demo data run', async () => {
        const run = await status();
        if (run.state !== 'running') expect((await fetch(`${base}/api/_action/ext-demo-data/generate`, { method: 'POST', headers, body: '{}' })).status).toBe(202);
        return run.state === 'running' && run.startedAt !== null && new Date(run.startedAt) > startedAt;
      }, 60_000, server);

      await stopAndExpectClean(server, signal);
      await expect(fetch(`${base}/api/_info/health-check`)).rejects.toThrow();
      await expectNoRunLost();
    }, 240_000);
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`bin/console worker on ${signal}: exits 0, leaves no node process, loses no job`, async () => {
      const worker = start(path.join(root, 'bin/console'), ['worker', '--poll-interval', '0.5'], envFor(0));
      leftovers.push(worker.child.pid!);
      await until('the worker', async () => worker.log().includes('Worker consuming'), 60_000, worker);
      if (databaseUrl) {
        // the run handed back by the server above: taken up again by this worker (after the hand-back delay)
        await until('the worker taking the handed-back run', async () => (await demoRunJobs()).some((job) => job.state === 'active'), 30_000, worker);
      }
      await stopAndExpectClean(worker, signal);
      expect(worker.log()).toContain('Worker stopped.');
      await expectNoRunLost();
    }, 120_000);
  }
});
