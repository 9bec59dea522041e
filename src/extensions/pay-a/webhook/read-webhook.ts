import type { ExtensionHost, WebhookRequest, WebhookVerdict } from '../../../platform/sdk/index.js';
import { readPayASettingsScopes } from '../config.js';
import { refundEventOf } from './refund-event.js';
import { isGatewayReference, orderTransactionIdOfReference } from '../payment/reference.js';
import { SIGNATURE_HEADER, signingKeyOf } from './signing-keys.js';
import { CHARGE_SUCCESS, HANDLED_EVENTS, parseWebhookBody, sandboxOfDomain } from './webhook-body.js';

/**
 * Gateway A's webhook verdict: the signature first (nothing is read from an unauthenticated body), then
 * the body's shape, then the mode (an event whose `domain` is not the signing key's mode is logged and
 * acknowledged), then the event type. charge.success names only the reference, which the host verifies
 * through the API before anything is paid. Log lines carry events and references, never bodies.
 */
export async function readPayAWebhook(host: ExtensionHost, request: WebhookRequest): Promise<WebhookVerdict> {
  // every scope in one read (kept per process until the settings change)
  const key = signingKeyOf(await readPayASettingsScopes(host), request.rawBody, request.headers[SIGNATURE_HEADER]);
  if (!key) return { action: 'refuse', answer: 'forbidden', reason: 'pay-a: webhook refused, signature missing, wrong, or no secret key configured' };
  const message = parseWebhookBody(request.rawBody);
  if (!message) return { action: 'refuse', answer: 'badRequest', reason: 'pay-a: webhook refused, the body is not JSON with event and data' };
  const event = message.event.slice(0, 64);
  if (!HANDLED_EVENTS.has(message.event)) {
    host.logger.info({ event }, 'pay-a: webhook event type not handled; acknowledged');
    return { action: 'ignore' };
  }
  if (sandboxOfDomain(message.data.domain) !== key.sandbox) {
    host.logger.warn({ event, mode: key.sandbox ? 'test' : 'live' }, "pay-a: webhook event's domain does not match the mode of its key; ignored");
    return { action: 'ignore' };
  }
  if (message.event !== CHARGE_SUCCESS) {
    const refund = refundEventOf(message.event, message.data);
    return { action: 'refund', reference: refund.locator, refund };
  }
  const reference = message.data.reference;
  if (!isGatewayReference(reference)) {
    host.logger.warn({ event }, 'pay-a: charge.success without a valid reference; ignored');
    return { action: 'ignore' };
  }
  // our references name their order transaction: an earlier attempt the customer paid in another tab still settles it
  return { action: 'charge', reference, orderTransactionId: orderTransactionIdOfReference(reference), attempt: reference, successOnly: true };
}
