import { request, statusCounts } from './http.js';
import { spread, type Suite } from './suite.js';
import type { GatewayPayment } from './webhooks.js';

export const CONCURRENT_REFUNDS = 20;

/** Refunds recorded by the shop for a transaction (not failed/cancelled), in minor units, summed exactly. */
async function shopRefundedMinor(suite: Suite, orderTransactionId: string): Promise<{ count: number; minor: number }> {
  const { rows } = await suite.db.query(
    `SELECT r.amount FROM order_transaction_capture_refund r
       JOIN order_transaction_capture c ON c.id = r.capture_id
       JOIN state_machine_state s ON s.id = r.state_id
      WHERE c.order_transaction_id = $1 AND s.technical_name NOT IN ('failed', 'cancelled')`,
    [orderTransactionId],
  );
  const amounts = rows.map((r) => (typeof r.amount === 'string' ? JSON.parse(r.amount) : r.amount).totalPrice as number);
  return { count: rows.length, minor: amounts.reduce((sum, a) => sum + Math.round(a * 100), 0) };
}

/**
 * Scenario 2: 20 refunds of 15 % each at once over both processes. At most 6 fit; the sum the shop
 * recorded and the sum of the 200 answers must never exceed the captured amount (minor units, integers).
 */
export async function concurrentRefunds(suite: Suite, paid: GatewayPayment[]): Promise<void> {
  for (const payment of paid) {
    // a whole number of naira so both gateways take it as is
    const eachMinor = Math.floor((payment.totalMinor * 0.15) / 100) * 100;
    const major = String(eachMinor / 100);
    const body = payment.gateway === 'pay-a' ? { transaction: payment.gatewayRef, amount: major } : { orderTransactionId: payment.orderTransactionId, amount: Number(major) };
    const answers = await spread(suite.apps, CONCURRENT_REFUNDS, (app) => request(app.baseUrl, 'POST', `/api/_action/${payment.gateway}/refund`, { token: suite.token, body, timeoutMs: 60_000 }));
    const accepted = answers.filter((a) => a.status === 200).length;
    const fivexx = answers.filter((a) => a.status >= 500 || a.status === 0).length;
    const stored = await shopRefundedMinor(suite, payment.orderTransactionId);
    const within = stored.minor <= payment.totalMinor && accepted * eachMinor <= payment.totalMinor && stored.count === accepted;
    suite.report(
      `refund ${payment.gateway} ${CONCURRENT_REFUNDS} concurrent: refunded/captured minor`,
      `${stored.minor}/${payment.totalMinor} (${accepted} accepted, ${stored.count} stored, each ${eachMinor})`,
      within && accepted >= 1,
    );
    suite.report(`refund ${payment.gateway} ${CONCURRENT_REFUNDS} concurrent: statuses`, JSON.stringify(statusCounts(answers)), fivexx === 0);
  }
  const { rows } = await suite.db.query(`SELECT count(*)::int AS n FROM lease WHERE name LIKE 'refund:%'`);
  suite.report('refund leases held after the refunds', rows[0].n, rows[0].n === 0);
}
