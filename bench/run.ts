/**
 * `npm run bench`: speed and memory of the platform's hot paths on the embedded database (or on
 * PostgreSQL with DATABASE_URL). Prints one table; no thresholds: compare runs, not assertions.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Platform } from '../src/platform/kernel.js';
import { buildApp } from '../src/platform/http/app.js';
import { readEnv } from '../src/platform/env.js';
import { openDatabase } from '../src/platform/database/connection.js';
import { adminApiCases } from './admin-api.js';
import { shopCases } from './shop.js';
import { payACases } from './pay-a.js';
import { payBCases } from './pay-b.js';
import { extensions } from '../src/main.js';

const env = { ...readEnv({ ...process.env, VAR_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')) }), logLevel: 'silent' };

const bootStart = performance.now();
const database = env.databaseUrl ? await openDatabase({ databaseUrl: env.databaseUrl }) : await openDatabase({ dataDir: 'memory://' });
const platform = await Platform.boot({ env, database, extensions });
const app = await buildApp(platform);
await app.ready();
const bootMs = performance.now() - bootStart;

const rows = [...(await adminApiCases(platform, app, env.adminPassword)), ...(await shopCases(platform, app)), ...(await payBCases(platform, app)), ...(await payACases(platform, app))];

console.log(`database: ${platform.database.kind}; boot (open + migrate + first start): ${bootMs.toFixed(0)} ms`);
console.table(rows);
const memory = process.memoryUsage();
console.log(`memory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`);

await app.close();
await platform.close();
