import type { WebhookAnswers } from '../../../platform/sdk/index.js';

/**
 * The webhook's only answers: status codes, no bodies. The gateway counts any 2xx as delivered and
 * retries after the others.
 */
export const webhookAnswers: WebhookAnswers = {
  /** Signature valid and the event handled, or an event type (or mode) the shop does not handle. */
  handled: { status: 204 },
  /** Not JSON with `event` and `data`. */
  badRequest: { status: 400 },
  /** Missing or invalid signature, or no secret key configured. */
  forbidden: { status: 403 },
  /** Processing threw: the gateway retries. */
  internalError: { status: 500 },
};
