import type { Env } from './env.js';
import type { Extension } from './extensions.js';
import { Platform } from './kernel.js';
import { buildApp } from './http/app.js';

const EXTENSION_STATE_REFRESH_MS = 5000;

/**
 * `npm start`: the web server and, unless RUN_WORKER=0, the queue worker in one process.
 * Stops cleanly on SIGINT/SIGTERM so the embedded database is closed intact.
 */
export async function startServer(env: Env, extensions: Extension[]): Promise<void> {
  const platform = await Platform.boot({ env, extensions });
  const app = await buildApp(platform);
  await app.listen({ port: env.port, host: env.host });
  if (env.runWorker) await platform.queue.startWorker(platform);
  // another process (bin/console with DATABASE_URL) may change which extensions are active
  const refresh = setInterval(() => platform.extensions.refresh().catch(() => undefined), EXTENSION_STATE_REFRESH_MS);
  refresh.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    platform.logger.info({ signal }, 'shutting down');
    clearInterval(refresh);
    await app.close();
    await platform.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  platform.logger.info(`platform running at ${env.appUrl} (Admin API ${env.appUrl}/api, database: ${platform.database.kind})`);
}
