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
import { newId } from '../src/platform/ids.js';

interface Row {
  case: string;
  runs: number;
  'mean ms': string;
  'p95 ms': string;
  'ops/s': string;
}

async function measure(name: string, runs: number, fn: () => Promise<unknown>): Promise<Row> {
  for (let i = 0; i < Math.min(5, runs); i++) await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    case: name,
    runs,
    'mean ms': mean.toFixed(2),
    'p95 ms': times[Math.floor(times.length * 0.95)]!.toFixed(2),
    'ops/s': (1000 / mean).toFixed(0),
  };
}

const env = { ...readEnv({ ...process.env, VAR_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')) }), logLevel: 'silent' };
const rows: Row[] = [];

const bootStart = performance.now();
const database = env.databaseUrl ? await openDatabase({ databaseUrl: env.databaseUrl }) : await openDatabase({ dataDir: 'memory://' });
const platform = await Platform.boot({ env, database });
const app = await buildApp(platform);
await app.ready();
const bootMs = performance.now() - bootStart;

const login = async () =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      payload: { grant_type: 'password', client_id: 'administration', username: 'admin', password: env.adminPassword },
    })
  ).json().access_token as string;
const headers = { authorization: `Bearer ${await login()}`, accept: 'application/json' };

const ROLES = 2000;
const values = Array.from({ length: ROLES }, (_, i) => ({ id: newId(), name: `Role ${String(i).padStart(5, '0')}`, privileges: JSON.stringify(['tax:read']) }));
for (let i = 0; i < values.length; i += 500) await platform.db.insertInto('acl_role').values(values.slice(i, i + 500)).execute();
const someId = values[1234]!.id;

rows.push(await measure('GET /api/_info/health-check', 500, () => app.inject({ method: 'GET', url: '/api/_info/health-check' })));
rows.push(await measure('POST /api/oauth/token (password, scrypt)', 20, login));
rows.push(await measure(`GET /api/acl-role/{id} (${ROLES} rows)`, 300, () => app.inject({ method: 'GET', url: `/api/acl-role/${someId}`, headers })));
rows.push(
  await measure(`POST /api/search/acl-role contains + sort, limit 25, exact count`, 200, () =>
    app.inject({
      method: 'POST',
      url: '/api/search/acl-role',
      headers,
      payload: { limit: 25, 'total-count-mode': 'exact', filter: [{ type: 'contains', field: 'name', value: '12' }], sort: [{ field: 'name', order: 'DESC' }] },
    }),
  ),
);
rows.push(
  await measure('POST /api/acl-role (validated write)', 200, () =>
    app.inject({ method: 'POST', url: '/api/acl-role', headers, payload: { name: 'bench', privileges: ['tax:read'] } }),
  ),
);

console.log(`database: ${platform.database.kind}; boot (open + migrate + first start): ${bootMs.toFixed(0)} ms`);
console.table(rows);
const memory = process.memoryUsage();
console.log(`memory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`);

await app.close();
await platform.close();
