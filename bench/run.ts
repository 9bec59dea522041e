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
import { orderExportCases } from './order-export.js';
import { demoDataCases } from './demo-data.js';
import type { Row } from './measure.js';
import { extensions } from '../src/main.js';

const env = { ...readEnv({ ...process.env, VAR_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')) }), logLevel: 'silent' };

const bootStart = performance.now();
const database = env.databaseUrl ? await openDatabase({ databaseUrl: env.databaseUrl }) : await openDatabase({ dataDir: 'memory://' });
const platform = await Platform.boot({ env, database, extensions });
const app = await buildApp(platform);
await app.ready();
const bootMs = performance.now() - bootStart;

const notes: string[] = [];
const suites: Array<[string, () => Promise<Row[]>]> = [
  ['admin-api', () => adminApiCases(platform, app, env.adminPassword)],
  ['shop', () => shopCases(platform, app)],
  ['pay-b', () => payBCases(platform, app)],
  ['pay-a', () => payACases(platform, app)],
  ['order-export', () => orderExportCases(platform, app, (line) => notes.push(line))],
  ['demo-data', () => demoDataCases(platform, (line) => notes.push(line))],
];
// `npm run bench -- order-export` runs only the suites named
const only = process.argv.slice(2);
const rows: Row[] = [];
for (const [name, run] of suites) if (only.length === 0 || only.includes(name)) rows.push(...(await run()));

console.log(`database: ${platform.database.kind}; boot (open + migrate + first start): ${bootMs.toFixed(0)} ms`);
console.table(rows);
for (const note of notes) console.log(note);
const memory = process.memoryUsage();
console.log(`memory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`);

await app.close();
await platform.close();
