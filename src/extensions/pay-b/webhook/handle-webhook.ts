import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { createSingleFlight, RecordedCharges, sharedSecretMatches, type WebhookAnswer } from '../../_gateway-kit/index.js';
import { isGatewayId } from '../client.js';
import { readPayBSettingsScopes } from '../config.js';
import { CHARGE_COMPLETED_EVENT, REFUND_COMPLETED_EVENT } from '../events.js';
import { handleRefundCompleted } from '../refund/refund-completed.js';
import { handleChargeCompleted } from './charge-completed.js';
import { webhookAnswers } from './webhook-answers.js';
import { CHARGE_COMPLETED, parseWebhookBody, REFUND_COMPLETED } from './webhook-body.js';

/** The header gateway D sends the merchant's secret hash in, verbatim. */
export const VERIF_HASH_HEADER = 'verif-hash';

export interface WebhookRequest {
  /** The `verif-hash` header as received. */
  verifHash: string | string[] | undefined;
  rawBody: Buffer | undefined;
}

/**
 * `POST /pay-b/webhook` without HTTP: the hash first (nothing is read from an unauthenticated body),
 * then the body's shape, then the events for subscribers, then the handler of the event type.
 */
export function createWebhookHandler(host: ExtensionHost): (request: WebhookRequest) => Promise<WebhookAnswer> {
  // concurrent deliveries of one charge share one verification
  const chargeFlight = createSingleFlight<WebhookAnswer>();
  const recorded = new RecordedCharges();

  return async (request) => {
    // every scope in one read: the hash now, the order's channel once the charge names it
    const settings = await readPayBSettingsScopes(host);
    if (!sharedSecretMatches(settings.webhookSecretHash, request.verifHash)) {
      host.logger.warn('pay-b: webhook refused, verif-hash missing, wrong, or no hash configured');
      return webhookAnswers.accessDenied;
    }
    const message = parseWebhookBody(request.rawBody);
    if (!message) {
      host.logger.warn('pay-b: webhook refused, malformed body');
      return webhookAnswers.badRequest;
    }

    if (message.kind === 'flat-refund' || message.event === REFUND_COMPLETED) {
      const refund = message.kind === 'flat-refund' ? message.refund : message.data;
      await host.events.dispatch(host.db, REFUND_COMPLETED_EVENT, { data: refund });
      await handleRefundCompleted(host, refund);
      return webhookAnswers.success;
    }
    if (message.event === CHARGE_COMPLETED) {
      const { id, tx_ref: txRef } = message.data;
      if (!isGatewayId(id)) {
        host.logger.warn('pay-b: charge.completed refused, data.id is no gateway transaction id');
        return webhookAnswers.badRequest;
      }
      await host.events.dispatch(host.db, CHARGE_COMPLETED_EVENT, { data: message.data });
      return chargeFlight(`${String(id)}:${String(txRef)}`, () =>
        handleChargeCompleted(host, { gatewayTransactionId: id, txRef }, { settingsOf: settings.forChannel, recorded }),
      );
    }
    host.logger.info({ event: message.event.slice(0, 64) }, 'pay-b: webhook event type not handled; acknowledged');
    return webhookAnswers.success;
  };
}
