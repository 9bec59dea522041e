import Fastify from 'fastify';
import { sql } from 'kysely';
import type { Platform } from '../src/platform/kernel.js';
import { newId } from '../src/platform/ids.js';
import { compared, measure, type Row } from './measure.js';
import { overLoopback, type BenchClient } from './loopback-client.js';

/** Warm-up runs of the search and its baseline: the search's code path is optimised only after about 2,000 requests (measure.ts). */
const STEADY_STATE = 2_000;

/** Admin API hot paths over 2,000 ACL roles: health check, token issue, read by id, criteria search, validated write. */
export async function adminApiCases(platform: Platform, http: BenchClient, adminPassword: string): Promise<Row[]> {
  const login = async () =>
    (
      await http.request({
        method: 'POST',
        url: '/api/oauth/token',
        payload: { grant_type: 'password', client_id: 'administration', username: 'admin', password: adminPassword },
      })
    ).json().access_token as string;
  const headers = { authorization: `Bearer ${await login()}`, accept: 'application/json' };

  const ROLES = 2000;
  const values = Array.from({ length: ROLES }, (_, i) => ({ id: newId(), name: `Role ${String(i).padStart(5, '0')}`, privileges: JSON.stringify(['tax:read']) }));
  for (let i = 0; i < values.length; i += 500) await platform.db.insertInto('acl_role').values(values.slice(i, i + 500)).execute();
  const someId = values[1234]!.id;

  // baselines: what a bare Fastify answers, and the search as one hand-written statement
  const bare = Fastify();
  bare.get('/hello', async () => ({ hello: 'world' }));
  const bareHttp = await overLoopback(bare);
  const bareHello = await measure('bare Fastify hello world', 500, () => bareHttp.request({ method: 'GET', url: '/hello' }));
  await bareHttp.close();
  await bare.close();
  // the same work as the API: `contains` is case-insensitive (ILIKE), the total comes with the page
  const handWritten = await measure('hand-written SQL: acl_role contains + sort, limit 25, count', 200, () =>
    sql`SELECT id, name, description, privileges, custom_fields, created_at, updated_at, count(*) OVER () AS total
        FROM acl_role WHERE name ILIKE '%12%' ORDER BY name DESC LIMIT 25`.execute(platform.db),
    STEADY_STATE,
  );
  const search = await measure(`POST /api/search/acl-role contains + sort, limit 25, exact count`, 200, () =>
    http.request({
      method: 'POST',
      url: '/api/search/acl-role',
      headers,
      payload: { limit: 25, 'total-count-mode': 'exact', filter: [{ type: 'contains', field: 'name', value: '12' }], sort: [{ field: 'name', order: 'DESC' }] },
    }),
    STEADY_STATE,
  );

  return [
    bareHello,
    compared(await measure('GET /api/_info/health-check', 500, () => http.request({ method: 'GET', url: '/api/_info/health-check' })), bareHello, '≤ 2×'),
    await measure('POST /api/oauth/token (password, scrypt)', 20, login),
    await measure(`GET /api/acl-role/{id} (${ROLES} rows)`, 300, () => http.request({ method: 'GET', url: `/api/acl-role/${someId}`, headers })),
    handWritten,
    compared(search, handWritten, '≤ 2×'),
    await measure('POST /api/acl-role (validated write)', 200, () =>
      http.request({ method: 'POST', url: '/api/acl-role', headers, payload: { name: 'bench', privileges: ['tax:read'] } }),
    ),
  ];
}
