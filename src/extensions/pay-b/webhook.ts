import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Platform } from '../../platform/kernel.js';
import { createWebhookHandler } from './webhook/handle-webhook.js';
import { webhookAnswers, type WebhookAnswer } from './webhook/webhook-answers.js';
import { VERIF_HASH_HEADER } from './webhook/verif-hash.js';

export const WEBHOOK_PATH = '/pay-b/webhook';

/** Gateway events are a few KiB; anyone can call the route, so larger bodies are refused before they are read. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /pay-b/webhook` (spec part D): no platform authentication, no CSRF; the `verif-hash` header is
 * the gate. Its own scope takes every body as raw bytes, so the handler alone decides about malformed
 * JSON, and the answers are only the spec's (200, 400, 403, 500): the gateway counts anything but 200
 * as a failed delivery.
 */
export function registerWebhookRoute(app: FastifyInstance, platform: Platform): void {
  const handle = createWebhookHandler(platform);
  const send = (reply: FastifyReply, answer: WebhookAnswer) => reply.code(answer.status).type('application/json').send(answer.body);

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // errors before the handler (body too large, broken content length) are malformed requests;
    // anything else (e.g. the inactive-extension 404) is left to the platform
    scope.setErrorHandler((error, _request, reply) => {
      if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_')) {
        return send(reply, webhookAnswers.badRequest);
      }
      throw error;
    });

    scope.post(WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      try {
        const answer = await handle({
          verifHash: request.headers[VERIF_HASH_HEADER],
          rawBody: Buffer.isBuffer(request.body) ? request.body : undefined,
        });
        return send(reply, answer);
      } catch (error) {
        platform.logger.error({ reason: error instanceof Error ? error.message : String(error) }, 'pay-b: webhook processing failed; answered 500 for a retry');
        return send(reply, webhookAnswers.internalError);
      }
    });
  });
}
