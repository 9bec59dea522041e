import type { Platform } from '../../../platform/kernel.js';
import { createPayBClient, PayBClientError, type GatewayTransaction } from '../client.js';
import { readPayBSettings } from '../config.js';
import { orderTransactionIdFromTxRef } from '../payment/gateway-checks.js';
import { isPayBTransaction, isSettledState, loadPayBOrderTransaction } from '../order-transaction/order-transaction-data.js';
import { chargeEventKey, hasProcessedEvent } from '../order-transaction/processed-events.js';
import { settleGatewayTransaction } from '../payment/transaction-settlement.js';
import { webhookAnswers, type WebhookAnswer } from './webhook-answers.js';

export interface ChargeNotification {
  /** `data.id`, already checked to be a gateway id: the only value taken from the body to settle. */
  gatewayTransactionId: number | string;
  /** `data.tx_ref`: names the order transaction, unchecked. */
  txRef: unknown;
}

/**
 * charge.completed (spec part D): the body only names the order transaction and the gateway id; the
 * verified transaction from the API decides, applied by the same settlement as finalize. Foreign,
 * unknown, duplicate and already-paid charges are acknowledged with 200; 500 only when the gateway
 * could not be asked, so it retries.
 */
export async function handleChargeCompleted(platform: Platform, charge: ChargeNotification): Promise<WebhookAnswer> {
  const gatewayTransactionId = String(charge.gatewayTransactionId);
  const orderTransactionId = orderTransactionIdFromTxRef(charge.txRef);
  if (!orderTransactionId) {
    platform.logger.info({ gatewayTransactionId }, 'pay-b: charge.completed ignored, tx_ref is no order transaction id');
    return webhookAnswers.success;
  }
  const current = await loadPayBOrderTransaction(platform.db, orderTransactionId);
  if (!current || !isPayBTransaction(current)) {
    platform.logger.info({ gatewayTransactionId, orderTransactionId }, 'pay-b: charge.completed ignored, no gateway D order transaction with this tx_ref');
    return webhookAnswers.success;
  }
  if (hasProcessedEvent(current.customFields, chargeEventKey(gatewayTransactionId))) {
    platform.logger.info({ gatewayTransactionId, orderTransactionId }, 'pay-b: charge.completed already processed');
    return webhookAnswers.success;
  }
  // nothing is recorded for it: the id is unverified, and a sender who knows the hash could grow the record
  if (isSettledState(current.state)) {
    platform.logger.info({ gatewayTransactionId, orderTransactionId, state: current.state }, 'pay-b: charge.completed skipped, transaction already paid');
    return webhookAnswers.success;
  }

  const settings = await readPayBSettings(platform, current.salesChannelId);
  if (!settings.secretKey) {
    platform.logger.error({ gatewayTransactionId, orderTransactionId }, 'pay-b: charge.completed cannot be verified, no secret key for the active mode');
    return webhookAnswers.internalError;
  }
  let verified: GatewayTransaction;
  try {
    verified = await createPayBClient(settings).verifyTransaction(gatewayTransactionId);
  } catch (error) {
    if (!(error instanceof PayBClientError)) throw error;
    const details = { gatewayTransactionId, orderTransactionId, kind: error.kind, httpStatus: error.details.httpStatus, gatewayMessage: error.details.gatewayMessage };
    if (isTransient(error)) {
      platform.logger.error(details, 'pay-b: charge.completed verification failed, the gateway will retry');
      return webhookAnswers.internalError;
    }
    // the gateway answered and refused (e.g. "No transaction was found for this id"): a retry changes nothing
    platform.logger.warn(details, 'pay-b: charge.completed names a transaction the gateway does not confirm; ignored');
    return webhookAnswers.success;
  }
  if (String(verified.id) !== gatewayTransactionId) {
    platform.logger.warn({ gatewayTransactionId, verifiedId: verified.id, orderTransactionId }, 'pay-b: the gateway verified another transaction than requested; ignored');
    return webhookAnswers.success;
  }
  await settleGatewayTransaction(platform, orderTransactionId, verified, 'webhook');
  return webhookAnswers.success;
}

/**
 * Faults worth the gateway's retry: no answer, an answer that is not the API's (no message), a server
 * error, rate limiting, or our key refused (a merchant may fix the key or the base URL before the next attempt).
 */
function isTransient(error: PayBClientError): boolean {
  // the API always explains a refusal; an answer without a message (an HTML 404 of a wrong apiBaseUrl) is no refusal
  if (error.kind !== 'gateway' || !error.details.gatewayMessage) return true;
  const status = error.details.httpStatus ?? 0;
  return status >= 500 || status === 429 || status === 401 || status === 403;
}
