import { isPlainObject } from '../../../platform/sdk/index.js';
import type { WebhookSigning } from '../../_simulator/index.js';
import type { SimulatorSettings } from './options.js';

/** The gateway gives a webhook endpoint 60 s per attempt. */
const ATTEMPT_TIMEOUT_MS = 60_000;

/** The event a body announces: `event`, or refund.completed for the flat refund shape. */
export function eventOf(body: unknown): string {
  if (isPlainObject(body)) {
    if (typeof body.event === 'string') return body.event;
    if ('AmountRefunded' in body && 'TransactionId' in body) return 'refund.completed';
  }
  return 'unknown';
}

/**
 * How gateway D sends webhooks: the merchant's secret hash verbatim in `verif-hash` (the payload is not
 * signed), success on HTTP 200 only (201, 204 and redirects are failures).
 */
export function payBWebhookSigning(settings: SimulatorSettings): WebhookSigning {
  return {
    name: 'PayB simulator',
    headersFor: (): Record<string, string> => (settings.secretHash === undefined ? {} : { 'verif-hash': settings.secretHash }),
    isDelivered: (status) => status === 200,
    eventOf,
    attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
  };
}
