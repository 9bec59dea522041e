import { expectStatus, request } from './http.js';
import type { Gateway } from './shop.js';
import { transitions, type Suite } from './suite.js';
import { chargeWebhook, payAtGateway, type GatewayPayment } from './webhooks.js';

const REFUND_MINOR = 10_000;
const SETTLE_WITHIN_MS = 30_000;

/** A `POST /_simulator/...` dashboard action at the gateway's simulator (its own process), as the merchant. */
async function dashboard(suite: Suite, gateway: Gateway, path: string, body: unknown): Promise<void> {
  const { sim, secretKey } = gateway === 'pay-a' ? suite.payA : suite.payB;
  const answer = await fetch(`${sim.baseUrl}/_simulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secretKey}` },
    body: JSON.stringify(body),
  });
  if (answer.status !== 200) throw new Error(`${gateway} dashboard ${path} answered ${answer.status}: ${await answer.text()}`);
}

/** A refund made in the gateway's dashboard, its event never sent. */
function dashboardRefund(suite: Suite, payment: GatewayPayment): Promise<void> {
  const body =
    payment.gateway === 'pay-a'
      ? { reference: payment.gatewayRef, amount: REFUND_MINOR, note: 'Refunded at the counter', sendEvent: false }
      : { transactionId: Number(payment.gatewayRef), amount: (REFUND_MINOR / 100).toFixed(2), sendEvent: false };
  return dashboard(suite, payment.gateway, '/refunds', body);
}

async function backdate(suite: Suite, orderTransactionId: string, minutes: number): Promise<void> {
  await suite.db.query(`UPDATE order_transaction SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [orderTransactionId, minutes]);
}

async function refundStates(suite: Suite, orderTransactionId: string): Promise<string[]> {
  const { rows } = await suite.db.query(
    `SELECT s.technical_name AS state FROM order_transaction_capture_refund r JOIN order_transaction_capture c ON c.id = r.capture_id
       JOIN state_machine_state s ON s.id = r.state_id WHERE c.order_transaction_id = $1`,
    [orderTransactionId],
  );
  return rows.map((row) => row.state as string);
}

/**
 * The scheduled re-check run by both processes at once (`POST /api/_action/scheduled-task/run` on each, the
 * tasks made due), while the lost charge webhook of one payment arrives at the second process: per gateway,
 * a payment whose webhook was lost and whose customer never returned is paid exactly once, and a refund
 * made in the gateway's dashboard without its event is recorded once, completed, and moves the transaction
 * to refunded (partially) once.
 */
export async function recheckOverProcesses(suite: Suite): Promise<void> {
  const [appA, appB] = suite.apps;
  const unsettled: GatewayPayment[] = [];
  const refunded: GatewayPayment[] = [];
  for (const gateway of ['pay-a', 'pay-b'] as const) {
    // the simulators run without a webhook URL: nothing reaches the shop unless sent below
    const open = await payAtGateway(suite, gateway);
    await backdate(suite, open.orderTransactionId, 3);
    unsettled.push(open);
    const paid = await payAtGateway(suite, gateway);
    const hook = chargeWebhook(suite, paid);
    expectStatus(await request(appA!.baseUrl, 'POST', hook.path, { body: hook.body, headers: hook.headers }), gateway === 'pay-a' ? 204 : 200, `${gateway} charge webhook`);
    await dashboardRefund(suite, paid);
    await backdate(suite, paid.orderTransactionId, 120);
    refunded.push(paid);
  }
  await suite.db.query(`UPDATE scheduled_task SET next_execution_time = now() - interval '1 second' WHERE name LIKE 'payment.recheck.%'`);

  const lateHook = chargeWebhook(suite, unsettled[0]!);
  const run = (baseUrl: string) => request(baseUrl, 'POST', '/api/_action/scheduled-task/run', { token: suite.token });
  const answers = await Promise.all([run(appA!.baseUrl), run(appB!.baseUrl), request(appB!.baseUrl, 'POST', lateHook.path, { body: lateHook.body, headers: lateHook.headers })]);
  suite.report('recheck on both processes at once: run answers', answers.slice(0, 2).map((a) => a.status).join(','), answers[0]!.status === 200 && answers[1]!.status === 200);

  // a process's own scheduler may have taken a task first: wait for every outcome rather than for our runs
  const deadline = Date.now() + SETTLE_WITHIN_MS;
  const settled = async () => {
    for (const payment of unsettled) if (!(await transitions(suite.db, payment.orderTransactionId)).includes('paid')) return false;
    for (const payment of refunded) if (!(await refundStates(suite, payment.orderTransactionId)).includes('completed')) return false;
    return true;
  };
  while (!(await settled()) && Date.now() < deadline) {
    await Promise.all([run(appA!.baseUrl), run(appB!.baseUrl)]);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (const payment of unsettled) {
    const history = await transitions(suite.db, payment.orderTransactionId);
    suite.report(`recheck ${payment.gateway} lost webhook, customer never returned: state changes`, history.join(',') || 'none', history.length === 1 && history[0] === 'paid');
  }
  for (const payment of refunded) {
    const states = await refundStates(suite, payment.orderTransactionId);
    const moves = (await transitions(suite.db, payment.orderTransactionId)).filter((action) => action === 'refund_partially');
    suite.report(`recheck ${payment.gateway} dashboard refund without event: refunds / refund moves`, `${states.join(',') || 'none'} / ${moves.length}`, states.length === 1 && states[0] === 'completed' && moves.length === 1);
  }
}
