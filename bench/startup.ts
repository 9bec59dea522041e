import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/e2e/free-port.js';
import { compared, summarize, type Row } from './measure.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const STARTS = 3;

/**
 * Process start, measured as a user meets it: `node dist/start.js` (what `npm start` runs) until the health
 * check answers, cold (an empty data folder: migrations, first start) and warm (the same folder again), and
 * `bin/console --help`; against a bare Fastify hello world and a bare `node -e 0` started the same way.
 */
export async function startupCases(databaseUrl: string | undefined): Promise<Row[]> {
  spawnSync('node', ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'ignore' });
  const bareScript = `const f = require('fastify')(); f.get('/h', async () => ({ ok: true })); f.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });`;
  const bare = await timesOf(() => startAndAwait(['-e', bareScript], '/h', {}));
  const bareRow = summarize('bare Fastify hello world: process start to first answer', bare);

  const varDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'));
  try {
    const env = { VAR_DIR: varDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const cold = databaseUrl ? null : await startAndAwait(['dist/start.js'], '/api/_info/health-check', env);
    const warm = await timesOf(() => startAndAwait(['dist/start.js'], '/api/_info/health-check', env));
    const rows: Row[] = [bareRow];
    if (cold !== null) rows.push(summarize('npm start (compiled): cold start to health, empty data folder', [cold]));
    rows.push({ ...compared(summarize('npm start (compiled): warm start to health', warm), bareRow, ''), target: databaseUrl ? '≤ 1,500 ms' : '≤ 3,000 ms' });
    const node = summarize('bare node -e 0', await timesOf(async () => runToEnd('node', ['-e', '0'])));
    const help = summarize('bin/console --help', await timesOf(async () => runToEnd(path.join(ROOT, 'bin/console'), ['--help'], env)));
    rows.push(node, { ...compared(help, node, ''), target: '≤ 500 ms' });
    return rows;
  } finally {
    rmSync(varDir, { recursive: true, force: true });
  }
}

async function timesOf(start: () => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) times.push(await start());
  return times;
}

/** Milliseconds from spawning `node args` on a free port until `healthPath` answers 200; the process is then stopped. */
async function startAndAwait(args: string[], healthPath: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('node', args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`node ${args[0]} exited with ${child.exitCode} before answering`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}${healthPath}`);
        if (response.ok) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
}

async function runToEnd(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return performance.now() - started;
}
