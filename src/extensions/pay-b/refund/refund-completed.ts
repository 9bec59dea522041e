import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { applyRefundOutcome, isRefundInProgress, refundEventKey } from '../../_gateway-kit/index.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { isGatewayId } from '../client.js';
import { PAY_B_PAYMENT_METHOD_ID } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { payBDecimals } from '../payment/order-transaction.js';
import { adoptGatewayRefund } from './refund-adoption.js';
import { chargeIdOfRefund, refundedAmountOf, refundIdOf } from './gateway-refund-record.js';
import { refundIdFor } from './refund-records.js';

/** What a refund.completed status means for the platform refund (compared lower-cased). */
const ACTION_BY_STATUS: Readonly<Record<string, 'complete' | 'fail'>> = { completed: 'complete', successful: 'complete', failed: 'fail' };

/**
 * A `refund.completed` webhook's refund object (the `data` of a wrapped payload, or the flat body):
 * completes or fails the pending platform refund with the status taken from the body (not
 * re-fetched from the gateway: the webhook is the only word on a refund's outcome), and once completed moves the order transaction to refunded (its completed refunds cover
 * the whole amount) or refunded_partially, through the kit's applyRefundOutcome (row lock, dedup per
 * refund id in pay_b_processed_events). Only the refund the id names moves, and a refund that is
 * completed or failed never moves again: a status contradicting it (failed after completed) is logged
 * and acknowledged. Statuses other than completed/successful/failed change nothing
 * and are not recorded, so the later final delivery still applies. A refund of one of our charges
 * without records is adopted (refund-adoption.ts) unless that charge's refund request is still running
 * (the gateway answered, the records are not written yet): then it throws (500, the gateway retries),
 * as database and gateway faults do. Other unknown or malformed refunds are logged and ignored (200).
 */
export async function handleRefundCompleted(host: ExtensionHost, refund: Record<string, unknown>): Promise<void> {
  const gatewayRefundId = refundIdOf(refund);
  if (gatewayRefundId === null) {
    host.logger.warn('gateway D refund.completed without a valid refund id: ignored');
    return;
  }
  const status = statusOf(refund);
  const action = ACTION_BY_STATUS[status];
  if (!action) {
    host.logger.info({ gatewayRefundId, status }, 'gateway D refund.completed with a non-final status: refund left pending');
    return;
  }
  const match = await findPlatformRefundOrRetry(host, gatewayRefundId, refund);
  if (!match) {
    host.logger.info({ gatewayRefundId }, 'gateway D refund.completed for a refund this shop does not know: ignored');
    return;
  }

  await applyRefundOutcome(host, {
    orderTransactionId: match.orderTransactionId,
    refundId: match.id,
    captureId: match.captureId,
    action,
    eventKey: refundEventKey(gatewayRefundId),
    processedEventsField: TRANSACTION_FIELDS.processedEvents,
    decimalsOf: payBDecimals,
    accept(locked) {
      // the hash only shows the sender knows the secret: a body naming another charge is not ours to apply
      const bodyTransactionId = chargeIdOfRefund(refund);
      const storedTransactionId = locked.customFields[TRANSACTION_FIELDS.transactionId];
      if (bodyTransactionId !== null && isGatewayId(storedTransactionId) && bodyTransactionId !== Number(storedTransactionId)) {
        host.logger.warn({ gatewayRefundId, orderTransactionId: match.orderTransactionId }, 'gateway D refund.completed names another gateway transaction: ignored');
        return false;
      }
      warnOnAmountMismatch(host, refund, gatewayRefundId, match.amountTotal, payBDecimals(locked));
      return true;
    },
  });
}

function statusOf(refund: Record<string, unknown>): string {
  const status = refund.status ?? refund.Status;
  return typeof status === 'string' ? status.trim().toLowerCase() : '';
}

interface PlatformRefundMatch {
  id: string;
  captureId: string;
  orderTransactionId: string;
  amountTotal: unknown;
}

/** The platform refund whose externalReference is the gateway refund id, on a gateway D transaction; ours first. */
async function findPlatformRefund(host: ExtensionHost, gatewayRefundId: number): Promise<PlatformRefundMatch | undefined> {
  const refunds = await host.paymentRecords.refundsByExternalReference(String(gatewayRefundId), PAY_B_PAYMENT_METHOD_ID);
  return refunds.find((refund) => refund.id === refundIdFor(gatewayRefundId)) ?? refunds[0];
}

/**
 * The platform refund of a gateway refund. While a refund request of the same charge holds its lease,
 * the gateway may have answered it without the records being written yet: then this throws, so the
 * webhook answers 500 and the gateway retries.
 */
async function findPlatformRefundOrRetry(host: ExtensionHost, gatewayRefundId: number, refund: Record<string, unknown>): Promise<PlatformRefundMatch | undefined> {
  const found = await findPlatformRefund(host, gatewayRefundId);
  const chargeId = chargeIdOfRefund(refund);
  if (found || chargeId === null) return found;
  const chargedTransactions = await host.orderTransactions.idsByCustomField(TRANSACTION_FIELDS.transactionId, chargeId, { paymentMethodId: PAY_B_PAYMENT_METHOD_ID });
  for (const orderTransactionId of chargedTransactions) {
    if (await isRefundInProgress(host, orderTransactionId)) {
      throw new Error(`refund.completed for gateway refund ${gatewayRefundId} arrived before its refund was recorded`);
    }
  }
  // a request releases its lease only after its records are committed: one that ended between the two reads left them
  const recorded = await findPlatformRefund(host, gatewayRefundId);
  if (recorded) return recorded;
  // a refund of our charge without records (its request's answer was lost, or made in the dashboard)
  return (await adoptGatewayRefund(host, gatewayRefundId, chargeId, chargedTransactions[0])) ? findPlatformRefund(host, gatewayRefundId) : undefined;
}

/** The status in the body decides; an amount differing from what was requested is worth a look, not a refusal. */
function warnOnAmountMismatch(host: ExtensionHost, refund: Record<string, unknown>, gatewayRefundId: number, storedTotal: unknown, decimals: number): void {
  const reported = refundedAmountOf(refund);
  if (reported === undefined || reported === null || storedTotal === undefined) return;
  const reportedMinor = gatewayAmountToMinor(reported, decimals);
  const storedMinor = gatewayAmountToMinor(storedTotal, decimals);
  if (reportedMinor !== storedMinor) host.logger.warn({ gatewayRefundId, reported: String(reported) }, 'gateway D refund.completed reports another amount than was requested');
}
