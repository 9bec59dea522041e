import { chargeEventKey, hasProcessedEvent } from '../order-transaction/processed-events.js';
import { applyRefundEvent } from '../refund/refund-events.js';
import type { RefundHost } from '../refund/refund-host.js';
import type { PaymentProvider, WebhookAnswer, WebhookRequest, WebhookVerdict } from './provider.js';
import { RecordedCharges } from './recorded-charges.js';
import { settlePayment, type SettlementServices } from './settlement.js';
import { isSettledState } from './settled-states.js';
import { createSingleFlight } from './single-flight.js';

type ChargeVerdict = Extract<WebhookVerdict, { action: 'charge' }>;

/**
 * A provider's webhook without HTTP, as the host applies it: the provider turns the delivery into a
 * verdict (signature first, then the body), the host acts on it. A charge is never settled on what the
 * body claims: the attempt is verified through the provider and applied by the same settlement as the
 * customer's return. Concurrent duplicate deliveries share one verification; a charge this process saw
 * recorded is answered without a statement (a processed event is never undone; another process, or this
 * one after a restart, finds the record in the database). Foreign, unknown and already settled charges
 * are acknowledged; `internalError` only when the gateway could not be asked, so it retries. A refund
 * event goes to the host's refund part with the provider's (`refundHost`: what it runs with).
 */
export function createWebhookIntake(provider: PaymentProvider, services: SettlementServices, refundHost: RefundHost): (request: WebhookRequest) => Promise<WebhookAnswer> {
  const { answers } = provider.webhook;
  const { logger } = services;
  const chargeFlight = createSingleFlight<WebhookAnswer>();
  const recorded = new RecordedCharges();

  async function handleCharge(charge: ChargeVerdict & { orderTransactionId: string }, key: string): Promise<WebhookAnswer> {
    const ids = { reference: charge.reference, orderTransactionId: charge.orderTransactionId };
    if (recorded.has(key)) {
      logger.info(ids, `${provider.name}: charge already processed`);
      return answers.handled;
    }
    const current = await services.orderTransactions.load(charge.orderTransactionId);
    if (!current || current.paymentMethodId !== provider.paymentMethodId) {
      logger.info(ids, `${provider.name}: charge ignored, the reference names no order transaction of this payment method`);
      return answers.handled;
    }
    if (charge.gatewayTransactionId !== undefined && hasProcessedEvent(current.customFields, provider.processedEventsField, chargeEventKey(charge.gatewayTransactionId))) {
      recorded.add(key);
      logger.info(ids, `${provider.name}: charge already processed`);
      return answers.handled;
    }
    // a duplicate, or another attempt after the payment: nothing to verify (settlement warns about double payments);
    // nothing is recorded for it: the attempt is unverified
    if (isSettledState(current.state)) {
      logger.info({ ...ids, state: current.state }, `${provider.name}: charge skipped, transaction already settled`);
      return answers.handled;
    }

    const verification = await provider.verify(charge.attempt, current);
    switch (verification.outcome) {
      case 'not-configured':
        logger.error(ids, `${provider.name}: charge cannot be verified, no secret key for the active mode`);
        return answers.internalError;
      case 'unreachable':
        logger.error({ ...ids, ...verification.log }, `${provider.name}: charge verification failed, the gateway will retry`);
        return answers.internalError;
      case 'refused':
        // the gateway answered and does not confirm it: a retry changes nothing
        logger.warn({ ...ids, ...verification.log }, `${provider.name}: charge names an attempt the gateway does not confirm; ignored`);
        return answers.handled;
    }
    const { payment } = verification;
    if (charge.gatewayTransactionId !== undefined && payment.gatewayTransactionId !== charge.gatewayTransactionId) {
      logger.warn({ ...ids, verifiedId: payment.gatewayTransactionId }, `${provider.name}: the gateway verified another transaction than requested; ignored`);
      return answers.handled;
    }
    // the event claims a success; anything else verified (abandoned, failed) is the customer's return to decide
    if (charge.successOnly && payment.verdict !== 'successful') {
      logger.warn({ ...ids, gatewayStatus: payment.gatewayStatus }, `${provider.name}: charge event for an attempt the gateway does not report successful; ignored`);
      return answers.handled;
    }
    const settled = await settlePayment(services, {
      orderTransactionId: current.id,
      payment,
      processedEventsField: provider.processedEventsField,
      source: 'webhook',
    });
    if (settled.recorded) recorded.add(key);
    return answers.handled;
  }

  return async (request) => {
    const verdict = await provider.webhook.read(request);
    switch (verdict.action) {
      case 'refuse':
        logger.warn(verdict.reason);
        return answers[verdict.answer];
      case 'ignore':
        return answers.handled;
      case 'refund':
        if (provider.refunds) await applyRefundEvent(refundHost, provider.refunds, verdict.refund);
        else logger.info({ event: verdict.refund.event }, `${provider.name}: refund event for a gateway without refunds; acknowledged`);
        return answers.handled;
      case 'charge': {
        const { orderTransactionId } = verdict;
        if (orderTransactionId === null) {
          logger.info({ reference: verdict.reference }, `${provider.name}: charge ignored, the reference names no order transaction of this shop`);
          return answers.handled;
        }
        const key = `${orderTransactionId}:${verdict.attempt}`;
        return chargeFlight(key, () => handleCharge({ ...verdict, orderTransactionId }, key));
      }
    }
  };
}
