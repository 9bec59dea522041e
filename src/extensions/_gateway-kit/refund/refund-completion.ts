import { exactMinorUnits, type ExtensionHost, type OrderTransactionView, type UnitOfWork } from '../../../platform/sdk/index.js';
import { hasProcessedEvent, processedEventPatch } from '../transaction/processed-events.js';
import { completedRefundsMinor } from './refund-records.js';

/** The platform refund an outcome applies to, with the key its final word is recorded under. */
export interface RefundTarget {
  /** The platform refund and its capture. */
  refundId: string;
  captureId: string;
  /** Recorded in `processedEventsField`; a second delivery of it changes nothing. */
  eventKey: string;
}

export interface RefundOutcome extends RefundTarget {
  orderTransactionId: string;
  /** The gateway's final word on the refund. */
  action: 'complete' | 'fail';
  processedEventsField: string;
  /** Minor units of the transaction amount and of refunds, for "refunded" vs "refunded_partially". */
  decimalsOf(transaction: OrderTransactionView): number;
  /** A last check under the lock (e.g. the body names another charge); false applies nothing. */
  accept?(transaction: OrderTransactionView): boolean;
}

export type RefundOutcomeResult = 'applied' | 'duplicate' | 'rejected' | 'not-found';

/**
 * Applies a gateway's final word on a refund, in one database transaction holding the order
 * transaction's row lock: the refund and its capture complete (or fail); once completed, the transaction
 * moves to refunded (its completed refunds cover the whole amount) or refunded_partially; the event is
 * recorded, so duplicate and parallel deliveries apply once. A move the current state does not allow (a
 * refund an admin cancelled) is logged and skipped: the gateway's outcome stands, and a retried delivery
 * would not change that.
 */
export async function applyRefundOutcome(host: ExtensionHost, outcome: RefundOutcome): Promise<RefundOutcomeResult> {
  return host.transaction(async (uow) => {
    const locked = await host.orderTransactions.loadForUpdate(uow, outcome.orderTransactionId);
    // deleted since the lookup (with its refunds): nothing left to apply
    if (!locked) return 'not-found';
    if (hasProcessedEvent(locked.customFields, outcome.processedEventsField, outcome.eventKey)) return 'duplicate';
    if (outcome.accept && !outcome.accept(locked)) return 'rejected';
    await settleRefund(host, uow, locked, outcome, outcome);
    await host.orderTransactions.mergeCustomFields(uow, locked.id, processedEventPatch(locked.customFields, outcome.processedEventsField, outcome.eventKey));
    return 'applied';
  });
}

/** A refund event that names no refund: the platform refund it is about is chosen under the lock. */
export interface MatchedRefundOutcome {
  orderTransactionId: string;
  action: 'complete' | 'fail';
  processedEventsField: string;
  decimalsOf(transaction: OrderTransactionView): number;
  /**
   * What tells this delivery from another event of the same shape, when the gateway sends anything that
   * does (e.g. the processor's refund reference): recorded once applied, so a redelivery is a duplicate
   * even when a second refund of the same amount is still pending. Undefined when the body has nothing.
   */
  deliveryKey?: string;
  /**
   * Picks the platform refund under the row lock, so parallel events for two refunds of the same amount
   * each find a different one. Undefined when none is pending.
   */
  match(transaction: OrderTransactionView, uow: UnitOfWork): Promise<RefundTarget | undefined>;
}

export type MatchedRefundOutcomeResult = 'applied' | 'duplicate' | 'unmatched' | 'not-found';

/**
 * applyRefundOutcome for gateways whose refund events carry no refund id (gateway A): the same row lock,
 * state moves and records, with the refund chosen by `match` while the lock is held. Both the refund's
 * key and the delivery's key are recorded.
 */
export async function applyMatchedRefundOutcome(host: ExtensionHost, outcome: MatchedRefundOutcome): Promise<MatchedRefundOutcomeResult> {
  return host.transaction(async (uow) => {
    const locked = await host.orderTransactions.loadForUpdate(uow, outcome.orderTransactionId);
    if (!locked) return 'not-found';
    const field = outcome.processedEventsField;
    if (outcome.deliveryKey !== undefined && hasProcessedEvent(locked.customFields, field, outcome.deliveryKey)) return 'duplicate';
    const target = await outcome.match(locked, uow);
    if (!target) return 'unmatched';
    if (hasProcessedEvent(locked.customFields, field, target.eventKey)) return 'duplicate';
    await settleRefund(host, uow, locked, target, outcome);
    let patch = processedEventPatch(locked.customFields, field, target.eventKey);
    if (outcome.deliveryKey !== undefined) patch = processedEventPatch({ [field]: patch[field] }, field, outcome.deliveryKey);
    await host.orderTransactions.mergeCustomFields(uow, locked.id, patch);
    return 'applied';
  });
}

/** The state moves of a refund's final word: refund, capture, then (once completed) the transaction. */
async function settleRefund(
  host: ExtensionHost,
  uow: UnitOfWork,
  locked: OrderTransactionView,
  target: RefundTarget,
  outcome: { action: 'complete' | 'fail'; decimalsOf(transaction: OrderTransactionView): number },
): Promise<void> {
  if (!(await moveOrWarn(host, uow, 'order_transaction_capture_refund', target.refundId, outcome.action))) return;
  // the capture exists only to carry this refund: it ends as the refund does
  await moveOrWarn(host, uow, 'order_transaction_capture', target.captureId, outcome.action);
  if (outcome.action !== 'complete') return;
  const decimals = outcome.decimalsOf(locked);
  const completedMinor = await completedRefundsMinor(host, locked.id, decimals, uow);
  const amountMinor = exactMinorUnits(locked.amountTotal, decimals);
  const covered = amountMinor !== null && completedMinor >= amountMinor;
  // from refunded_partially, refund_partially is a no-op (already its target state)
  await moveOrWarn(host, uow, 'order_transaction', locked.id, covered ? 'refund' : 'refund_partially');
}

/** Moves the entity; false (and a warning) when its state does not allow the action. */
async function moveOrWarn(host: ExtensionHost, uow: UnitOfWork, entity: string, id: string, action: string): Promise<boolean> {
  const moved = await host.stateMachines.transition({ within: uow, entity, id, action });
  if (moved.result !== 'refused') return true;
  host.logger.warn({ entity, id, action, state: moved.fromState.technicalName }, 'refund outcome: transition not possible from the current state');
  return false;
}
