import { paymentErrors, type ExtensionHost, type PaymentFinalizeInput } from '../../../platform/sdk/index.js';
import { GatewayClientError, isSettledState } from '../../_gateway-kit/index.js';
import { createPayBClient, isGatewayId, type GatewayTransaction } from '../client.js';
import { readPayBSettings } from '../config.js';
import { settleGatewayTransaction } from './settlement.js';

const NOT_CONFIRMED_MESSAGE = 'The payment with Gateway D could not be confirmed.';
const DECLINED_MESSAGE = 'The payment with Gateway D was not successful.';

/**
 * `finalize`, the customer's return from the hosted page. The query is a
 * hint only: `status=cancelled` cancels; otherwise the `transaction_id` is verified at the gateway and
 * the verified data decide, applied by the settlement shared with the webhook. Throwing
 * asyncFinalizeInterrupted makes the platform fail the transaction.
 */
export async function finalizePayment(host: ExtensionHost, { transaction, requestData }: PaymentFinalizeInput): Promise<void> {
  const { orderTransactionId } = transaction;
  const orderTransaction = await host.orderTransactions.load(orderTransactionId);
  if (!orderTransaction) throw paymentErrors.invalidTransaction(orderTransactionId);
  // the webhook may have settled the payment before the customer came back: a stale or odd return
  // (cancel, no id) must not move a paid transaction
  const alreadySettled = isSettledState(orderTransaction.state);
  const status = typeof requestData.status === 'string' ? requestData.status.trim().toLowerCase() : '';

  if (status === 'cancelled') {
    if (alreadySettled) return;
    throw paymentErrors.customerCanceled(orderTransactionId, 'The payment was cancelled on the payment page of Gateway D.');
  }
  const gatewayTransactionId = requestData.transaction_id;
  if (!isGatewayId(gatewayTransactionId)) {
    if (alreadySettled) return;
    host.logger.warn({ orderTransactionId, status }, 'pay-b: return without a gateway transaction id');
    throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, NOT_CONFIRMED_MESSAGE);
  }

  let verified: GatewayTransaction;
  try {
    const client = createPayBClient(await readPayBSettings(host, orderTransaction.salesChannelId));
    verified = await client.verifyTransaction(gatewayTransactionId);
  } catch (error) {
    const gateway = error instanceof GatewayClientError ? error.toLog() : {};
    host.logger.error({ orderTransactionId, gatewayTransactionId: String(gatewayTransactionId), ...gateway }, 'pay-b: the gateway transaction could not be verified');
    // read again: charge.completed may have paid the transaction while the gateway kept us waiting
    if (alreadySettled || isSettledState((await host.orderTransactions.load(orderTransactionId))?.state ?? '')) return;
    throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, NOT_CONFIRMED_MESSAGE, error);
  }

  const settled = await settleGatewayTransaction(host, orderTransactionId, verified, 'finalize');
  if (isSettledState(settled.state)) return;
  if (settled.outcome === 'mismatch' || settled.outcome === 'not-found') throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, NOT_CONFIRMED_MESSAGE);
  if (verified.status === 'failed') throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, DECLINED_MESSAGE);
  // successful, yet the transaction could not move to paid (the state machine refused): not paid
  if (verified.status === 'successful') throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, NOT_CONFIRMED_MESSAGE);
  // pending and other statuses: the transaction stays open; the webhook settles it later
}
