import type { Env } from './env.js';
import type { RunningPlatform } from './platform-services.js';
import { buildApp } from './http/app.js';
import { acquireEmbeddedLock, embeddedPaths } from './database/embedded-lock.js';
import { startHandoffServer } from './console/handoff-server.js';
import { CLOSE_TIMEOUT_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS, onStopSignal, settlesWithin, stopServing } from './shutdown.js';

const EXTENSION_STATE_REFRESH_MS = 5000;

/**
 * `npm start`: the web server and, unless RUN_WORKER=0, the queue worker in one process.
 * On SIGINT/SIGTERM it stops taking requests and jobs, lets running ones finish for SHUTDOWN_TIMEOUT
 * (then cuts the requests and hands the jobs back to the queue), closes the platform (the embedded
 * database intact) within CLOSE_TIMEOUT_MS more, and exits 0 (1 when the close did not finish in time).
 * `boot` is the composition root's (main.ts: the kernel with the installation's extensions), called once
 * the embedded database's lock is held.
 */
export async function startServer(env: Env, boot: () => Promise<RunningPlatform>): Promise<void> {
  // the embedded database has one owner process (a lock file names it); bin/console hands its commands to it
  // over a socket (docs/console.md)
  const paths = embeddedPaths(env.varDir);
  const lock = env.databaseUrl ? undefined : acquireEmbeddedLock(env.varDir, { role: 'server', socket: paths.socket });
  let platform: RunningPlatform;
  try {
    platform = await boot();
  } catch (error) {
    lock?.release();
    throw error;
  }
  const app = await buildApp(platform);
  await app.listen({ port: env.port, host: env.host });
  const handoff = lock ? await startHandoffServer(platform, paths.socket) : undefined;
  if (env.runWorker) await platform.queue.startWorker();
  // another process (bin/console with DATABASE_URL) may change which extensions are active
  const refresh = setInterval(() => platform.extensions.refresh().catch(() => undefined), EXTENSION_STATE_REFRESH_MS);
  refresh.unref();

  onStopSignal(async (signal) => {
    const timeoutMs = env.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    platform.logger.info({ signal, timeoutMs }, 'shutting down: no new requests or jobs, running ones may finish');
    clearInterval(refresh);
    let closed = false;
    try {
      await Promise.all([handoff?.close(), stopServing(app, deadline), platform.queue.stop({ timeoutMs: deadline - Date.now() })]);
      // the platform's close runs every part's own (worker pools, then the database)
      closed = await settlesWithin(platform.close(), CLOSE_TIMEOUT_MS);
      if (!closed) platform.logger.error(`the platform did not close within ${CLOSE_TIMEOUT_MS} ms; exiting anyway`);
    } catch (error) {
      platform.logger.error({ err: error }, 'shutting down failed');
    }
    lock?.release();
    process.exit(closed ? 0 : 1);
  });
  platform.logger.info(`platform running at ${env.appUrl} (Admin API ${env.appUrl}/api, database: ${platform.database.kind})`);
}
