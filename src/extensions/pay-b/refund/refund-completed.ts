import { systemContext } from '../../../platform/acl/context.js';
import { transaction, type UnitOfWork } from '../../../platform/database/transaction.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { isPlainObject } from '../../../platform/entities/write-validation.js';
import type { Platform } from '../../../platform/kernel.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { isGatewayId } from '../client.js';
import { PAY_B_PAYMENT_METHOD_ID } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { loadPayBOrderTransaction } from '../order-transaction/order-transaction-data.js';
import { lockOrderTransaction } from '../order-transaction/order-transaction-lock.js';
import { hasProcessedEvent, recordProcessedEvent, refundEventKey } from '../order-transaction/processed-events.js';
import { isRefundInProgressFor } from './refund-lease.js';
import { completedRefundsMinor, refundIdFor } from './refund-records.js';
import { adoptGatewayRefund } from './refund-adoption.js';
import { chargeIdOfRefund, refundedAmountOf, refundIdOf } from './gateway-refund-record.js';

/** What a refund.completed status means for the platform refund (reference 4.4; compared lower-cased). */
const ACTION_BY_STATUS: Readonly<Record<string, 'complete' | 'fail'>> = { completed: 'complete', successful: 'complete', failed: 'fail' };

/**
 * A `refund.completed` webhook's refund object (the `data` of a wrapped payload, or the flat body):
 * completes or fails the pending platform refund with the status taken from the body (spec: not
 * re-fetched), and once completed moves the order transaction to refunded (its completed refunds
 * cover the whole amount) or refunded_partially. Deduplicated per refund id in pay_b_processed_events,
 * all in one database transaction holding the order transaction's row lock, so duplicate and parallel
 * deliveries apply once. Statuses other than completed/successful/failed change nothing and are not
 * recorded, so the later final delivery still applies. A refund of one of our charges without records
 * is adopted (refund-adoption.ts) unless that charge's refund request is still running (the gateway
 * answered, the records are not written yet): then it throws (500, the gateway retries), as database
 * and gateway faults do. Other unknown or malformed refunds are logged and ignored (200).
 */
export async function handleRefundCompleted(platform: Platform, refund: Record<string, unknown>): Promise<void> {
  const gatewayRefundId = refundIdOf(refund);
  if (gatewayRefundId === null) {
    platform.logger.warn('gateway D refund.completed without a valid refund id: ignored');
    return;
  }
  const status = statusOf(refund);
  const action = ACTION_BY_STATUS[status];
  if (!action) {
    platform.logger.info({ gatewayRefundId, status }, 'gateway D refund.completed with a non-final status: refund left pending');
    return;
  }
  const match = await findPlatformRefundOrRetry(platform, gatewayRefundId, refund);
  if (!match) {
    platform.logger.info({ gatewayRefundId }, 'gateway D refund.completed for a refund this shop does not know: ignored');
    return;
  }

  await transaction(platform.db, async (uow) => {
    // deleted since the lookup (with its refunds): nothing left to apply
    if (!(await lockOrderTransaction(uow, match.orderTransactionId))) return;
    const locked = await loadPayBOrderTransaction(uow.db, match.orderTransactionId);
    if (!locked) return;
    const eventKey = refundEventKey(gatewayRefundId);
    if (hasProcessedEvent(locked.customFields, eventKey)) return;

    // the hash only shows the sender knows the secret: a body naming another charge is not ours to apply
    const bodyTransactionId = chargeIdOfRefund(refund);
    const storedTransactionId = locked.customFields[TRANSACTION_FIELDS.transactionId];
    if (bodyTransactionId !== null && isGatewayId(storedTransactionId) && bodyTransactionId !== Number(storedTransactionId)) {
      platform.logger.warn({ gatewayRefundId, orderTransactionId: match.orderTransactionId }, 'gateway D refund.completed names another gateway transaction: ignored');
      return;
    }
    warnOnAmountMismatch(platform, refund, gatewayRefundId, match.amount, locked.decimals);

    if (await transitionOrWarn(platform, uow, 'order_transaction_capture_refund', match.refundId, action)) {
      // the capture exists only to carry this refund: it ends as the refund does
      await transitionOrWarn(platform, uow, 'order_transaction_capture', match.captureId, action);
      if (action === 'complete') {
        const completedMinor = await completedRefundsMinor(uow, match.orderTransactionId, locked.decimals);
        const covered = locked.amountMinor !== null && completedMinor >= locked.amountMinor;
        // from refunded_partially, refund_partially is a no-op (already its target state)
        await transitionOrWarn(platform, uow, 'order_transaction', match.orderTransactionId, covered ? 'refund' : 'refund_partially');
      }
    }
    await recordProcessedEvent(platform, uow, match.orderTransactionId, locked.customFields, eventKey);
  });
}

function statusOf(refund: Record<string, unknown>): string {
  const status = refund.status ?? refund.Status;
  return typeof status === 'string' ? status.trim().toLowerCase() : '';
}

interface PlatformRefundMatch {
  refundId: string;
  captureId: string;
  orderTransactionId: string;
  amount: unknown;
}

/** The platform refund whose externalReference is the gateway refund id, on a gateway D transaction; ours first. */
async function findPlatformRefund(platform: Platform, gatewayRefundId: number): Promise<PlatformRefundMatch | undefined> {
  const rows = await platform.db
    .selectFrom('order_transaction_capture_refund as r')
    .innerJoin('order_transaction_capture as c', 'c.id', 'r.capture_id')
    .innerJoin('order_transaction as t', 't.id', 'c.order_transaction_id')
    .select(['r.id', 'r.capture_id', 'r.amount', 'c.order_transaction_id'])
    .where('r.external_reference', '=', String(gatewayRefundId))
    .where('t.payment_method_id', '=', PAY_B_PAYMENT_METHOD_ID)
    .orderBy('r.created_at')
    .execute();
  const row = rows.find((r) => r.id === refundIdFor(gatewayRefundId)) ?? rows[0];
  return row && { refundId: row.id, captureId: row.capture_id, orderTransactionId: row.order_transaction_id, amount: row.amount };
}

/**
 * The platform refund of a gateway refund. While a refund request of the same charge holds its lease,
 * the gateway may have answered it without the records being written yet: then this throws, so the
 * webhook answers 500 and the gateway retries.
 */
async function findPlatformRefundOrRetry(platform: Platform, gatewayRefundId: number, refund: Record<string, unknown>): Promise<PlatformRefundMatch | undefined> {
  const found = await findPlatformRefund(platform, gatewayRefundId);
  const chargeId = chargeIdOfRefund(refund);
  if (found || chargeId === null) return found;
  if (await isRefundInProgressFor(platform.db, chargeId)) {
    throw new Error(`refund.completed for gateway refund ${gatewayRefundId} arrived before its refund was recorded`);
  }
  // a request releases its lease only after its records are committed: one that ended between the two reads left them
  const recorded = await findPlatformRefund(platform, gatewayRefundId);
  if (recorded) return recorded;
  // a refund of our charge without records (its request's answer was lost, or made in the dashboard)
  return (await adoptGatewayRefund(platform, gatewayRefundId, chargeId)) ? findPlatformRefund(platform, gatewayRefundId) : undefined;
}

/**
 * Applies a transition; one the entity's state does not allow (a refund an admin cancelled, a transaction
 * moved elsewhere meanwhile) is logged and skipped, because the gateway's outcome stands and a retried
 * delivery would not change that. Illegal transitions are refused before anything is written.
 * Returns whether the entity is now in the action's target state.
 */
async function transitionOrWarn(platform: Platform, uow: UnitOfWork, entity: string, id: string, action: string): Promise<boolean> {
  try {
    await platform.stateMachines.transition({ within: uow, entity, id, action, context: systemContext });
    return true;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'SYSTEM__ILLEGAL_STATE_TRANSITION') throw error;
    platform.logger.warn({ entity, id, action, reason: error.message }, 'gateway D refund.completed: transition not possible from the current state');
    return false;
  }
}

/** The status decides (spec); an amount differing from what was requested is worth a look, not a refusal. */
function warnOnAmountMismatch(platform: Platform, refund: Record<string, unknown>, gatewayRefundId: number, storedAmount: unknown, decimals: number): void {
  const reported = refundedAmountOf(refund);
  if (reported === undefined || reported === null || !isPlainObject(storedAmount)) return;
  const reportedMinor = gatewayAmountToMinor(reported, decimals);
  const storedMinor = gatewayAmountToMinor(storedAmount.totalPrice, decimals);
  if (reportedMinor !== storedMinor) platform.logger.warn({ gatewayRefundId, reported: String(reported) }, 'gateway D refund.completed reports another amount than was requested');
}
