import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { requirePrivileges } from '../../acl/context.js';
import { AppError } from '../../errors/app-error.js';
import { documentedOnly, errorResponses, typed } from '../../http/schemas/index.js';
import { RefundRefusal } from './refund-refusal.js';

export interface RefundRouteDefinition {
  /** e.g. `/api/_action/pay-b/refund`. */
  path: string;
  /** e.g. `pay_b.refund`. */
  privilege: string;
  /** OpenAPI tag and summary. */
  tag: string;
  summary: string;
  /** The body as the route documents it; the handler checks it itself (refusals carry the route's fixed messages). */
  body: TSchema;
  /** Refunds; returns the gateway's JSON for the created refund. Throws RefundRefusal for a refusal. */
  refund(body: unknown): Promise<unknown>;
}

/**
 * A gateway's Admin API refund route (gateways A and D): 200 with the gateway's answer; 403 in the
 * platform's error shape without the privilege; refusals as 400 `{"error": message}`. The body schema
 * documents the route; it is not enforced by the framework (no coercion, no framework error shape), so
 * malformed input is answered by the refund code with the route's fixed messages.
 */
export function registerRefundRoute(app: FastifyInstance, route: RefundRouteDefinition): void {
  void app.register(async (scope) => {
    // input refused before the route runs (malformed JSON, a NUL character, hostile nesting) is a refusal
    // too: the route's clients know `400 {"error": message}` and no other 400 shape
    scope.setErrorHandler((error, _request, reply) => {
      if (error instanceof AppError && REFUSED_INPUT.has(error.code)) return reply.code(400).send({ error: error.message });
      throw error;
    });
    registerIn(scope, route);
  });
}

/** The platform's codes for input no route can use (http/input-guard.ts, the JSON parser). */
const REFUSED_INPUT: ReadonlySet<string> = new Set(['FRAMEWORK__INVALID_REQUEST_PARAMETER', 'FRAMEWORK__INVALID_JSON']);

function registerIn(app: FastifyInstance, route: RefundRouteDefinition): void {
  typed(app).post(
    route.path,
    {
      schema: {
        tags: [route.tag],
        summary: route.summary,
        description: `Needs the privilege ${route.privilege}. Refusals answer 400 {"error": message}.`,
        // documented, checked by the refund code: the refusal shape and messages are fixed, not the framework's
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
