import { isPlainObject } from '../../../platform/sdk/index.js';
import { jsonObjectOf } from '../../_gateway-kit/index.js';

export const CHARGE_COMPLETED = 'charge.completed';
export const REFUND_COMPLETED = 'refund.completed';

/** A webhook body that passed the shape check. */
export type WebhookMessage =
  /** `{event, data}`: charge.completed, wrapped refund.completed, or any other event type. */
  | { kind: 'event'; event: string; data: Record<string, unknown> }
  /** The flat refund form: the refund object itself at the top level, as the gateway sends refund.completed in one of its forms. */
  | { kind: 'flat-refund'; refund: Record<string, unknown> };

/**
 * Reads the raw body: a JSON object with a string `event` and an object `data`, or a top-level refund
 * object with `AmountRefunded` and `TransactionId`; other event types need no `data`. Null for anything
 * else (not JSON, empty, an array, wrong types), which is answered 400.
 */
export function parseWebhookBody(raw: Buffer | undefined): WebhookMessage | null {
  const body = jsonObjectOf(raw);
  if (!body) return null;
  if (typeof body.event === 'string' && isPlainObject(body.data)) return { kind: 'event', event: body.event, data: body.data };
  // an event we do not handle is acknowledged whatever it carries (e.g. a dashboard ping without data)
  if (typeof body.event === 'string' && body.event !== CHARGE_COMPLETED && body.event !== REFUND_COMPLETED) return { kind: 'event', event: body.event, data: {} };
  if ('AmountRefunded' in body && 'TransactionId' in body) return { kind: 'flat-refund', refund: body };
  return null;
}
