import { pathToFileURL } from 'node:url';
import type { Extension } from './platform/extensions.js';
import { readEnv } from './platform/env.js';
import { Platform } from './platform/kernel.js';
import { startServer } from './platform/server.js';
import { extPayA } from './extensions/pay-a/index.js';
import { extPayB } from './extensions/pay-b/index.js';
import { extOrderExport } from './extensions/order-export/index.js';
import { extDemoData } from './extensions/demo-data/index.js';

/**
 * The extensions this installation runs. The platform never imports an extension; this list is the
 * one place that does. New extensions are installed and activated on first start.
 */
export const extensions: Extension[] = [extPayB, extPayA, extOrderExport, extDemoData];

/** Starts the web server with the environment's settings and these extensions; a failed start ends the process. */
export function runServer(): void {
  const env = readEnv();
  startServer(env, () => Platform.boot({ env, extensions })).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

// `node dist/main.js` starts the server too (`npm start` runs start.ts, which adds the compile cache)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runServer();
