import type { WebhookAnswer } from '../../_gateway-kit/index.js';

/** The webhook's answers (spec part D errors table); the gateway counts only 200 as delivered. */
export const webhookAnswers = {
  success: { status: 200, body: { status: 'success' } },
  badRequest: { status: 400, body: { status: 'error', message: 'Bad request' } },
  accessDenied: { status: 403, body: { status: 'error', message: 'Access denied' } },
  /** The gateway retries after this. */
  internalError: { status: 500, body: { status: 'error', message: 'Internal server error' } },
} as const satisfies Record<string, WebhookAnswer>;
