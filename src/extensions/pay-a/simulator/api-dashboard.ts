import type { FastifyInstance } from 'fastify';
import { dashboardRoute, DashboardRefusal } from '../../_simulator/index.js';
import { errorBody } from './envelope.js';
import type { PayASimulator } from './types.js';

const REFUND_OUTCOMES = ['processed', 'failed', 'pending'] as const;

/**
 * Gateway A's dashboard (`/_simulator/...`, see the harness's dashboard.ts), for a shop that runs the
 * simulator as its own process:
 * - `POST /_simulator/refunds` `{"reference", "amount" (minor units), "note"?, "outcome"?: processed|failed|pending,
 *   "sendEvent"?: true}`: a refund made in the dashboard; its final event (refund.processed / refund.failed)
 *   is sent unless `sendEvent` is false or it stays pending (then refund.pending is sent).
 * - `POST /_simulator/payments/:reference/complete` `{"outcome"?: success|failed|abandoned}`: the customer pays
 *   on the hosted page and never comes back (the redirect is answered, not followed).
 */
export function registerDashboardRoutes(app: FastifyInstance, simulator: () => PayASimulator): void {
  dashboardRoute(app, '/refunds', errorBody, async (body) => {
    const { reference, amount, note, outcome = 'processed', sendEvent = true } = body;
    if (typeof reference !== 'string' || reference === '') throw new DashboardRefusal('reference is required');
    if (typeof amount !== 'number') throw new DashboardRefusal('amount is required (gateway minor units)');
    if (note !== undefined && typeof note !== 'string') throw new DashboardRefusal('note must be a string');
    if (!REFUND_OUTCOMES.includes(outcome as never)) throw new DashboardRefusal(`outcome must be one of ${REFUND_OUTCOMES.join(', ')}`);
    if (typeof sendEvent !== 'boolean') throw new DashboardRefusal('sendEvent must be true or false');
    const sim = simulator();
    const refund = sim.addRefund(reference, amount, { merchantNote: note });
    const id = refund.id as number;
    let webhook;
    if (outcome === 'pending') webhook = sendEvent ? await sim.deliverWebhook(sim.refundEvent(id, 'pending')) : undefined;
    else webhook = await sim.settleRefund(id, outcome as 'processed' | 'failed', { send: sendEvent });
    return { refund: sim.refunds().find((item) => item.id === id), webhook: webhook ?? null };
  });

  dashboardRoute(app, '/payments/:reference/complete', errorBody, async (body, params) => {
    const { outcome = 'success' } = body;
    if (outcome !== 'success' && outcome !== 'failed' && outcome !== 'abandoned') throw new DashboardRefusal('outcome must be one of success, failed, abandoned');
    const { redirectUrl } = await simulator().completePayment(params.reference!, outcome);
    return { redirectUrl, followed: false };
  });
}
