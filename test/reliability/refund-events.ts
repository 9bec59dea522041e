import { createHmac, randomBytes } from 'node:crypto';
import { expectStatus, request, statusCounts, type Answer } from './http.js';
import type { Gateway } from './shop.js';
import { spread, type Suite } from './suite.js';
import { chargeWebhook, payAtGateway, type GatewayPayment } from './webhooks.js';

export const REPEATED_EVENTS = 10;

interface OpenRefund {
  /** The gateway's refund id, as the refund route answered it. */
  gatewayRefundId: string;
}

/** The shop's refunds of a transaction, oldest first: their gateway ids and states, and what they hold (minor units, every state but failed or cancelled). */
async function shopRefunds(suite: Suite, orderTransactionId: string): Promise<{ states: Record<string, string>; heldMinor: number }> {
  const { rows } = await suite.db.query(
    `SELECT r.external_reference, r.amount, s.technical_name AS state FROM order_transaction_capture_refund r
       JOIN order_transaction_capture c ON c.id = r.capture_id
       JOIN state_machine_state s ON s.id = r.state_id
      WHERE c.order_transaction_id = $1 ORDER BY r.created_at, r.id`,
    [orderTransactionId],
  );
  const states: Record<string, string> = {};
  let heldMinor = 0;
  for (const row of rows) {
    states[row.external_reference as string] = row.state as string;
    const amount = typeof row.amount === 'string' ? JSON.parse(row.amount) : row.amount;
    if (row.state !== 'failed' && row.state !== 'cancelled') heldMinor += Math.round((amount.totalPrice as number) * 100);
  }
  return { states, heldMinor };
}

/** `refundable` of the gateway's refundable route (major units, as answered). */
async function refundableOf(suite: Suite, payment: GatewayPayment): Promise<string> {
  const answer = await request(suite.apps[0]!.baseUrl, 'GET', `/api/_action/${payment.gateway}/refundable/${payment.orderTransactionId}`, { token: suite.token });
  return expectStatus(answer, 200, `${payment.gateway} refundable`).json().refundable as string;
}

/** A webhook as the gateway sends it: path, body and authenticating headers. */
interface Webhook {
  path: string;
  body: string;
  headers: Record<string, string>;
}

/** A refund event exactly as the gateway sends it. */
function refundEvent(suite: Suite, payment: GatewayPayment, refund: OpenRefund, outcome: 'completed' | 'failed', amountMinor: number, processorReference: string): Webhook {
  if (payment.gateway === 'pay-a') {
    // gateway A names no refund: the transaction, the amount (a string, a number on failed) and the processor's reference
    const data = {
      status: outcome === 'completed' ? 'processed' : 'failed',
      transaction_reference: payment.gatewayRef,
      refund_reference: processorReference,
      amount: outcome === 'completed' ? String(amountMinor) : amountMinor,
      currency: 'NGN',
      domain: 'test',
    };
    const body = JSON.stringify({ event: `refund.${data.status}`, data });
    const signature = createHmac('sha512', suite.payA.secretKey).update(body).digest('hex');
    return { path: '/pay-a/webhook', body, headers: { 'content-type': 'application/json', 'x-pay-a-signature': signature } };
  }
  const data = { id: Number(refund.gatewayRefundId), status: outcome, AmountRefunded: amountMinor / 100, TransactionId: Number(payment.gatewayRef) };
  const body = JSON.stringify({ event: 'refund.completed', data });
  return { path: '/pay-b/webhook', body, headers: { 'content-type': 'application/json', 'verif-hash': suite.payB.secretHash } };
}

/** One event `times` times at once, round-robin over both processes. */
function deliver(suite: Suite, hook: Webhook, times: number): Promise<Answer[]> {
  return spread(suite.apps, times, (app) => request(app.baseUrl, 'POST', hook.path, { body: hook.body, headers: hook.headers }));
}

/** Lines of both processes' logs naming a contradicted refund event of this transaction. */
function contradictionsLogged(suite: Suite, orderTransactionId: string): number {
  return suite.apps
    .flatMap((app) => app.log().split('\n'))
    .filter((line) => line.includes('contradicts') && line.includes(orderTransactionId)).length;
}

/**
 * The contradictory refund events, for each gateway: a paid order with two open refunds of the same
 * amount; the completion of the first delivered 10 times over both processes, then a failure of the same
 * refund (gateway A: the same `refund_reference` and amount; gateway D: the same refund id) 10 times. The
 * completed refund stays completed, the other refund stays open, what the shop holds and the refundable
 * route answer do not move, no delivery is answered 5xx, and the contradiction is logged.
 */
export async function contradictoryRefundEvents(suite: Suite): Promise<void> {
  for (const gateway of ['pay-a', 'pay-b'] as const satisfies readonly Gateway[]) {
    const payment = await payAtGateway(suite, gateway);
    const charge = chargeWebhook(suite, payment);
    expectStatus(await request(suite.apps[0]!.baseUrl, 'POST', charge.path, { body: charge.body, headers: charge.headers }), gateway === 'pay-a' ? 204 : 200, `${gateway} charge webhook`);

    // two refunds of the same whole number of naira (10 % each), one through each process
    const eachMinor = Math.floor((payment.totalMinor * 0.1) / 100) * 100;
    const body = gateway === 'pay-a' ? { transaction: payment.gatewayRef, amount: String(eachMinor / 100) } : { orderTransactionId: payment.orderTransactionId, amount: eachMinor / 100 };
    const refunds: OpenRefund[] = [];
    for (const app of suite.apps) {
      const answer = expectStatus(await request(app.baseUrl, 'POST', `/api/_action/${gateway}/refund`, { token: suite.token, body, timeoutMs: 60_000 }), 200, `${gateway} refund`);
      refunds.push({ gatewayRefundId: String(answer.json().data.id) });
    }
    const [first, second] = refunds as [OpenRefund, OpenRefund];
    const processorReference = `PRB-REF-${randomBytes(4).toString('hex')}`;

    const completions = await deliver(suite, refundEvent(suite, payment, first, 'completed', eachMinor, processorReference), REPEATED_EVENTS);
    const afterCompletion = await shopRefunds(suite, payment.orderTransactionId);
    const refundableAfterCompletion = await refundableOf(suite, payment);

    const failures = await deliver(suite, refundEvent(suite, payment, first, 'failed', eachMinor, processorReference), REPEATED_EVENTS);
    const afterFailure = await shopRefunds(suite, payment.orderTransactionId);
    const refundableAfterFailure = await refundableOf(suite, payment);

    const name = `refund events ${gateway} completed x${REPEATED_EVENTS} then contradicting failed x${REPEATED_EVENTS}`;
    const states = [afterFailure.states[first.gatewayRefundId], afterFailure.states[second.gatewayRefundId]];
    suite.report(`${name}: states (completed one, other one)`, states.join(','), states[0] === 'completed' && states[1] === 'open' && afterCompletion.states[first.gatewayRefundId] === 'completed');
    suite.report(
      `${name}: held by the shop's refunds minor (after completion/after failure)`,
      `${afterCompletion.heldMinor}/${afterFailure.heldMinor}`,
      afterCompletion.heldMinor === 2 * eachMinor && afterFailure.heldMinor === afterCompletion.heldMinor,
    );
    suite.report(`${name}: refundable route (after completion/after failure)`, `${refundableAfterCompletion}/${refundableAfterFailure}`, refundableAfterCompletion === refundableAfterFailure);
    const answers = [...completions, ...failures];
    const fivexx = answers.filter((a) => a.status >= 500 || a.status === 0).length;
    const expected = gateway === 'pay-a' ? 204 : 200;
    suite.report(`${name}: 5xx`, fivexx, fivexx === 0);
    // the gateway's normal answer: 204 without a body (A), 200 {"status":"success"} (D)
    const normal = (a: Answer) => a.status === expected && (gateway === 'pay-a' ? a.text === '' : a.text === '{"status":"success"}');
    suite.report(`${name}: statuses`, JSON.stringify(statusCounts(answers)), answers.every(normal));
    const logged = contradictionsLogged(suite, payment.orderTransactionId);
    suite.report(`${name}: contradictions logged`, logged, logged >= 1);
  }
}
