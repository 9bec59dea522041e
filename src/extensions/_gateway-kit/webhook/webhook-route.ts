import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ExtensionHost } from '../../../platform/sdk/index.js';

/** One answer of a webhook route; without a body the answer is empty (e.g. 204). */
export interface WebhookAnswer {
  status: number;
  body?: unknown;
}

export interface WebhookRouteDefinition {
  /** e.g. `/pay-b/webhook`. */
  path: string;
  /** Gateway events are a few KiB; anyone can call the route, so larger bodies are refused unread. Default 256 KiB. */
  bodyLimit?: number;
  /** The gateway's answer for a body that could not even be read (too large, broken length). */
  badRequest: WebhookAnswer;
  /** The answer when handling threw: the gateway retries after it. */
  internalError: WebhookAnswer;
  /** Verifies, parses and handles one delivery; the raw bytes are what the signature covers. */
  handle(request: { rawBody: Buffer | undefined; headers: IncomingHttpHeaders }): Promise<WebhookAnswer>;
}

const DEFAULT_BODY_LIMIT = 256 * 1024;

/**
 * A gateway webhook route: no platform authentication, no CSRF; the gateway's signature or secret is
 * the gate. It gets a scope of its own that takes every body as raw bytes, so the handler alone decides
 * about malformed JSON and signatures cover the exact bytes sent, and it answers only with the
 * gateway's documented answers (a gateway counts anything unexpected as a failed delivery).
 */
export function registerWebhookRoute(app: FastifyInstance, host: ExtensionHost, route: WebhookRouteDefinition): void {
  const send = (reply: FastifyReply, answer: WebhookAnswer) =>
    answer.body === undefined ? reply.code(answer.status).send() : reply.code(answer.status).type('application/json').send(answer.body);

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // errors before the handler (body too large, broken content length) are malformed requests;
    // anything else (e.g. the inactive-extension 404) is left to the platform
    scope.setErrorHandler((error, _request, reply) => {
      if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_')) {
        return send(reply, route.badRequest);
      }
      throw error;
    });

    scope.post(route.path, { bodyLimit: route.bodyLimit ?? DEFAULT_BODY_LIMIT }, async (request, reply) => {
      try {
        return send(reply, await route.handle({ rawBody: Buffer.isBuffer(request.body) ? request.body : undefined, headers: request.headers }));
      } catch (error) {
        // the reason only: an error may quote the body, which is untrusted and may carry personal data
        host.logger.error({ path: route.path, reason: error instanceof Error ? error.message : String(error) }, 'webhook processing failed; answered for a retry');
        return send(reply, route.internalError);
      }
    });
  });
}
