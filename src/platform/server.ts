import type { Env } from './env.js';
import type { Extension } from './extensions.js';
import { Platform } from './kernel.js';
import { buildApp } from './http/app.js';
import { acquireEmbeddedLock, embeddedPaths } from './database/embedded-lock.js';
import { startHandoffServer } from './console/handoff-server.js';

const EXTENSION_STATE_REFRESH_MS = 5000;

/**
 * `npm start`: the web server and, unless RUN_WORKER=0, the queue worker in one process.
 * Stops cleanly on SIGINT/SIGTERM so the embedded database is closed intact.
 */
export async function startServer(env: Env, extensions: Extension[]): Promise<void> {
  // the embedded database has one owner process; bin/console hands its commands to it (DESIGN.md)
  const paths = embeddedPaths(env.varDir);
  const lock = env.databaseUrl ? undefined : acquireEmbeddedLock(env.varDir, { role: 'server', socket: paths.socket });
  let platform: Platform;
  try {
    platform = await Platform.boot({ env, extensions });
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

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    platform.logger.info({ signal }, 'shutting down');
    clearInterval(refresh);
    await handoff?.close();
    await app.close();
    await platform.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  platform.logger.info(`platform running at ${env.appUrl} (Admin API ${env.appUrl}/api, database: ${platform.database.kind})`);
}
