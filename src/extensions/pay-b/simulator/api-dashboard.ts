import type { FastifyInstance } from 'fastify';
import { dashboardRoute, DashboardRefusal } from '../../_simulator/index.js';
import { errorBody } from './envelope.js';
import type { PayBSimulator } from './types.js';

/**
 * Gateway D's dashboard (`/_simulator/...`, see the harness's dashboard.ts), for a shop that runs the
 * simulator as its own process:
 * - `POST /_simulator/refunds` `{"transactionId", "amount" (major units), "status"?: completed, "sendEvent"?: true}`:
 *   a refund made in the dashboard, in the ledger at once; refund.completed (with its status) is sent unless
 *   `sendEvent` is false.
 * - `POST /_simulator/payments/:txRef/complete` `{"outcome"?: successful|failed|cancelled}`: the customer pays on
 *   the hosted page and never comes back (the redirect is answered, not followed).
 */
export function registerDashboardRoutes(app: FastifyInstance, simulator: () => PayBSimulator): void {
  dashboardRoute(app, '/refunds', errorBody, async (body) => {
    const { transactionId, amount, status = 'completed', sendEvent = true } = body;
    if (typeof transactionId !== 'number' || !Number.isSafeInteger(transactionId)) throw new DashboardRefusal('transactionId is required (the gateway transaction id)');
    if (typeof amount !== 'number' && typeof amount !== 'string') throw new DashboardRefusal('amount is required (major units)');
    if (typeof status !== 'string' || status === '') throw new DashboardRefusal('status must be a non-empty string');
    if (typeof sendEvent !== 'boolean') throw new DashboardRefusal('sendEvent must be true or false');
    const sim = simulator();
    const refund = sim.addRefund(transactionId, amount, status);
    const webhook = sendEvent ? await sim.sendRefundWebhook(refund.id as number) : null;
    return { refund, webhook };
  });

  dashboardRoute(app, '/payments/:txRef/complete', errorBody, async (body, params) => {
    const { outcome = 'successful' } = body;
    if (outcome !== 'successful' && outcome !== 'failed' && outcome !== 'cancelled') throw new DashboardRefusal('outcome must be one of successful, failed, cancelled');
    const { redirectUrl, transactionId } = await simulator().completePayment(params.txRef!, outcome);
    return { redirectUrl, transactionId: transactionId ?? null, followed: false };
  });
}
