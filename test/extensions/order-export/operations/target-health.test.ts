import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportJob } from '../../../../src/extensions/order-export/automatic/export-job.js';
import { FAILING_TARGETS_TASK } from '../../../../src/extensions/order-export/health/failing-targets-task.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../../platform/mail/smtp-test-server.js';
import { waitFor } from '../../../helpers/wait-for.js';
import { markTestOrder, startOrderExportTest, type OrderExportTest } from '../order-export-test-setup.js';

const ADMIN_ADDRESS = 'shop-admin@example.com';

describe('target health: auto-pause after failures, the admin mail, holding and resuming; test orders', () => {
  let smtp: SmtpTestServer;
  let oe: OrderExportTest;
  let mappingId: string;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    oe = await startOrderExportTest({ env: { mailerDsn: smtp.dsn, mailRetryLimit: 1, mailRetryDelaySeconds: 1 } });
    await oe.t.platform.systemConfig.set(oe.t.platform.db, 'core.basicInformation.email', ADMIN_ADDRESS);
    mappingId = await oe.createMapping({ fields: { orderNumber: { expr: 'orderNumber' }, testMode: { expr: 'testMode' } } });
    await oe.t.platform.queue.startWorker(0.5);
  }, 600_000);
  afterAll(async () => {
    await oe?.close();
    await smtp?.close();
  });

  const target = async (id: string) => (await oe.t.api('GET', `/api/ext-order-export-config/${id}`)).json().data;

  it('pauses a target after its configured failures in a row, mails the admin once, holds automatic exports and replays them on resume', async () => {
    const configId = await oe.createTarget({ mappingId, pauseAfterFailures: 3, name: 'Flaky ERP' });
    oe.sim.respondWith(() => ({ status: 503 }));
    const orders = await Promise.all([1, 2, 3, 4].map(() => oe.createOrder()));

    for (const order of orders.slice(0, 2)) {
      const answer = await oe.exportOrder({ orderId: order.orderId, configId });
      expect(answer.json().outcome, answer.body).toBe('failed');
    }
    let health = await target(configId);
    expect(health).toMatchObject({ paused: false, consecutiveFailures: 2, pauseAfterFailures: 3 });
    expect(health.failingSince).toEqual(expect.any(String));

    expect((await oe.exportOrder({ orderId: orders[2]!.orderId, configId })).json().outcome).toBe('failed');
    health = await target(configId);
    expect(health).toMatchObject({ paused: true, consecutiveFailures: 3, pauseReason: '3 failures in a row' });
    expect(health.pausedAt).toEqual(expect.any(String));

    // a paused target refuses manual exports and sends nothing
    const sent = oe.sim.deliveries.length;
    const refused = await oe.exportOrder({ orderId: orders[3]!.orderId, configId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('EXT_ORDER_EXPORT__TARGET_PAUSED');
    // an automatic export is held for the resume
    await runExportJob(oe.host, { orderId: orders[3]!.orderId, configId, try: 1 });
    expect(oe.sim.deliveries.length).toBe(sent);
    const held = await oe.host.db.selectFrom('ext_order_export_held').select('order_id').where('config_id', '=', configId).execute();
    expect(held.map((h) => h.order_id)).toEqual([orders[3]!.orderId]);

    // the health read a dashboard uses
    const list = (await oe.t.api('GET', '/api/_action/ext-order-export/target-health')).json().data;
    expect(list[0]).toMatchObject({ id: configId, paused: true, held: 1, failedExports: 3, consecutiveFailures: 3 });

    const mail = await waitFor(async () => smtp.mailsTo(ADMIN_ADDRESS)[0]);
    expect(mail.parsed.subject).toBe('Order export to Flaky ERP paused');
    expect(mail.parsed.text).toContain('3 failures in a row');
    expect(mail.parsed.text).toContain('the target answered 503');

    // the target is back: resume replays the held order (through the queue) and starts counting again
    oe.sim.respondWith(() => ({ status: 200 }));
    const resumed = await oe.t.api('POST', `/api/_action/ext-order-export/target/${configId}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ configId, held: 1, runId: expect.any(String) });
    const run = await waitFor(async () => {
      const r = (await oe.t.api('GET', `/api/_action/ext-order-export/replay-run/${resumed.json().runId}`)).json();
      return r.status === 'completed' ? r : undefined;
    });
    expect(run).toMatchObject({ origin: 'held', total: 1, processed: 1, succeeded: 1, failed: 0 });
    expect((await oe.exportRow(orders[3]!.orderId, configId))?.status).toBe('exported');
    expect(await target(configId)).toMatchObject({ paused: false, consecutiveFailures: 0, failingSince: null });
    expect(await oe.host.db.selectFrom('ext_order_export_held').select('order_id').where('config_id', '=', configId).execute()).toEqual([]);
    // one mail for one pause
    expect(smtp.mailsTo(ADMIN_ADDRESS)).toHaveLength(1);
  });

  it('a success in between starts the count again; pauseAfterFailures below 1 is refused', async () => {
    const configId = await oe.createTarget({ mappingId, pauseAfterFailures: 2 });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => oe.createOrder()));
    oe.sim.respondWith(undefined);
    oe.sim.enqueue({ status: 500 }, { status: 200 }, { status: 500 });
    await oe.exportOrder({ orderId: a!.orderId, configId });
    await oe.exportOrder({ orderId: b!.orderId, configId });
    await oe.exportOrder({ orderId: c!.orderId, configId });
    expect(await target(configId)).toMatchObject({ paused: false, consecutiveFailures: 1 });
    const bad = await oe.t.api('PATCH', `/api/ext-order-export-config/${configId}`, { body: { pauseAfterFailures: 0 } });
    expect(bad.statusCode).toBe(400);
    expect((await target(configId)).pauseAfterFailures).toBe(2);
  });

  it('pauses a target failing for 24 hours: at its next failure, or by the scheduled task when no failure comes', async () => {
    const quiet = await oe.createTarget({ mappingId, name: 'Quiet ERP' });
    const noisy = await oe.createTarget({ mappingId, name: 'Noisy ERP' });
    const recovered = await oe.createTarget({ mappingId, name: 'Recovered ERP' });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => oe.createOrder()));
    oe.sim.respondWith(() => ({ status: 502 }));
    for (const [order, configId] of [[a, quiet], [b, noisy], [c, recovered]] as const) expect((await oe.exportOrder({ orderId: order!.orderId, configId })).json().outcome).toBe('failed');
    oe.sim.respondWith(() => ({ status: 200 }));
    expect((await oe.exportOrder({ orderId: d!.orderId, configId: recovered })).json().outcome).toBe('exported');

    const scheduler = oe.t.platform.scheduledTasks;
    const runTask = () => scheduler.run(FAILING_TARGETS_TASK, { force: true });
    // one failure just now: failing, not for long
    expect(await runTask()).toBe('ran');
    expect(await target(quiet)).toMatchObject({ paused: false, consecutiveFailures: 1 });

    // the noisy target's run of failures began 25 hours ago: its next failure pauses it at once
    await oe.host.db.updateTable('ext_order_export_config').set({ failing_since: new Date(Date.now() - 25 * 3600_000) }).where('id', '=', noisy).execute();
    oe.sim.respondWith(() => ({ status: 502 }));
    expect((await oe.exportOrder({ orderId: b!.orderId, configId: noisy })).json().outcome).toBe('failed');
    expect(await target(noisy)).toMatchObject({ paused: true, consecutiveFailures: 2, pauseReason: 'failing for 24 hours' });

    // a day later without another failure: the task pauses the quiet one; the recovered one is healthy
    scheduler.useClock(() => new Date(Date.now() + 24 * 3600_000 + 60_000));
    try {
      expect(await runTask()).toBe('ran');
    } finally {
      scheduler.useClock(() => new Date());
    }
    expect(await target(quiet)).toMatchObject({ paused: true, consecutiveFailures: 1, pauseReason: 'failing for 24 hours' });
    expect(await target(recovered)).toMatchObject({ paused: false, consecutiveFailures: 0, failingSince: null });
    const mail = await waitFor(async () => smtp.mailsTo(ADMIN_ADDRESS).find((m) => m.parsed.subject === 'Order export to Quiet ERP paused'));
    expect(mail.parsed.text).toContain('failing for 24 hours');
    expect(mail.parsed.text).toContain('the target answered 502');
    // paused once: the next run changes nothing (the mail goes only with the statement that pauses)
    const pausedAt = (await target(quiet)).pausedAt;
    scheduler.useClock(() => new Date(Date.now() + 25 * 3600_000));
    try {
      expect(await runTask()).toBe('ran');
    } finally {
      scheduler.useClock(() => new Date());
    }
    expect((await target(quiet)).pausedAt).toBe(pausedAt);
  });

  it('exports test orders only to targets that opt in, with testMode in the order document', async () => {
    oe.sim.respondWith(() => ({ status: 200 }));
    const plain = await oe.createTarget({ mappingId });
    const optedIn = await oe.createTarget({ mappingId, includeTestOrders: true });
    expect((await target(plain)).includeTestOrders).toBe(false);
    const order = await oe.createOrder();
    await markTestOrder(oe.t, order.orderId);

    const skipped = await oe.exportOrder({ orderId: order.orderId, configId: plain });
    expect(skipped.statusCode).toBe(422);
    expect(skipped.json().errors[0].code).toBe('EXT_ORDER_EXPORT__TEST_ORDER_EXCLUDED');
    expect(await oe.exportRow(order.orderId, plain)).toBeUndefined();
    // an automatic export of it ends quietly, nothing held or retried
    await runExportJob(oe.host, { orderId: order.orderId, configId: plain, try: 1 });
    expect(await oe.exportRow(order.orderId, plain)).toBeUndefined();

    const sent = await oe.exportOrder({ orderId: order.orderId, configId: optedIn });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(oe.sim.deliveries.at(-1)!.json).toMatchObject({ testMode: true });
    // a real order goes to both, with testMode false
    const real = await oe.createOrder();
    expect((await oe.exportOrder({ orderId: real.orderId, configId: plain })).statusCode).toBe(200);
    expect(oe.sim.deliveries.at(-1)!.json).toMatchObject({ testMode: false });
  });
});
