import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_LEASE_NAME } from '../../../src/extensions/demo-data/config.js';
import { seedCommand } from '../../../src/extensions/demo-data/console/seed-command.js';
import { runMessageHandler } from '../../../src/extensions/demo-data/run/queued-run.js';
import { startDemoDataTest, type DemoDataTest } from './demo-data-test-setup.js';

const GENERATE = '/api/_action/ext-demo-data/generate';
const STATUS = '/api/_action/ext-demo-data/status';

describe('demo data Admin API: generate and status', () => {
  let t: DemoDataTest;
  let token: string;
  beforeAll(async () => {
    t = await startDemoDataTest();
    token = await t.tokenWithPrivileges(['ext_demo_data:generate']);
  });
  afterAll(() => t.close());

  const queuedMessages = async () =>
    (await sql<{ data: unknown }>`SELECT data FROM pgboss.job WHERE name = 'ext_demo_data.run' AND state = 'created'`.execute(t.platform.db)).rows.map((r) => r.data);

  it('needs ext_demo_data:generate', async () => {
    const other = await t.tokenWithPrivileges(['product:read']);
    expect((await t.api('POST', GENERATE, { token: other, body: {} })).statusCode).toBe(403);
    expect((await t.api('GET', STATUS, { token: other })).statusCode).toBe(403);
  });

  it('answers 400 for an unknown channel or a bad perCategory, queueing nothing', async () => {
    const unknown = await t.api('POST', GENERATE, { token, body: { channels: ['deli'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('deli');
    for (const perCategory of [0, 51, 'many', -1]) {
      expect((await t.api('POST', GENERATE, { token, body: { perCategory } })).statusCode).toBe(400);
    }
    expect(await queuedMessages()).toEqual([]);
  });

  it('reports idle with the channels, the default size and the demo user before any run', async () => {
    const response = await t.api('GET', STATUS, { token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status.state).toBe('idle');
    expect(body.channels.map((c: { key: string }) => c.key)).toEqual(['flagship', 'fresh', 'trade', 'wellness', 'outlet']);
    expect(body.defaultPerCategory).toBe(t.blueprint.defaultPerCategory);
    expect(body.demoUser).toMatchObject({ exists: false, privileges: 0 });
  });

  it('queues a run (202), refuses a second one while it is active (409), and the worker finishes it', async () => {
    const body = { channels: ['fresh'], perCategory: 1, withMedia: false, withOrders: true };
    const first = await t.api('POST', GENERATE, { token, body });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ accepted: true, status: { state: 'running', startedAt: null } });
    expect(first.json().status.queuedAt).toBeTypeOf('string');

    const second = await t.api('POST', GENERATE, { token, body });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ accepted: false, status: { state: 'running' } });

    // the command line is refused too while the queued run holds the lease
    const err: string[] = [];
    const code = await seedCommand.run({ args: {}, options: { channel: ['fresh'], 'per-category': '1', 'skip-media': true } }, { out: () => undefined, err: (l) => err.push(l) }, t.host);
    expect(code).toBe(1);
    expect(err.join('\n')).toContain('Another demo data run is active');

    const messages = await queuedMessages();
    expect(messages).toHaveLength(1);
    await runMessageHandler.handle(messages[0], t.host);

    const status = (await t.api('GET', STATUS, { token })).json().status;
    expect(status.state).toBe('finished');
    expect(status.created).toBeGreaterThan(0);
    expect(status.rows[0]).toHaveLength(6);
    expect(status.startedAt).toBeTypeOf('string');
    expect(status.finishedAt).toBeTypeOf('string');
    expect(await t.host.leases.holder(RUN_LEASE_NAME)).toBeNull();
  });

  it('reports a run whose lease expired without finishing as failed, and lets the next one start', async () => {
    // a "killed" run: status running, its lease left to expire
    const lease = await t.host.leases.take(RUN_LEASE_NAME, { ttlMs: 1 });
    expect(lease).not.toBeNull();
    await t.host.config.set(t.host.db, 'ExtDemoData.runtime.lastRun', { state: 'running', queuedAt: null, startedAt: new Date().toISOString() });
    while (!(await t.host.leases.holder(RUN_LEASE_NAME))?.expired) await new Promise((r) => setTimeout(r, 5));

    const status = (await t.api('GET', STATUS, { token })).json().status;
    expect(status.state).toBe('failed');
    expect(status.message).toMatch(/stopped without finishing/);
    const next = await t.api('POST', GENERATE, { token, body: { channels: ['fresh'], perCategory: 1, withMedia: false } });
    expect(next.statusCode).toBe(202);
  });
});
