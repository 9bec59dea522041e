import { setTimeout as sleep } from 'node:timers/promises';
import { expectStatus, request, type Answer } from './http.js';
import { startApp, type AppProcess } from './processes.js';
import { placeOrder, type PlacedOrder } from './shop.js';
import { transitions, type Suite } from './suite.js';
import { chargeWebhook, payAtGateway } from './webhooks.js';

const LOAD_BEFORE_KILL_MS = 3_000;
const LOAD_AFTER_KILL_MS = 4_000;
const SETTLE_TIMEOUT_MS = 45_000;

/** Mixed traffic against one app, one request at a time, until `stopAt` says so or the app is gone. */
async function load(app: () => AppProcess | undefined, stopAt: () => boolean, mix: Array<(base: string) => Promise<Answer>>, answers: Answer[], worker: number): Promise<void> {
  for (let i = worker; !stopAt(); i++) {
    const target = app();
    if (!target) return;
    answers.push(await mix[i % mix.length]!(target.baseUrl));
  }
}

/** Exports done, export messages waiting (created/retry) for orders without one, and jobs active for longer than a live worker renews its lease. */
async function queueState(suite: Suite, orderIds: string[]): Promise<{ exported: number; waiting: number; stuck: number }> {
  const exported = await exportsOf(suite, orderIds);
  const waiting = await suite.db.query(
    `SELECT count(DISTINCT data->>'orderId')::int AS n FROM pgboss.job WHERE name = 'ext_order_export.export' AND state IN ('created', 'retry')
       AND (data->>'orderId')::uuid = ANY($1::uuid[]) AND (data->>'orderId')::uuid NOT IN (SELECT order_id FROM ext_order_export WHERE config_id = $2)`,
    [orderIds, suite.exportTarget.configId],
  );
  const stuck = await suite.db.query(
    `SELECT count(*)::int AS n FROM pgboss.job j WHERE state = 'active' AND started_on < now() - interval '20 seconds'
       AND NOT EXISTS (SELECT 1 FROM lease l WHERE l.name = 'queue-job:' || replace(j.id::text, '-', '') AND l.expires_at > now())`,
  );
  return { exported, waiting: waiting.rows[0].n, stuck: stuck.rows[0].n };
}

async function exportsOf(suite: Suite, orderIds: string[]): Promise<number> {
  const { rows } = await suite.db.query('SELECT count(DISTINCT order_id)::int AS n FROM ext_order_export WHERE order_id = ANY($1::uuid[]) AND config_id = $2', [orderIds, suite.exportTarget.configId]);
  return rows[0].n as number;
}

/**
 * Scenario 7: kill -9 of app A under mixed load. App B must answer everything (no 5xx, no connection
 * error); after A's restart a refund of the transaction A may have held the lease of goes through, and the
 * queue exports every order paid before, during and after the kill (automatic exports run as queue jobs).
 */
export async function killOneProcess(suite: Suite): Promise<void> {
  const [appA, appB] = suite.apps as [AppProcess, AppProcess];
  const { token } = suite;
  const payment = await payAtGateway(suite, 'pay-b');
  const hook = chargeWebhook(suite, payment);
  expectStatus(await request(appB.baseUrl, 'POST', hook.path, { body: hook.body, headers: hook.headers }), 200, 'charge webhook');
  if (!(await transitions(suite.db, payment.orderTransactionId)).includes('paid')) throw new Error('the charge webhook did not pay the transaction');
  // orders the queue has to export once they are paid: automatic export on "order paid"
  expectStatus(await request(appA.baseUrl, 'PATCH', `/api/ext-order-export-config/${suite.exportTarget.configId}`, { token, body: { autoExport: 'order_paid' } }), 204, 'autoExport');
  const orders: PlacedOrder[] = [];
  for (let i = 0; i < 6; i++) orders.push(await placeOrder(appA.baseUrl, suite.shop, null, 1));
  // slow target answers, so some export jobs are still running inside A when it dies
  await request(suite.exportTarget.sim.baseUrl, 'POST', '/_simulator/script', { body: { answers: [{ status: 200, delayMs: 2500 }, { status: 200, delayMs: 2500 }] } });

  const refundMinor = Math.max(100, Math.floor(payment.totalMinor / 100 / 100) * 100);
  const mix: Array<(base: string) => Promise<Answer>> = [
    (base) => request(base, 'GET', '/api/product?limit=5', { token }),
    (base) => request(base, 'POST', '/api/search/order', { token, body: { limit: 5, associations: { transactions: {} } } }),
    (base) => request(base, 'POST', '/store-api/product', { headers: { 'sw-access-key': suite.shop.accessKey }, body: { limit: 5 } }),
    (base) => request(base, 'POST', hook.path, { body: hook.body, headers: hook.headers }),
    (base) => request(base, 'POST', '/api/_action/pay-b/refund', { token, body: { orderTransactionId: payment.orderTransactionId, amount: refundMinor / 100 }, timeoutMs: 30_000 }),
    (base) => request(base, 'POST', '/api/_action/ext-order-export/export', { token, body: { orderId: orders[0]!.orderId, configId: suite.exportTarget.configId }, timeoutMs: 30_000 }),
  ];

  let aAlive = true;
  let done = false;
  const onA: Answer[] = [];
  const onB: Answer[] = [];
  const workers = [0, 1, 2, 3].flatMap((w) => [
    load(() => (aAlive ? appA : undefined), () => done || !aAlive, mix, onA, w),
    load(() => appB, () => done, mix, onB, w + 2),
  ]);
  // three orders paid while both run, on both processes
  for (const [i, order] of orders.slice(0, 3).entries()) {
    await request(suite.apps[i % 2]!.baseUrl, 'POST', `/api/_action/order_transaction/${order.orderTransactionId}/state/paid`, { token });
  }
  await sleep(LOAD_BEFORE_KILL_MS);
  appA.child.kill('SIGKILL');
  aAlive = false;
  await appA.exited;
  const bBeforeKill = onB.length;
  // and three while only B runs
  for (const order of orders.slice(3)) {
    onB.push(await request(appB.baseUrl, 'POST', `/api/_action/order_transaction/${order.orderTransactionId}/state/paid`, { token }));
  }
  await sleep(LOAD_AFTER_KILL_MS);
  done = true;
  await Promise.all(workers);
  const bErrors = onB.filter((a) => a.status >= 500 || a.status === 0);
  suite.report(
    `kill -9: answers of the surviving process (${onB.length}, ${onB.length - bBeforeKill} after the kill) that were 5xx or connection errors`,
    bErrors.length ? `${bErrors.length} (${[...new Set(bErrors.map((a) => `${a.status} ${a.error ?? a.text.slice(0, 80)}`))].slice(0, 3).join('; ')})` : 0,
    bErrors.length === 0,
  );

  const restartedAt = Date.now();
  const restarted = await startApp('app A (restarted)', suite.appEnv, appA.port);
  suite.apps[0] = restarted;
  suite.report('kill -9: restart of the killed process', `${((Date.now() - restartedAt) / 1000).toFixed(1)} s`, true);

  // a lease the killed process held expires (15 s); one retry covers the route's own 10 s wait
  const refundStart = Date.now();
  let refund = await request(restarted.baseUrl, 'POST', '/api/_action/pay-b/refund', { token, body: { orderTransactionId: payment.orderTransactionId, amount: refundMinor / 100 }, timeoutMs: 30_000 });
  if (refund.status === 400 && /in progress/.test(refund.text)) {
    refund = await request(restarted.baseUrl, 'POST', '/api/_action/pay-b/refund', { token, body: { orderTransactionId: payment.orderTransactionId, amount: refundMinor / 100 }, timeoutMs: 30_000 });
  }
  const refundOk = refund.status === 200 || (refund.status === 400 && /balance/.test(refund.text));
  suite.report('kill -9: refund of the same transaction after the restart', `${refund.status} after ${((Date.now() - refundStart) / 1000).toFixed(1)} s${refund.status === 200 ? '' : ` ${refund.text.slice(0, 120)}`}`, refundOk);
  const leases = await suite.db.query(`SELECT count(*)::int AS n FROM lease WHERE name LIKE 'refund:%'`);
  suite.report('kill -9: refund leases held afterwards', leases.rows[0].n, leases.rows[0].n === 0);

  // one more order paid after the restart; every paid order must get its export through the queue
  const late = await placeOrder(restarted.baseUrl, suite.shop, null, 1);
  await request(restarted.baseUrl, 'POST', `/api/_action/order_transaction/${late.orderTransactionId}/state/paid`, { token });
  const ids = [...orders.map((o) => o.orderId), late.orderId];
  // settled: every paid order exported or its export waiting in the queue, and no job left active by the dead process
  const waitStart = Date.now();
  let state = await queueState(suite, ids);
  while ((state.stuck > 0 || state.exported + state.waiting < ids.length) && Date.now() - waitStart < SETTLE_TIMEOUT_MS) {
    await sleep(500);
    state = await queueState(suite, ids);
  }
  const seconds = ((Date.now() - waitStart) / 1000).toFixed(1);
  suite.report('kill -9: export jobs left active by the killed process', `${state.stuck} after ${seconds} s`, state.stuck === 0);
  suite.report(
    'kill -9: orders paid around the kill, exported / waiting in the queue',
    `${state.exported}/${ids.length} exported, ${state.waiting} waiting for a retry`,
    state.exported + state.waiting >= ids.length && state.exported > 0,
  );
  expectStatus(await request(restarted.baseUrl, 'PATCH', `/api/ext-order-export-config/${suite.exportTarget.configId}`, { token, body: { autoExport: 'off' } }), 204, 'autoExport off');
}
