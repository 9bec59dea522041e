import type { FastifyInstance, FastifyReply } from 'fastify';
import type { WebhookSender } from './webhook-sender.js';

/**
 * The simulator's "dashboard": what a merchant (or a test of a shop running the simulator as its own
 * process) does at the gateway besides its API, under `/_simulator/`, authenticated with the secret key
 * like the API. Every simulator has `POST /_simulator/webhooks/drop` `{"times": n}` (the next n automatic
 * webhooks are lost); a gateway adds its own (refunds made in the dashboard, a payment whose customer
 * never returns) with `dashboardRoute`.
 */
export const DASHBOARD_PREFIX = '/_simulator';

/** A dashboard action's answer: 200 with the result, or 400 with the gateway's error body for a refused body. */
export class DashboardRefusal extends Error {}

export function registerDashboardFaults(app: FastifyInstance, webhooks: WebhookSender, errorBody: (message: string) => unknown): void {
  dashboardRoute(app, '/webhooks/drop', errorBody, (body) => {
    const times = body.times ?? 1;
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 0 || times > 1000) throw new DashboardRefusal('times must be a whole number from 0 to 1000');
    webhooks.dropNext(times);
    return { dropping: times };
  });
}

/** A `POST /_simulator/<path>` action taking a JSON object; a DashboardRefusal answers 400 with its message. */
export function dashboardRoute(
  app: FastifyInstance,
  path: string,
  errorBody: (message: string) => unknown,
  act: (body: Record<string, unknown>, params: Record<string, string>) => unknown,
): void {
  app.post<{ Params: Record<string, string> }>(`${DASHBOARD_PREFIX}${path}`, async (request, reply: FastifyReply) => {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) return reply.code(400).send(errorBody('the body must be a JSON object'));
    try {
      return await act(body as Record<string, unknown>, request.params);
    } catch (error) {
      if (error instanceof DashboardRefusal) return reply.code(400).send(errorBody(error.message));
      // the simulator's own checks (unknown reference, bad amount) throw plain errors naming the input
      if (error instanceof Error && /simulator:/i.test(error.message)) return reply.code(400).send(errorBody(error.message.replace(/^.*?simulator:\s*/i, '')));
      throw error;
    }
  });
}
