import { isPlainObject, type ExtensionHost, type WebhookAnswers, type WebhookRequest, type WebhookVerdict } from '../../../platform/sdk/index.js';
import { jsonObjectOf, sharedSecretMatches } from '../../_gateway-kit/index.js';
import { isGatewayId } from '../client.js';
import { readWebhookSecretHash } from '../config.js';
import { CHARGE_COMPLETED_EVENT, REFUND_COMPLETED_EVENT } from '../events.js';
import { orderTransactionIdFromTxRef } from '../payment/order-transaction.js';
import { refundEventOf } from './refund-event.js';

/** The header gateway D sends the merchant's secret hash in, verbatim. */
const VERIF_HASH_HEADER = 'verif-hash';
const CHARGE_COMPLETED = 'charge.completed';
const REFUND_COMPLETED = 'refund.completed';

/** The webhook's only answers, fixed status and body each; the gateway counts only 200 as delivered and retries the others. */
export const webhookAnswers: WebhookAnswers = {
  handled: { status: 200, body: { status: 'success' } },
  badRequest: { status: 400, body: { status: 'error', message: 'Bad request' } },
  forbidden: { status: 403, body: { status: 'error', message: 'Access denied' } },
  internalError: { status: 500, body: { status: 'error', message: 'Internal server error' } },
};

/**
 * Gateway D's webhook verdict: the hash first (nothing is read from an unauthenticated body), then the body's shape,
 * the events for subscribers, the event type. The host verifies charge.completed's gateway id through the API.
 */
export async function readPayBWebhook(host: ExtensionHost, request: WebhookRequest): Promise<WebhookVerdict> {
  // kept per process until the settings change
  if (!sharedSecretMatches(await readWebhookSecretHash(host), request.headers[VERIF_HASH_HEADER])) {
    return { action: 'refuse', answer: 'forbidden', reason: 'pay-b: webhook refused, verif-hash missing, wrong, or no hash configured' };
  }
  const message = parseWebhookBody(request.rawBody);
  if (!message) return { action: 'refuse', answer: 'badRequest', reason: 'pay-b: webhook refused, malformed body' };

  if (message.event === REFUND_COMPLETED) {
    await host.events.dispatch(host.db, REFUND_COMPLETED_EVENT, { data: message.data });
    const event = refundEventOf(message.data);
    if (!event) {
      host.logger.warn('gateway D refund.completed without a valid refund id: ignored');
      return { action: 'ignore' };
    }
    return { action: 'refund', reference: String(event.gatewayRefundId), refund: event };
  }
  if (message.event === CHARGE_COMPLETED) {
    const { id, tx_ref: txRef } = message.data;
    if (!isGatewayId(id)) return { action: 'refuse', answer: 'badRequest', reason: 'pay-b: charge.completed refused, data.id is no gateway transaction id' };
    await host.events.dispatch(host.db, CHARGE_COMPLETED_EVENT, { data: message.data });
    const gatewayTransactionId = String(id);
    return { action: 'charge', reference: String(txRef), orderTransactionId: orderTransactionIdFromTxRef(txRef), attempt: gatewayTransactionId, gatewayTransactionId };
  }
  host.logger.info({ event: message.event.slice(0, 64) }, 'pay-b: webhook event type not handled; acknowledged');
  return { action: 'ignore' };
}

/** `{event, data}` (other event types need no `data`), or refund.completed's flat form (the refund object with `AmountRefunded` and `TransactionId`); null: 400. */
function parseWebhookBody(raw: Buffer | undefined): { event: string; data: Record<string, unknown> } | null {
  const body = jsonObjectOf(raw);
  if (!body) return null;
  if (typeof body.event === 'string' && isPlainObject(body.data)) return { event: body.event, data: body.data };
  // an event we do not handle is acknowledged whatever it carries (e.g. a dashboard ping without data)
  if (typeof body.event === 'string' && body.event !== CHARGE_COMPLETED && body.event !== REFUND_COMPLETED) return { event: body.event, data: {} };
  if ('AmountRefunded' in body && 'TransactionId' in body) return { event: REFUND_COMPLETED, data: body };
  return null;
}
