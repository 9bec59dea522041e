import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { GatewayClientError, isSettledState, isTransientGatewayError, type ChargeHandling, type WebhookAnswer } from '../../_gateway-kit/index.js';
import { createPayAClient, type VerifiedTransaction } from '../client.js';
import type { PayASettings } from '../config.js';
import { isPayATransaction } from '../payment/order-transaction.js';
import { orderTransactionIdOfReference } from '../payment/reference.js';
import { settleGatewayTransaction } from '../payment/settlement.js';
import { webhookAnswers } from './webhook-answers.js';

/**
 * charge.success: always re-verified through `GET /transaction/verify/:reference` before
 * anything is paid; the body only names the reference. Our references name their order transaction, so
 * an earlier attempt the customer paid in another tab still settles it (the stored `pay_a_reference` is
 * the latest attempt); the verified reference, currency and amount must match that transaction, so a
 * valid signature over a forged body cannot pay another amount or order. Foreign, unknown and already
 * paid charges are acknowledged; 500 only when the gateway could not be asked, so it retries.
 */
export async function handleChargeSuccess(host: ExtensionHost, reference: string, handling: ChargeHandling<PayASettings>): Promise<WebhookAnswer> {
  if (handling.recorded.has(reference)) {
    host.logger.info({ reference }, 'pay-a: charge.success already processed');
    return webhookAnswers.handled;
  }
  const orderTransactionId = orderTransactionIdOfReference(reference);
  const current = orderTransactionId === null ? undefined : await host.orderTransactions.load(orderTransactionId);
  if (!current || !isPayATransaction(current)) {
    host.logger.info({ reference }, 'pay-a: charge.success ignored, the reference names no gateway A order transaction of this shop');
    return webhookAnswers.handled;
  }
  // a duplicate, or another attempt after the payment: nothing to verify (the kit warns about double payments on settlement)
  if (isSettledState(current.state)) {
    host.logger.info({ reference, orderTransactionId: current.id, state: current.state }, 'pay-a: charge.success skipped, transaction already settled');
    return webhookAnswers.handled;
  }

  const settings = await handling.settingsOf(current.salesChannelId);
  if (!settings.secretKey) {
    host.logger.error({ reference, orderTransactionId: current.id }, 'pay-a: charge.success cannot be verified, no secret key for the active mode');
    return webhookAnswers.internalError;
  }
  let verified: VerifiedTransaction;
  try {
    verified = await createPayAClient(settings).verifyTransaction(reference);
  } catch (error) {
    if (!(error instanceof GatewayClientError)) throw error;
    const details = { reference, orderTransactionId: current.id, ...error.toLog() };
    if (isTransientGatewayError(error)) {
      host.logger.error(details, 'pay-a: charge.success verification failed, the gateway will retry');
      return webhookAnswers.internalError;
    }
    // the gateway answered and refused ("Transaction reference not found"): a retry changes nothing
    host.logger.warn(details, 'pay-a: charge.success names a reference the gateway does not confirm; ignored');
    return webhookAnswers.handled;
  }
  // the event claims a success; anything else verified (abandoned, failed) is the customer's return to decide
  if (verified.status !== 'success') {
    host.logger.warn({ reference, orderTransactionId: current.id, gatewayStatus: verified.status }, 'pay-a: charge.success for a transaction the gateway does not report successful; ignored');
    return webhookAnswers.handled;
  }
  const settled = await settleGatewayTransaction(host, current.id, verified, reference, 'webhook');
  if (settled.recorded) handling.recorded.add(reference);
  return webhookAnswers.handled;
}
