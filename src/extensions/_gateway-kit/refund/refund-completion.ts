import { exactMinorUnits, type ExtensionHost, type OrderTransactionView, type UnitOfWork } from '../../../platform/sdk/index.js';
import { hasProcessedEvent, processedEventPatch } from '../transaction/processed-events.js';
import { completedRefundsMinor } from './refund-records.js';

export interface RefundOutcome {
  orderTransactionId: string;
  /** The platform refund and its capture. */
  refundId: string;
  captureId: string;
  /** The gateway's final word on the refund. */
  action: 'complete' | 'fail';
  /** Recorded in `processedEventsField`; a second delivery of it changes nothing. */
  eventKey: string;
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

    if (await moveOrWarn(host, uow, 'order_transaction_capture_refund', outcome.refundId, outcome.action)) {
      // the capture exists only to carry this refund: it ends as the refund does
      await moveOrWarn(host, uow, 'order_transaction_capture', outcome.captureId, outcome.action);
      if (outcome.action === 'complete') {
        const decimals = outcome.decimalsOf(locked);
        const completedMinor = await completedRefundsMinor(host, locked.id, decimals, uow);
        const amountMinor = exactMinorUnits(locked.amountTotal, decimals);
        const covered = amountMinor !== null && completedMinor >= amountMinor;
        // from refunded_partially, refund_partially is a no-op (already its target state)
        await moveOrWarn(host, uow, 'order_transaction', locked.id, covered ? 'refund' : 'refund_partially');
      }
    }
    await host.orderTransactions.mergeCustomFields(uow, locked.id, processedEventPatch(locked.customFields, outcome.processedEventsField, outcome.eventKey));
    return 'applied';
  });
}

/** Moves the entity; false (and a warning) when its state does not allow the action. */
async function moveOrWarn(host: ExtensionHost, uow: UnitOfWork, entity: string, id: string, action: string): Promise<boolean> {
  const moved = await host.stateMachines.transition({ within: uow, entity, id, action });
  if (moved.result !== 'refused') return true;
  host.logger.warn({ entity, id, action, state: moved.fromState.technicalName }, 'refund outcome: transition not possible from the current state');
  return false;
}

