import type { UnitOfWork } from '../../database/transaction.js';
import { exactMinorUnits } from '../money/money.js';
import type { OrderTransactionView } from '../order-transaction/order-transaction-view.js';
import { hasProcessedEvent, processedEventPatch } from '../order-transaction/processed-events.js';
import type { RefundHost } from './refund-host.js';
import { completedRefundsMinor } from './refund-records.js';
import { eventsRecordedForReference, refundDeliveryKey, type RefundDelivery } from './refund-references.js';

/** The platform refund an outcome applies to, with the key its final word is recorded under. */
export interface RefundTarget {
  /** The platform refund and its capture. */
  refundId: string;
  captureId: string;
  /** Recorded in `processedEventsField`; a second delivery of it changes nothing. */
  eventKey: string;
}

/** What every refund event applies, whichever way it names its refund. */
interface RefundEventOutcome {
  orderTransactionId: string;
  /** The gateway's final word on the refund. */
  action: 'complete' | 'fail';
  processedEventsField: string;
  /** Minor units of the transaction amount and of refunds, for "refunded" vs "refunded_partially". */
  decimalsOf(transaction: OrderTransactionView): number;
  /** A last check under the lock (e.g. the body names another charge); false applies nothing. */
  accept?(transaction: OrderTransactionView): boolean;
}

/** A refund event naming its refund (gateway D: the gateway's refund id, resolved to its platform refund). */
export interface RefundOutcome extends RefundEventOutcome, RefundTarget {}

/**
 * `contradicted`: the event's final word is not the one its refund ended with (refund.failed for a
 * completed refund); logged, nothing changed, and the webhook acknowledges it like any handled event,
 * since a retry would say the same.
 */
export type RefundOutcomeResult = 'applied' | 'duplicate' | 'contradicted' | 'rejected' | 'not-found';

/**
 * Applies a gateway's final word on a refund, in one database transaction holding the order
 * transaction's row lock: the refund and its capture complete (or fail); once completed, the transaction
 * moves to refunded (its completed refunds cover the whole amount) or refunded_partially; the event is
 * recorded, so duplicate and parallel deliveries apply once. A refund that is completed or failed never
 * moves again (settleNamedRefund). A move the current state does not allow (a refund an admin cancelled)
 * is logged and skipped: the gateway's outcome stands, and a retried delivery would not change that.
 */
export async function applyRefundOutcome(host: RefundHost, outcome: RefundOutcome): Promise<RefundOutcomeResult> {
  return host.transaction(async (uow) => {
    const locked = await host.orderTransactions.loadForUpdate(uow, outcome.orderTransactionId);
    // deleted since the lookup (with its refunds): nothing left to apply
    if (!locked) return 'not-found';
    return settleNamedRefund(host, uow, locked, outcome, outcome, []);
  });
}

/** A refund event that carries no refund id (gateway A): the platform refund it is about is found under the lock. */
export interface MatchedRefundOutcome extends RefundEventOutcome {
  /**
   * The event and the processor reference it carries, when it carries one: the reference names the one
   * refund it settles. Recorded once applied; a later event with the same reference is a duplicate (the
   * same event) or contradicts that refund's final word (another event), and never settles another refund
   * of the same amount. Undefined when the body has none: the refund can only be matched by `match`.
   */
  delivery?: RefundDelivery;
  /**
   * Picks the platform refund under the row lock, so parallel events for two refunds of the same amount
   * each find a different one. Undefined when none is pending.
   */
  match(transaction: OrderTransactionView, uow: UnitOfWork): Promise<RefundTarget | undefined>;
}

export type MatchedRefundOutcomeResult = RefundOutcomeResult | 'unmatched';

/**
 * applyRefundOutcome for gateways whose refund events carry no refund id (gateway A): the same row lock,
 * guard, state moves and records, with the refund named by the delivery's processor reference when that
 * settled one already, else chosen by `match` while the lock is held. Both the refund's key and the
 * delivery's key are recorded.
 */
export async function applyMatchedRefundOutcome(host: RefundHost, outcome: MatchedRefundOutcome): Promise<MatchedRefundOutcomeResult> {
  return host.transaction(async (uow) => {
    const locked = await host.orderTransactions.loadForUpdate(uow, outcome.orderTransactionId);
    if (!locked) return 'not-found';
    const { delivery } = outcome;
    if (delivery) {
      const recorded = eventsRecordedForReference(locked.customFields, outcome.processedEventsField, delivery.reference);
      if (recorded.includes(delivery.event)) return 'duplicate';
      if (recorded.length > 0) {
        // the reference's refund ended with another final word; no other refund is the one it names
        host.logger.warn(
          { orderTransactionId: locked.id, event: delivery.event, decidedBy: recorded[0] },
          'refund event contradicts the final state its processor reference already gave its refund; acknowledged, nothing changed',
        );
        return 'contradicted';
      }
    }
    const target = await outcome.match(locked, uow);
    if (!target) return 'unmatched';
    return settleNamedRefund(host, uow, locked, target, outcome, delivery ? [refundDeliveryKey(delivery)] : []);
  });
}

/** The state a refund's final word leaves it in; a refund in one of them never moves again. */
const FINAL_STATE_OF: Readonly<Record<RefundEventOutcome['action'], string>> = { complete: 'completed', fail: 'failed' };
const FINAL_REFUND_STATES: ReadonlySet<string> = new Set(Object.values(FINAL_STATE_OF));

/**
 * One event's final word on the refund it names, under the row lock (every gateway's refund events end
 * here): a refund already completed or failed is left as it is (the same word again is a duplicate,
 * another one a contradiction, logged without the body); a recorded event key is a duplicate; otherwise
 * the refund is settled and the event's keys (`alsoRecorded` after the refund's own) are recorded.
 */
async function settleNamedRefund(
  host: RefundHost,
  uow: UnitOfWork,
  locked: OrderTransactionView,
  target: RefundTarget,
  outcome: RefundEventOutcome,
  alsoRecorded: readonly string[],
): Promise<RefundOutcomeResult> {
  const field = outcome.processedEventsField;
  const refunds = await host.paymentRecords.refundsOf(locked.id, outcome.decimalsOf(locked), uow);
  const state = refunds.find((refund) => refund.id === target.refundId)?.state;
  if (state !== undefined && FINAL_REFUND_STATES.has(state)) {
    if (state === FINAL_STATE_OF[outcome.action]) return 'duplicate';
    host.logger.warn(
      { orderTransactionId: locked.id, refundId: target.refundId, state, action: outcome.action },
      'refund event contradicts the final state of its refund; acknowledged, nothing changed',
    );
    return 'contradicted';
  }
  if (hasProcessedEvent(locked.customFields, field, target.eventKey)) return 'duplicate';
  if (outcome.accept && !outcome.accept(locked)) return 'rejected';
  await settleRefund(host, uow, locked, target, outcome);
  let patch = processedEventPatch(locked.customFields, field, target.eventKey);
  for (const key of alsoRecorded) patch = processedEventPatch({ [field]: patch[field] }, field, key);
  await host.orderTransactions.mergeCustomFields(uow, locked.id, patch);
  return 'applied';
}

/** The state moves of a refund's final word: refund, capture, then (once completed) the transaction. */
async function settleRefund(
  host: RefundHost,
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
async function moveOrWarn(host: RefundHost, uow: UnitOfWork, entity: string, id: string, action: string): Promise<boolean> {
  const moved = await host.stateMachines.transition({ within: uow, entity, id, action });
  if (moved.result !== 'refused') return true;
  host.logger.warn({ entity, id, action, state: moved.fromState.technicalName }, 'refund outcome: transition not possible from the current state');
  return false;
}
