import type { FastifyInstance } from 'fastify';
import type { ExtensionHost } from '../../platform/sdk/index.js';
import { registerWebhookRoute } from '../_gateway-kit/index.js';
import { createWebhookHandler, VERIF_HASH_HEADER } from './webhook/handle-webhook.js';
import { webhookAnswers } from './webhook/webhook-answers.js';

export const WEBHOOK_PATH = '/pay-b/webhook';

/**
 * `POST /pay-b/webhook`: the `verif-hash` header is the gate; the only answers are 200, 400, 403 and 500
 * with their fixed bodies (webhook/webhook-answers.ts): the gateway counts anything but 200 as a failed delivery.
 */
export function registerPayBWebhookRoute(app: FastifyInstance, host: ExtensionHost): void {
  const handle = createWebhookHandler(host);
  registerWebhookRoute(app, host, {
    path: WEBHOOK_PATH,
    badRequest: webhookAnswers.badRequest,
    internalError: webhookAnswers.internalError,
    handle: ({ rawBody, headers }) => handle({ verifHash: headers[VERIF_HASH_HEADER], rawBody }),
  });
}
