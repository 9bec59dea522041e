import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { chargeEventKey, GatewayClientError, hasProcessedEvent, isSettledState, isTransientGatewayError, type ChargeHandling, type WebhookAnswer } from '../../_gateway-kit/index.js';
import { createPayBClient, type GatewayTransaction } from '../client.js';
import type { PayBSettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { orderTransactionIdFromTxRef } from '../payment/gateway-checks.js';
import { isPayBTransaction } from '../payment/order-transaction.js';
import { settleGatewayTransaction } from '../payment/settlement.js';
import { webhookAnswers } from './webhook-answers.js';

export interface ChargeNotification {
  /** `data.id`, already checked to be a gateway id: the only value taken from the body to settle. */
  gatewayTransactionId: number | string;
  /** `data.tx_ref`: names the order transaction, unchecked. */
  txRef: unknown;
}

/**
 * charge.completed: the body only names the order transaction and the gateway id; the
 * verified transaction from the API decides, applied by the same settlement as finalize. Foreign,
 * unknown, duplicate and already-paid charges are acknowledged with 200; 500 only when the gateway
 * could not be asked, so it retries.
 */
export async function handleChargeCompleted(host: ExtensionHost, charge: ChargeNotification, handling: ChargeHandling<PayBSettings>): Promise<WebhookAnswer> {
  const gatewayTransactionId = String(charge.gatewayTransactionId);
  const orderTransactionId = orderTransactionIdFromTxRef(charge.txRef);
  if (!orderTransactionId) {
    host.logger.info({ gatewayTransactionId }, 'pay-b: charge.completed ignored, tx_ref is no order transaction id');
    return webhookAnswers.success;
  }
  const recordedKey = `${orderTransactionId}:${gatewayTransactionId}`;
  if (handling.recorded.has(recordedKey)) {
    host.logger.info({ gatewayTransactionId, orderTransactionId }, 'pay-b: charge.completed already processed');
    return webhookAnswers.success;
  }
  const current = await host.orderTransactions.load(orderTransactionId);
  if (!current || !isPayBTransaction(current)) {
    host.logger.info({ gatewayTransactionId, orderTransactionId }, 'pay-b: charge.completed ignored, no gateway D order transaction with this tx_ref');
    return webhookAnswers.success;
  }
  if (hasProcessedEvent(current.customFields, TRANSACTION_FIELDS.processedEvents, chargeEventKey(gatewayTransactionId))) {
    handling.recorded.add(recordedKey);
    host.logger.info({ gatewayTransactionId, orderTransactionId }, 'pay-b: charge.completed already processed');
    return webhookAnswers.success;
  }
  // nothing is recorded for it: the id is unverified, and a sender who knows the hash could grow the record
  if (isSettledState(current.state)) {
    host.logger.info({ gatewayTransactionId, orderTransactionId, state: current.state }, 'pay-b: charge.completed skipped, transaction already paid');
    return webhookAnswers.success;
  }

  const settings = await handling.settingsOf(current.salesChannelId);
  if (!settings.secretKey) {
    host.logger.error({ gatewayTransactionId, orderTransactionId }, 'pay-b: charge.completed cannot be verified, no secret key for the active mode');
    return webhookAnswers.internalError;
  }
  let verified: GatewayTransaction;
  try {
    verified = await createPayBClient(settings).verifyTransaction(gatewayTransactionId);
  } catch (error) {
    if (!(error instanceof GatewayClientError)) throw error;
    const details = { gatewayTransactionId, orderTransactionId, ...error.toLog() };
    if (isTransientGatewayError(error)) {
      host.logger.error(details, 'pay-b: charge.completed verification failed, the gateway will retry');
      return webhookAnswers.internalError;
    }
    // the gateway answered and refused (e.g. "No transaction was found for this id"): a retry changes nothing
    host.logger.warn(details, 'pay-b: charge.completed names a transaction the gateway does not confirm; ignored');
    return webhookAnswers.success;
  }
  if (String(verified.id) !== gatewayTransactionId) {
    host.logger.warn({ gatewayTransactionId, verifiedId: verified.id, orderTransactionId }, 'pay-b: the gateway verified another transaction than requested; ignored');
    return webhookAnswers.success;
  }
  const settled = await settleGatewayTransaction(host, orderTransactionId, verified, 'webhook');
  if (settled.recorded) handling.recorded.add(recordedKey);
  return webhookAnswers.success;
}
