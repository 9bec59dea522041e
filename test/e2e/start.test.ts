import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { adminConnectionString, withAdminClient } from '../helpers/databases.js';
import { spawnServerProcess } from '../helpers/server-process.js';
import { freePort } from './free-port.js';

/**
 * What `npm start` runs (src/main.ts), as a real process on a real port: the web server with its
 * worker, on the embedded database by default or on PostgreSQL when DATABASE_URL is set.
 */
describe('the server process', () => {
  let server: ChildProcess;
  let log: () => string;
  let base: string;
  let varDir: string;
  let databaseUrl = '';
  let dropDatabase = async () => {};

  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      // a database of its own, empty: the server migrates it as on a first deployment
      const name = `e2e_${randomBytes(4).toString('hex')}`;
      await withAdminClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
      databaseUrl = adminConnectionString(serverUrl, name);
      dropDatabase = () => withAdminClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined);
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    varDir = mkdtempSync(path.join(tmpdir(), 'start-e2e-'));
    const env = { ...process.env, VAR_DIR: varDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'e2e-password', DATABASE_URL: databaseUrl };
    ({ child: server, log } = spawnServerProcess(env));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited early: ${log()}`);
      const ok = await fetch(`${base}/api/_info/health-check`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`server did not start: ${log()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    await dropDatabase();
  });

  it('serves the health check and issues a token for the first-start administrator', async () => {
    const token = await fetch(`${base}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 'administration', username: 'admin', password: 'e2e-password' }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };

    const queue = await fetch(`${base}/api/_info/queue.json`, { headers: { authorization: `Bearer ${access_token}`, accept: 'application/json' } });
    expect(queue.status).toBe(200);
    // the platform's mail and sitemap queues and those of the extensions of src/main.ts: nothing waiting in them
    const queues = ((await queue.json()) as Array<{ name: string; size: number }>).sort((a, b) => a.name.localeCompare(b.name));
    expect(queues).toEqual([
      { name: 'ext_demo_data.run', size: 0 },
      { name: 'ext_order_export.export', size: 0 },
      { name: 'ext_order_export.replay_run', size: 0 },
      { name: 'import_export.process', size: 0 },
      { name: 'mail.send', size: 0 },
      { name: 'sitemap.generate', size: 0 },
    ]);
  });

  it('stops cleanly on SIGTERM and releases the embedded database', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    // with the embedded database the server held the lock and the console socket
    expect(existsSync(path.join(varDir, 'db.lock'))).toBe(false);
    expect(existsSync(path.join(varDir, 'console.sock'))).toBe(false);
  }, 30_000);
});
