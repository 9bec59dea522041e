import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { createSingleFlight, RecordedCharges, type WebhookAnswer } from '../../_gateway-kit/index.js';
import { isGatewayReference } from '../payment/reference.js';
import { handleRefundEvent } from '../refund/refund-events.js';
import { readPayASettingsScopes } from '../config.js';
import { handleChargeSuccess } from './charge-success.js';
import { signingKeyOf } from './signing-keys.js';
import { webhookAnswers } from './webhook-answers.js';
import { CHARGE_SUCCESS, HANDLED_EVENTS, parseWebhookBody, sandboxOfDomain } from './webhook-body.js';

export interface WebhookRequest {
  /** The `x-pay-a-signature` header as received. */
  signature: string | string[] | undefined;
  rawBody: Buffer | undefined;
}

/**
 * `POST /pay-a/webhook` without HTTP: the signature first (nothing is read from an unauthenticated body),
 * then the body's shape, then the mode (an event whose `domain` is not the signing key's mode is logged
 * and acknowledged), then the handler of the event type. Log lines carry events, ids and references,
 * never bodies.
 */
export function createWebhookHandler(host: ExtensionHost): (request: WebhookRequest) => Promise<WebhookAnswer> {
  // concurrent deliveries of one charge share one verification
  const chargeFlight = createSingleFlight<WebhookAnswer>();
  const recorded = new RecordedCharges();

  return async (request) => {
    // every scope in one read: the signing keys now, the order's channel once the charge names it
    const settings = await readPayASettingsScopes(host);
    const key = signingKeyOf(settings, request.rawBody, request.signature);
    if (!key) {
      host.logger.warn('pay-a: webhook refused, signature missing, wrong, or no secret key configured');
      return webhookAnswers.forbidden;
    }
    const message = parseWebhookBody(request.rawBody);
    if (!message) {
      host.logger.warn('pay-a: webhook refused, the body is not JSON with event and data');
      return webhookAnswers.badRequest;
    }
    const event = message.event.slice(0, 64);
    if (!HANDLED_EVENTS.has(message.event)) {
      host.logger.info({ event }, 'pay-a: webhook event type not handled; acknowledged');
      return webhookAnswers.handled;
    }
    if (sandboxOfDomain(message.data.domain) !== key.sandbox) {
      host.logger.warn({ event, mode: key.sandbox ? 'test' : 'live' }, "pay-a: webhook event's domain does not match the mode of its key; ignored");
      return webhookAnswers.handled;
    }

    if (message.event === CHARGE_SUCCESS) {
      const reference = message.data.reference;
      if (!isGatewayReference(reference)) {
        host.logger.warn({ event }, 'pay-a: charge.success without a valid reference; ignored');
        return webhookAnswers.handled;
      }
      return chargeFlight(reference, () => handleChargeSuccess(host, reference, { settingsOf: settings.forChannel, recorded }));
    }
    await handleRefundEvent(host, message.event, message.data);
    return webhookAnswers.handled;
  };
}
