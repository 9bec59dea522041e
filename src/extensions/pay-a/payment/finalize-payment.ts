import { paymentErrors, type ExtensionHost, type PaymentFinalizeInput } from '../../../platform/sdk/index.js';
import { GatewayClientError, isSettledState } from '../../_gateway-kit/index.js';
import { createPayAClient, type VerifiedTransaction } from '../client.js';
import { readPayASettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { isGatewayReference } from './reference.js';
import { settleGatewayTransaction } from './settlement.js';

const NOT_CONFIRMED_MESSAGE = 'The payment with Gateway A could not be confirmed.';
const DECLINED_MESSAGE = 'The payment with Gateway A was not successful.';
const CANCELLED_MESSAGE = 'The payment was not completed on the payment page of Gateway A.';

/**
 * `finalize`, the customer's return to `callback_url` (the gateway appends `reference` and `trxref`).
 * The URL is never trusted: the reference verified is the one stored on this transaction before the
 * customer left; a different one in the URL is only logged. The verified answer decides, applied by the
 * settlement shared with the webhook: success (everything matching) pays, failed fails, abandoned or
 * cancelled cancels (the customer-cancelled error), anything else leaves the transaction open.
 */
export async function finalizePayment(host: ExtensionHost, { transaction, requestData }: PaymentFinalizeInput): Promise<void> {
  const { orderTransactionId } = transaction;
  const orderTransaction = await host.orderTransactions.load(orderTransactionId);
  if (!orderTransaction) throw paymentErrors.invalidTransaction(orderTransactionId);
  // charge.success may have settled the payment before the customer came back: an odd return must not move it
  const alreadySettled = isSettledState(orderTransaction.state);
  const stored = orderTransaction.customFields[TRANSACTION_FIELDS.reference];
  if (!isGatewayReference(stored)) {
    if (alreadySettled) return;
    host.logger.warn({ orderTransactionId }, 'pay-a: return for a transaction without a stored reference');
    throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, NOT_CONFIRMED_MESSAGE);
  }
  const returned = requestData.reference ?? requestData.trxref;
  if (returned !== undefined && returned !== stored) {
    host.logger.warn({ orderTransactionId, reference: stored }, 'pay-a: the return names another reference than the stored one; the stored one is verified');
  }

  let verified: VerifiedTransaction;
  try {
    const client = createPayAClient(await readPayASettings(host, orderTransaction.salesChannelId));
    verified = await client.verifyTransaction(stored);
  } catch (error) {
    const gateway = error instanceof GatewayClientError ? error.toLog() : { reason: error instanceof Error ? error.message : String(error) };
    host.logger.error({ orderTransactionId, reference: stored, ...gateway }, 'pay-a: the payment could not be verified');
    // read again: charge.success may have paid the transaction while the gateway kept us waiting
    if (alreadySettled || isSettledState((await host.orderTransactions.load(orderTransactionId))?.state ?? '')) return;
    throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, NOT_CONFIRMED_MESSAGE, error);
  }

  const settled = await settleGatewayTransaction(host, orderTransactionId, verified, stored, 'finalize');
  if (isSettledState(settled.state)) return;
  if (settled.outcome === 'mismatch' || settled.outcome === 'not-found') throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, NOT_CONFIRMED_MESSAGE);
  switch (verified.status) {
    case 'failed':
      throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, DECLINED_MESSAGE);
    case 'abandoned':
    case 'cancelled':
      throw paymentErrors.customerCanceled(orderTransactionId, CANCELLED_MESSAGE);
    // success, yet the transaction could not move to paid (the state machine refused): not paid
    case 'success':
      throw paymentErrors.asyncFinalizeInterrupted(orderTransactionId, NOT_CONFIRMED_MESSAGE);
    // ongoing, pending, ...: the transaction stays open; charge.success settles it later
    default:
      return;
  }
}
