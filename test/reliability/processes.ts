import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../e2e/free-port.js';

export { freePort };

export const root = path.resolve(import.meta.dirname, '../..');

/** A child process of the suite with everything it wrote, kept after it died (the secret scan reads it). */
export interface Proc {
  name: string;
  child: ChildProcess;
  log(): string;
  /** resolves with the exit code or signal once the process has ended */
  exited: Promise<string>;
}

/** Every process the run started, dead or alive: their logs are scanned at the end. */
export const allProcesses: Proc[] = [];

function track(name: string, child: ChildProcess): Proc {
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(String(signal ?? code))));
  const proc = { name, child, log: () => log, exited };
  allProcesses.push(proc);
  return proc;
}


/** Builds dist/ when a source is newer, as `npm start` does; once per run. */
export function buildOnce(): void {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], { cwd: root, stdio: 'ignore' });
}

export interface AppProcess extends Proc {
  baseUrl: string;
  port: number;
}

/** What `npm start` runs (dist/start.js), on loopback, waiting until the health check answers. */
export async function startApp(name: string, env: Record<string, string>, port?: number): Promise<AppProcess> {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/start.js')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}` },
  });
  const proc = track(name, child);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited during start:\n${proc.log().slice(-3000)}`);
    try {
      const r = await fetch(`${baseUrl}/api/_info/health-check`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${name} did not answer the health check within 60 s:\n${proc.log().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { ...proc, baseUrl, port };
}

/** A `bin/console` standalone simulator command on a free loopback port; resolves with its base URL. */
export async function startSimulator(name: string, command: string, args: string[], env: Record<string, string>): Promise<Proc & { baseUrl: string }> {
  const child = spawn(path.join(root, 'bin/console'), [command, '--port', '0', ...args], { cwd: root, env: { ...process.env, ...env } });
  const proc = track(name, child);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(proc.log());
    if (match) return { ...proc, baseUrl: match[1]! };
    if (child.exitCode !== null) throw new Error(`${name} exited during start:\n${proc.log()}`);
    if (Date.now() > deadline) throw new Error(`${name} printed no "listening on" within 90 s:\n${proc.log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM, then SIGKILL after 5 s; for the end of the run. */
export async function stop(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), 5_000);
  await proc.exited;
  clearTimeout(timer);
}
