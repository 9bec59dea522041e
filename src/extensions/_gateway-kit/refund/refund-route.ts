import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { documentedOnly, errorResponses, requirePrivileges, typed } from '../../../platform/sdk/index.js';
import { RefundRefusal } from './refund-refusal.js';

export interface RefundRouteDefinition {
  /** e.g. `/api/_action/pay-b/refund`. */
  path: string;
  /** e.g. `pay_b.refund`. */
  privilege: string;
  /** OpenAPI tag and summary. */
  tag: string;
  summary: string;
  /** The body as the route documents it; the handler checks it itself (refusals carry the spec's messages). */
  body: TSchema;
  /** Refunds; returns the gateway's JSON for the created refund. Throws RefundRefusal for a refusal. */
  refund(body: unknown): Promise<unknown>;
}

/**
 * A gateway's Admin API refund route (specs C and D): 200 with the gateway's answer; 403 in the
 * platform's error shape without the privilege; refusals as 400 `{"error": message}`. The body schema
 * documents the route; it is not enforced by the framework (no coercion, no framework error shape), so
 * malformed input is answered by the refund code with the spec's messages.
 */
export function registerRefundRoute(app: FastifyInstance, route: RefundRouteDefinition): void {
  typed(app).post(
    route.path,
    {
      schema: {
        tags: [route.tag],
        summary: route.summary,
        description: `Needs the privilege ${route.privilege}. Refusals answer 400 {"error": message}.`,
        // documented, checked by the refund code: the spec fixes the refusal shape and messages
        body: documentedOnly(route.body),
        response: {
          200: documentedOnly(Type.Object({}, { additionalProperties: true, description: "The gateway's answer for the created refund." })),
          400: documentedOnly(Type.Object({ error: Type.String() }, { description: 'The refund was refused; nothing was sent or recorded.' })),
          ...errorResponses({ 403: `Missing ${route.privilege}.` }),
        },
      },
    },
    async (request, reply) => {
      requirePrivileges(request.apiContext, [route.privilege]);
      try {
        return reply.code(200).send(await route.refund(request.body));
      } catch (error) {
        if (error instanceof RefundRefusal) return reply.code(400).send({ error: error.message });
        throw error;
      }
    },
  );
}
