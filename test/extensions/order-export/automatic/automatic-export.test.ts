import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ORDER_PLACED_EVENT } from '../../../../src/platform/sdk/index.js';
import { EXPORT_QUEUE, runExportJob } from '../../../../src/extensions/order-export/automatic/export-job.js';
import { exportLeaseName } from '../../../../src/extensions/order-export/export/export-lease.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../../src/platform/ids.js';
import { startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

interface QueuedJob {
  data: { orderId: string; configId: string; try: number };
  state: string;
  /** seconds from now until the job may run */
  startsIn: number;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('automatic exports through the job queue', () => {
  let oe: OrderExportTest;
  let mappingId: string;
  beforeAll(async () => {
    oe = await startOrderExportTest();
    mappingId = await oe.createMapping();
  });
  afterAll(() => oe.close());

  const jobsOf = async (orderId: string): Promise<QueuedJob[]> => {
    const rows = await sql<{ data: QueuedJob['data']; state: string; starts_in: number }>`
      SELECT data, state, EXTRACT(EPOCH FROM (start_after - now()))::float AS starts_in FROM pgboss.job
      WHERE name = ${EXPORT_QUEUE} AND data->>'orderId' = ${orderId} ORDER BY created_on`.execute(oe.t.platform.db);
    return rows.rows.map((row) => ({ data: row.data, state: row.state, startsIn: Number(row.starts_in) }));
  };

  /**
   * Waits until the worker (started by the first test) has run every export job that is due: earlier tests
   * leave jobs for their automatic targets, and one running late would take an answer a test queued at the
   * target for its own export (seen once on a loaded CI machine: the 400 went to another target's job).
   */
  const dueExportsDone = () =>
    waitFor(async () => {
      const due = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = ${EXPORT_QUEUE} AND state IN ('created', 'retry', 'active') AND start_after <= now()`.execute(oe.t.platform.db);
      return due.rows[0]!.n === 0 ? true : undefined;
    });

  it('a paid order transaction and a placed order queue an export per matching active target; the worker exports them', async () => {
    const onPaid = await oe.createTarget({ mappingId, autoExport: 'order_paid' });
    const onPlaced = await oe.createTarget({ mappingId, autoExport: 'order_placed' });
    const inactive = await oe.createTarget({ mappingId, autoExport: 'order_paid', active: false });
    const manual = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();

    expect(await oe.host.stateMachines.transition({ entity: 'order_transaction', id: order.transactionId, action: 'paid' })).toMatchObject({ result: 'moved' });
    await oe.t.platform.events.dispatch(oe.t.platform.db, ORDER_PLACED_EVENT, { orderId: order.orderId, salesChannelId: DEFAULT_SALES_CHANNEL_ID, customerId: newId() });
    expect((await jobsOf(order.orderId)).map((job) => job.data.configId).sort()).toEqual([onPaid, onPlaced].sort());

    await oe.t.platform.queue.startWorker(0.5);
    for (const configId of [onPaid, onPlaced]) {
      const row = await waitFor(async () => oe.exportRow(order.orderId, configId));
      expect(row).toMatchObject({ status: 'exported', revision: 1 });
      expect((await oe.attempts(row.id as string)).map((a) => a.trigger)).toEqual(['automatic']);
    }
    expect(await oe.exportRow(order.orderId, inactive)).toBeUndefined();
    expect(await oe.exportRow(order.orderId, manual)).toBeUndefined();
    expect(oe.sim.deliveries.filter((d) => (d.json as { paymentState?: string }).paymentState === 'paid')).toHaveLength(2);
  });

  // no crash between the payment's commit and the enqueue can lose the export: both commit together, or neither
  it('queues the export inside the transaction that moved the payment: there before the commit, gone with a rollback', async () => {
    const onPaid = await oe.createTarget({ mappingId, autoExport: 'order_paid' });
    const onPlaced = await oe.createTarget({ mappingId, autoExport: 'order_placed' });
    const jobsWithin = async (db: typeof oe.t.platform.db, orderId: string) =>
      (await sql<{ config_id: string }>`SELECT data->>'configId' AS config_id FROM pgboss.job WHERE name = ${EXPORT_QUEUE} AND data->>'orderId' = ${orderId}`.execute(db)).rows.map((row) => row.config_id);

    const rolledBack = await oe.createOrder();
    await expect(
      oe.host.transaction(async (uow) => {
        await oe.host.stateMachines.transition({ within: uow, entity: 'order_transaction', id: rolledBack.transactionId, action: 'paid' });
        expect(await jobsWithin(uow.db, rolledBack.orderId)).toContain(onPaid);
        // the order placed in the same transaction: its export is queued there too
        await oe.t.platform.events.dispatch(uow, ORDER_PLACED_EVENT, { orderId: rolledBack.orderId, salesChannelId: DEFAULT_SALES_CHANNEL_ID, customerId: newId() });
        expect(await jobsWithin(uow.db, rolledBack.orderId)).toContain(onPlaced);
        throw new Error('the payment change fails after the transition');
      }),
    ).rejects.toThrow('the payment change fails');
    expect(await jobsOf(rolledBack.orderId)).toEqual([]);

    const committed = await oe.createOrder();
    await oe.host.transaction(async (uow) => {
      await oe.host.stateMachines.transition({ within: uow, entity: 'order_transaction', id: committed.transactionId, action: 'paid' });
      expect(await jobsWithin(uow.db, committed.orderId)).toContain(onPaid);
    });
    expect(await jobsWithin(oe.t.platform.db, committed.orderId)).toContain(onPaid);
    // the worker (started above) exports them; let it finish, so no delivery of this order takes an answer
    // that a later test queued at the target for its own export
    await waitFor(async () => ((await jobsOf(committed.orderId)).every((job) => job.state === 'completed') ? true : undefined));
    await oe.t.platform.db.updateTable('ext_order_export_config').set({ active: false }).where('id', 'in', [onPaid, onPlaced]).execute();
  });

  it('keeps the active targets per process: a paid move reads none of them, and a target changed by any path counts from the next move', async () => {
    const onPaid = await oe.createTarget({ mappingId, autoExport: 'order_paid' });
    const pay = (transactionId: string) => oe.host.stateMachines.transition({ entity: 'order_transaction', id: transactionId, action: 'paid' });
    await pay((await oe.createOrder()).transactionId);

    const kept = await oe.createOrder();
    const { sql: statements } = await oe.t.platform.database.statements.measure(() => pay(kept.transactionId));
    expect(statements.filter((text) => text.includes('ext_order_export_config'))).toEqual([]);
    expect((await jobsOf(kept.orderId)).map((job) => job.data.configId)).toContain(onPaid);

    await oe.t.platform.db.updateTable('ext_order_export_config').set({ active: false }).where('id', '=', onPaid).execute();
    const afterChange = await oe.createOrder();
    await pay(afterChange.transactionId);
    expect((await jobsOf(afterChange.orderId)).map((job) => job.data.configId)).not.toContain(onPaid);
  });

  it('a target that is down is tried again later by a delayed message, honouring Retry-After; the next try exports', async () => {
    const configId = await oe.createTarget({ mappingId });
    const order = await oe.createOrder();
    await dueExportsDone();
    oe.sim.enqueue({ status: 503, retryAfter: 600 });
    await runExportJob(oe.host, { orderId: order.orderId, configId, try: 1 });
    const [next] = await jobsOf(order.orderId);
    expect(next!.data).toEqual({ orderId: order.orderId, configId, try: 2 });
    expect(next!.startsIn).toBeGreaterThan(590);
    expect(next!.startsIn).toBeLessThan(610);

    // without Retry-After the schedule decides: 4 minutes after the second try
    oe.sim.enqueue({ status: 502 });
    await runExportJob(oe.host, next!.data);
    const third = (await jobsOf(order.orderId)).find((job) => job.data.try === 3)!;
    expect(third.startsIn).toBeGreaterThan(230);
    expect(third.startsIn).toBeLessThan(250);

    // the message comes due (run here, not waited for): the target is back
    await runExportJob(oe.host, third.data);
    const row = await oe.exportRow(order.orderId, configId);
    expect(row).toMatchObject({ status: 'exported', revision: 1 });
    expect((await oe.attempts(row!.id as string)).map((a) => [a.trigger, a.outcome, a.response_status])).toEqual([
      ['automatic', 'failed', 503],
      ['automatic', 'failed', 502],
      ['automatic', 'exported', 200],
    ]);
    expect((await jobsOf(order.orderId)).map((job) => job.data.try)).toEqual([2, 3]);
  });

  it('no answer and a running export are retried; a refusal (4xx), an unknown target or the last try are not', async () => {
    const order = await oe.createOrder();
    await dueExportsDone();
    const down = await oe.createTarget({ mappingId, url: 'http://127.0.0.1:1/orders' });
    await runExportJob(oe.host, { orderId: order.orderId, configId: down, try: 1 });

    const busy = await oe.createTarget({ mappingId });
    const lease = await oe.t.platform.leases.take(exportLeaseName(order.orderId, busy), { ttlMs: 60_000 });
    await runExportJob(oe.host, { orderId: order.orderId, configId: busy, try: 1 });
    await oe.t.platform.leases.release(lease!);

    const refusing = await oe.createTarget({ mappingId });
    oe.sim.enqueue({ status: 400 });
    await runExportJob(oe.host, { orderId: order.orderId, configId: refusing, try: 1 });
    await runExportJob(oe.host, { orderId: order.orderId, configId: newId(), try: 1 });
    oe.sim.enqueue({ status: 500 });
    const last = await oe.createTarget({ mappingId });
    await runExportJob(oe.host, { orderId: order.orderId, configId: last, try: 8 });
    await runExportJob(oe.host, { garbage: true });

    const queued = await jobsOf(order.orderId);
    expect(queued.map((job) => [job.data.configId, job.data.try]).sort()).toEqual([
      [busy, 2],
      [down, 2],
    ].sort());
    expect(await oe.exportRow(order.orderId, refusing)).toMatchObject({ status: 'failed' });
    expect(await oe.exportRow(order.orderId, last)).toMatchObject({ status: 'failed' });
  });

  it('the handler is declared with the queue\'s own retries for unexpected errors', () => {
    const handler = oe.t.platform.extensions.all().find((e) => e.name === 'ExtOrderExport')!.messageHandlers![0]!;
    expect(handler).toMatchObject({ queue: EXPORT_QUEUE, retryLimit: 3, retryDelaySeconds: 60 });
  });
});
