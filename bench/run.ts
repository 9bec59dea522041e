/**
 * `npm run bench`: speed and memory of the platform's hot paths on the embedded database (or on
 * PostgreSQL with DATABASE_URL), over HTTP on a loopback port with the gateway and export-target simulators
 * in a process of their own, as a shop runs. Prints one table: each figure, the baseline it is compared with (measured
 * in the same run), the ratio and the target; no thresholds fail anything: compare runs, not assertions.
 * The rows also go to bench/results/<date>-<database>.json with the machine and versions.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Platform } from '../src/platform/kernel.js';
import { buildApp } from '../src/platform/http/app.js';
import { readEnv } from '../src/platform/env.js';
import { openDatabase } from '../src/platform/database/connection.js';
import { adminApiCases } from './admin-api.js';
import { shopCases } from './shop.js';
import { catalogueCases } from './catalogue.js';
import { adminListCases } from './admin-lists.js';
import { payACases } from './pay-a.js';
import { payBCases } from './pay-b.js';
import { orderExportCases } from './order-export.js';
import { startupCases } from './startup.js';
import { demoDataCases } from './demo-data.js';
import { storefrontCases } from './storefront.js';
import { importExportCases } from './import-export.js';
import { mailCases } from './mail.js';
import { overLoopback } from './loopback-client.js';
import type { Row } from './measure.js';
import { extensions } from '../src/main.js';
import { adminConnectionString, withAdminClient } from '../test/helpers/databases.js';

const varDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
const env = { ...readEnv({ ...process.env, VAR_DIR: varDir }), logLevel: 'silent' };

// on PostgreSQL a fresh database of its own, dropped at the end: figures never start from an earlier run's rows
const scratch = env.databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
if (scratch) await withAdminClient(env.databaseUrl!, (c) => c.query(`CREATE DATABASE "${scratch}"`));
const bootStart = performance.now();
// embedded: file-backed, as `npm start` runs it (an in-memory database skips the file writes)
const database = scratch ? await openDatabase({ databaseUrl: adminConnectionString(env.databaseUrl!, scratch) }) : await openDatabase({ dataDir: path.join(varDir, 'db') });
const platform = await Platform.boot({ env, database, extensions });
const app = await buildApp(platform);
await app.ready();
const bootMs = performance.now() - bootStart;
const http = await overLoopback(app);

const notes: string[] = [];
const suites: Array<[string, () => Promise<Row[]>]> = [
  ['admin-api', () => adminApiCases(platform, http, env.adminPassword)],
  ['shop', () => shopCases(platform, http)],
  ['catalogue', () => catalogueCases(platform, http)],
  ['admin-lists', () => adminListCases(platform, http, env.adminPassword)],
  ['mail', () => mailCases(platform, http)],
  ['pay-b', () => payBCases(platform, http)],
  ['pay-a', () => payACases(platform, http)],
  ['order-export', () => orderExportCases(platform, http, (line) => notes.push(line))],
  // the scratch database on PostgreSQL, so the started servers never migrate the database the bench was pointed at
  ['startup', () => startupCases(scratch ? adminConnectionString(env.databaseUrl!, scratch) : undefined)],
  ['demo-data', () => demoDataCases(platform, (line) => notes.push(line))],
  ['storefront', () => storefrontCases(platform, http, (line) => notes.push(line))],
  ['import-export', () => importExportCases(platform, (line) => notes.push(line))],
];
// `npm run bench -- order-export` runs only the suites named
const only = process.argv.slice(2);
const rows: Row[] = [];
for (const [name, run] of suites) if (only.length === 0 || only.includes(name)) rows.push(...(await run()));

const serverVersion = (await sql<{ server_version: string }>`SHOW server_version`.execute(platform.db)).rows[0]?.server_version;
const machine = { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), loadAverage: loadavg().map((value) => Number(value.toFixed(2))) };
console.log(`database: ${platform.database.kind} (server ${serverVersion}); node ${process.version}; ${machine.cpus} × ${machine.cpu}; load ${machine.loadAverage.join(' ')}`);
console.log(`boot (open + migrate + first start): ${bootMs.toFixed(0)} ms`);
console.table(rows.map((row) => ({ ...row, baseline: row.baseline ?? '', ratio: row.ratio ?? '', target: row.target ?? '' })));
for (const note of notes) console.log(note);
const memory = process.memoryUsage();
console.log(`memory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`);

const resultsDir = path.join(import.meta.dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
// a run of some suites only is named after them, so it never passes for a whole run
const resultFile = path.join(resultsDir, `${new Date().toISOString().slice(0, 10)}-${platform.database.kind}${only.length > 0 ? `-${only.join('+')}` : ''}.json`);
writeFileSync(resultFile, JSON.stringify({ at: new Date().toISOString(), database: platform.database.kind, serverVersion, node: process.version, machine, bootMs: Math.round(bootMs), rows, notes }, null, 2) + '\n');
console.log(`results: ${path.relative(process.cwd(), resultFile)}`);

await http.close();
await app.close();
await platform.close();
rmSync(varDir, { recursive: true, force: true });
if (scratch) await withAdminClient(env.databaseUrl!, (c) => c.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`));
