import { sharedSecretMatches } from '../../_gateway-kit/index.js';
import type { ExtensionHost, WebhookRequest, WebhookVerdict } from '../../../platform/sdk/index.js';
import { isGatewayId } from '../client.js';
import { readWebhookSecretHash } from '../config.js';
import { CHARGE_COMPLETED_EVENT, REFUND_COMPLETED_EVENT } from '../events.js';
import { orderTransactionIdFromTxRef } from '../payment/order-transaction.js';
import { refundEventOf } from './refund-event.js';
import { CHARGE_COMPLETED, parseWebhookBody, REFUND_COMPLETED } from './webhook-body.js';

/** The header gateway D sends the merchant's secret hash in, verbatim. */
export const VERIF_HASH_HEADER = 'verif-hash';

/**
 * Gateway D's webhook verdict: the hash first (nothing is read from an unauthenticated body), then the
 * body's shape, then the events for subscribers, then the event type. charge.completed names the order
 * transaction (`tx_ref`) and the gateway id, which the host verifies through the API before anything is
 * paid; a refund object (wrapped or flat) goes to the refund part.
 */
export async function readPayBWebhook(host: ExtensionHost, request: WebhookRequest): Promise<WebhookVerdict> {
  // kept per process until the settings change
  if (!sharedSecretMatches(await readWebhookSecretHash(host), request.headers[VERIF_HASH_HEADER])) {
    return { action: 'refuse', answer: 'forbidden', reason: 'pay-b: webhook refused, verif-hash missing, wrong, or no hash configured' };
  }
  const message = parseWebhookBody(request.rawBody);
  if (!message) return { action: 'refuse', answer: 'badRequest', reason: 'pay-b: webhook refused, malformed body' };

  if (message.kind === 'flat-refund' || message.event === REFUND_COMPLETED) {
    const refund = message.kind === 'flat-refund' ? message.refund : message.data;
    await host.events.dispatch(host.db, REFUND_COMPLETED_EVENT, { data: refund });
    const event = refundEventOf(refund);
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
