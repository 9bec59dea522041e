import { createHmac } from 'node:crypto';
import { request, statusCounts } from './http.js';
import { payOnHostedPage, placeOrder, type Gateway } from './shop.js';
import { spread, transitions, type Suite } from './suite.js';

export const DUPLICATE_WEBHOOKS = 100;

/** A transaction paid at the gateway whose shop side is settled only by webhooks (the customer never returns). */
export interface GatewayPayment {
  gateway: Gateway;
  orderId: string;
  orderTransactionId: string;
  totalMinor: number;
  /** pay-a: the reference; pay-b: the gateway transaction id */
  gatewayRef: string;
}

/** One charge webhook exactly as the gateway would send it: body and authenticating headers. */
export function chargeWebhook(suite: Suite, payment: GatewayPayment): { path: string; body: string; headers: Record<string, string> } {
  if (payment.gateway === 'pay-a') {
    const body = JSON.stringify({ event: 'charge.success', data: { reference: payment.gatewayRef, domain: 'test', status: 'success' } });
    const signature = createHmac('sha512', suite.payA.secretKey).update(body).digest('hex');
    return { path: '/pay-a/webhook', body, headers: { 'content-type': 'application/json', 'x-pay-a-signature': signature } };
  }
  const body = JSON.stringify({ event: 'charge.completed', data: { id: Number(payment.gatewayRef), tx_ref: payment.orderTransactionId, status: 'successful' } });
  return { path: '/pay-b/webhook', body, headers: { 'content-type': 'application/json', 'verif-hash': suite.payB.secretHash } };
}

export async function payAtGateway(suite: Suite, gateway: Gateway): Promise<GatewayPayment> {
  const order = await placeOrder(suite.apps[0]!.baseUrl, suite.shop, gateway);
  const back = await payOnHostedPage(order.redirectUrl);
  const gatewayRef = gateway === 'pay-a' ? back.searchParams.get('reference') : back.searchParams.get('transaction_id');
  if (!gatewayRef) throw new Error(`${gateway}: the hosted page's redirect carries no reference: ${back}`);
  return { gateway, orderId: order.orderId, orderTransactionId: order.orderTransactionId, totalMinor: order.totalMinor, gatewayRef };
}

/** Scenario 1: the same charge webhook 100 times over both processes pays once, with no 5xx. Returns the paid transactions for scenario 2. */
export async function duplicateWebhooks(suite: Suite): Promise<GatewayPayment[]> {
  const paid: GatewayPayment[] = [];
  for (const gateway of ['pay-a', 'pay-b'] as const) {
    const payment = await payAtGateway(suite, gateway);
    const hook = chargeWebhook(suite, payment);
    const answers = await spread(suite.apps, DUPLICATE_WEBHOOKS, (app) => request(app.baseUrl, 'POST', hook.path, { body: hook.body, headers: hook.headers }));
    const fivexx = answers.filter((a) => a.status >= 500 || a.status === 0).length;
    const expected = gateway === 'pay-a' ? 204 : 200;
    const counts = statusCounts(answers);
    const history = await transitions(suite.db, payment.orderTransactionId);
    const paidCount = history.filter((a) => a === 'paid').length;
    suite.report(`webhook ${gateway} ${DUPLICATE_WEBHOOKS} duplicates: state changes`, history.join(',') || 'none', paidCount === 1 && history.length === 1);
    suite.report(`webhook ${gateway} ${DUPLICATE_WEBHOOKS} duplicates: 5xx`, fivexx, fivexx === 0);
    suite.report(`webhook ${gateway} ${DUPLICATE_WEBHOOKS} duplicates: statuses`, JSON.stringify(counts), counts[expected] === DUPLICATE_WEBHOOKS);
    if (paidCount === 1) paid.push(payment);
  }
  return paid;
}
