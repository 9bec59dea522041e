import type { FastifyInstance } from 'fastify';
import type { ExtensionHost } from '../../platform/sdk/index.js';
import { registerWebhookRoute } from '../_gateway-kit/index.js';
import { createWebhookHandler } from './webhook/handle-webhook.js';
import { SIGNATURE_HEADER } from './webhook/signing-keys.js';
import { webhookAnswers } from './webhook/webhook-answers.js';

export const WEBHOOK_PATH = '/pay-a/webhook';

/**
 * `POST /pay-a/webhook`: the `x-pay-a-signature` HMAC over the raw bytes is the gate; the only answers
 * are 204, 400, 403 and 500, without bodies (webhook/webhook-answers.ts).
 */
export function registerPayAWebhookRoute(app: FastifyInstance, host: ExtensionHost): void {
  const handle = createWebhookHandler(host);
  registerWebhookRoute(app, host, {
    path: WEBHOOK_PATH,
    badRequest: webhookAnswers.badRequest,
    internalError: webhookAnswers.internalError,
    handle: ({ rawBody, headers }) => handle({ signature: headers[SIGNATURE_HEADER], rawBody }),
  });
}
