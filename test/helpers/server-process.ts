import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  log(): string;
}

/** What `npm start` runs (the compiled dist/start.js, rebuilt first when a source is newer), as a child process. */
export function spawnServerProcess(env: NodeJS.ProcessEnv): ServerProcess {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], { cwd: root, stdio: 'ignore' });
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/start.js')], { env, cwd: root });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  return { child, log: () => log };
}
