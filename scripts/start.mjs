// `npm start`: one node process from start to exit. npm runs its scripts through `sh -c`, and a shell
// running `build && node server` stays the server's parent: a SIGTERM to npm reached the shell, which
// died of it, and left the server running without a parent. So package.json `exec`s this file (the
// shell becomes this node process), the build runs as a child only when src/ is newer than dist/, and
// the server is imported here, in this process, where npm's forwarded SIGTERM/SIGINT reach it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsStale, dist, root } from './build-stamp.mjs';

/** Runs the build; a stop signal meanwhile stops it and then this process (nothing was started yet). */
function build() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
    let stoppedBy;
    const forward = (signal) => {
      stoppedBy = signal;
      child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (stoppedBy) process.exit(0);
      if (code !== 0) {
        console.error(`the build failed (${signal ?? `exit code ${code}`})`);
        process.exit(1);
      }
      resolve();
    });
  });
}

if (buildIsStale()) await build();
// what --enable-source-maps does, for every module loaded from here on
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(dist, 'start.js')).href);
