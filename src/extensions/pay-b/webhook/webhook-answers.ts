import type { WebhookAnswers } from '../../../platform/sdk/index.js';

/** The webhook's only answers, fixed status and body each; the gateway counts only 200 as delivered and retries the others. */
export const webhookAnswers: WebhookAnswers = {
  handled: { status: 200, body: { status: 'success' } },
  badRequest: { status: 400, body: { status: 'error', message: 'Bad request' } },
  forbidden: { status: 403, body: { status: 'error', message: 'Access denied' } },
  /** The gateway retries after this. */
  internalError: { status: 500, body: { status: 'error', message: 'Internal server error' } },
};
