import { isPlainObject } from '../../../platform/sdk/index.js';
import { jsonObjectOf } from '../../_gateway-kit/index.js';

export const CHARGE_SUCCESS = 'charge.success';
export const REFUND_PENDING = 'refund.pending';
export const REFUND_PROCESSED = 'refund.processed';
export const REFUND_FAILED = 'refund.failed';

/** Events the shop acts on; every other one is logged and answered 204. */
export const HANDLED_EVENTS: ReadonlySet<string> = new Set([CHARGE_SUCCESS, REFUND_PENDING, REFUND_PROCESSED, REFUND_FAILED]);

export interface WebhookMessage {
  event: string;
  data: Record<string, unknown>;
}

/** The raw body as `{event: string, data: object}`, the shape of every gateway A event; null for anything else, answered 400. */
export function parseWebhookBody(raw: Buffer | undefined): WebhookMessage | null {
  const body = jsonObjectOf(raw);
  if (!body || typeof body.event !== 'string' || body.event === '' || !isPlainObject(body.data)) return null;
  return { event: body.event, data: body.data };
}

/** The mode a body's `domain` names: `test` is sandbox, `live` is live; null for anything else. */
export function sandboxOfDomain(domain: unknown): boolean | null {
  if (domain === 'test') return true;
  if (domain === 'live') return false;
  return null;
}
