import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../../../src/extensions/order-export/export/export-order.js';
import { exportLeaseName } from '../../../../src/extensions/order-export/export/export-lease.js';
import { runCommand } from '../../../../src/platform/console/runner.js';
import { captureIo } from '../../../platform/console/capture-io.js';
import { waitFor } from '../../../helpers/wait-for.js';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

const FAILED = 200;

describe('bulk replay of failed exports', () => {
  let oe: OrderExportTest;
  let mappingId: string;
  beforeAll(async () => {
    oe = await startOrderExportTest();
    mappingId = await oe.createMapping({ fields: { orderNumber: { expr: 'orderNumber' } } });
  }, 600_000);
  afterAll(async () => oe?.close());

  it(`replays ${FAILED} failed exports once the target is back, each order delivered once, waiting for an order's lease`, async () => {
    const configId = await oe.createTarget({ mappingId, pauseAfterFailures: 1000, maxPerSecond: 1000 });
    oe.sim.respondWith(() => ({ status: 503 }));
    const orders: string[] = [];
    for (let i = 0; i < FAILED; i++) {
      const { orderId } = await oe.createOrder();
      orders.push(orderId);
      expect((await exportOrder(oe.host, { orderId, configId })).outcome).toBe('failed');
    }
    const since = new Date(Date.now() - 3600_000).toISOString();
    expect(oe.sim.deliveries).toHaveLength(FAILED);

    // the target is back; one order's export "is running" elsewhere: the run must wait for its lease
    oe.sim.respondWith(() => ({ status: 200 }));
    const busyOrder = orders[7]!;
    const lease = await oe.host.leases.take(exportLeaseName(busyOrder, configId), { ttlMs: 30_000 });
    expect(lease).not.toBeNull();

    const created = await oe.t.api('POST', '/api/_action/ext-order-export/replay-run', { body: { configId, since } });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ status: 'queued', total: FAILED, processed: 0, origin: 'failed' });
    const runId = created.json().id as string;
    const queued = await oe.host.db.selectFrom('ext_order_export_replay_run').select(['status', 'total']).where('id', '=', runId).executeTakeFirst();
    expect(queued).toEqual({ status: 'queued', total: FAILED });

    await oe.t.platform.queue.startWorker(0.5);
    // progress shows while the run waits for the held order
    await waitFor(async () => {
      const run = (await oe.t.api('GET', `/api/_action/ext-order-export/replay-run/${runId}`)).json();
      return run.status === 'running' && run.processed >= 4 ? run : undefined;
    });
    const delivered = () => oe.sim.deliveries.slice(FAILED).map((d) => (d.json as { orderNumber: string }).orderNumber);
    expect(delivered().filter((n) => n === `T-${busyOrder.slice(0, 16)}`)).toHaveLength(0);
    // the "other" export of the held order finishes (delivering it) and gives the lease back
    oe.host.leases.release(lease!);

    const done = await waitFor(async () => {
      const run = (await oe.t.api('GET', `/api/_action/ext-order-export/replay-run/${runId}`)).json();
      return run.status === 'completed' ? run : undefined;
    }, 120_000);
    expect(done).toMatchObject({ total: FAILED, processed: FAILED, succeeded: FAILED, failed: 0, skipped: 0, finishedAt: expect.any(String) });

    // each order delivered exactly once by the run, with its revision's correlation id
    const numbers = delivered();
    expect(numbers).toHaveLength(FAILED);
    expect(new Set(numbers).size).toBe(FAILED);
    const rows = await oe.host.db.selectFrom('ext_order_export').select(['status', 'revision']).where('config_id', '=', configId).execute();
    expect(rows).toHaveLength(FAILED);
    expect(rows.every((r) => r.status === 'exported' && r.revision === 1)).toBe(true);
    const retries = await oe.host.db
      .selectFrom('ext_order_export_attempt as a')
      .innerJoin('ext_order_export as e', 'e.id', 'a.export_id')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('e.config_id', '=', configId)
      .where('a.trigger', '=', 'retry')
      .executeTakeFirst();
    expect(Number(retries?.n)).toBe(FAILED);
    expect((await oe.t.api('GET', '/api/_action/ext-order-export/target-health')).json().data.find((t: { id: string }) => t.id === configId)).toMatchObject({
      failedExports: 0,
      consecutiveFailures: 0,
    });
  }, 900_000);

  it('the console runs the same run with --target --since; bad input is a usage error and changes nothing', async () => {
    const configId = await oe.createTarget({ mappingId });
    oe.sim.respondWith(() => ({ status: 500 }));
    const { orderId } = await oe.createOrder();
    expect((await exportOrder(oe.host, { orderId, configId })).outcome).toBe('failed');
    oe.sim.respondWith(() => ({ status: 200 }));

    const badIo = captureIo();
    expect(await runCommand(oe.t.platform, ['ext:order-export:retry-failed', '--target', configId, '--since', 'yesterday'], badIo)).not.toBe(0);
    expect(badIo.text()).toContain('--since must be an ISO 8601 time');
    expect(await oe.host.db.selectFrom('ext_order_export_replay_run').select('id').where('config_id', '=', configId).execute()).toEqual([]);

    const io = captureIo();
    const code = await runCommand(oe.t.platform, ['ext:order-export:retry-failed', '--target', configId, '--since', new Date(Date.now() - 60_000).toISOString()], io);
    expect(code, io.text()).toBe(0);
    expect(io.text()).toContain('1 failed export(s)');
    expect(io.text()).toContain('Run completed: 1 exported, 0 failed, 0 skipped of 1.');
    expect((await oe.exportRow(orderId, configId))?.status).toBe('exported');
    const run = await oe.host.db.selectFrom('ext_order_export_replay_run').selectAll().where('config_id', '=', configId).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'completed', total: 1, succeeded: 1 });
  });

  it('a run needs since or orderIds, and a known target', async () => {
    const configId = await oe.createTarget({ mappingId });
    const missing = await oe.t.api('POST', '/api/_action/ext-order-export/replay-run', { body: { configId } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].code).toBe('EXT_ORDER_EXPORT__REPLAY_RANGE_MISSING');
    const unknown = await oe.t.api('POST', '/api/_action/ext-order-export/replay-run', { body: { configId: '0'.repeat(32), since: '2026-01-01T00:00:00Z' } });
    expect(unknown.statusCode).toBe(404);
    const empty = await oe.t.api('POST', '/api/_action/ext-order-export/replay-run', { body: { configId, orderIds: ['1'.repeat(32)] } });
    expect(empty.json()).toMatchObject({ status: 'completed', total: 0 });
  });
});
