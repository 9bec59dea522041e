import type { ExtensionHost, OrderTransactionView, UnitOfWork } from '../../../platform/sdk/index.js';
import { chargeEventKey, hasProcessedEvent, processedEventPatch } from './processed-events.js';
import { isSettledState } from './settled-states.js';

/** What a gateway's status means for the order transaction; the gateway maps its statuses to these. */
export type PaymentVerdict = 'successful' | 'failed' | 'cancelled' | 'pending';

/** A payment attempt as the gateway's API confirmed it (never as a webhook body claimed it). */
export interface VerifiedPayment {
  /** The gateway's id of the attempt: `charge:<id>` is recorded once it is final. */
  gatewayTransactionId: string;
  verdict: PaymentVerdict;
  /** The attempt will never change again (success or failure): its event is recorded, so duplicates change nothing. */
  final: boolean;
  /** Gateway data to store in the order transaction's custom fields. */
  fields: Record<string, unknown>;
  /** For logs: the gateway's own status word. */
  gatewayStatus: string;
}

export type SettlementOutcome =
  /** Verdict successful and everything matched: the transaction is paid now. */
  | 'paid'
  | 'failed'
  | 'cancelled'
  /** Not final yet: the transaction is (back) in open. */
  | 'reopened'
  /** The transaction had been paid (or refunded) already: only the event was recorded. */
  | 'already-settled'
  /** This gateway attempt was applied before. */
  | 'duplicate'
  /** Reference, currency or amount differ from the order transaction: nothing changed. */
  | 'mismatch'
  /** The state machine allows no such move from the current state: nothing changed. */
  | 'refused'
  | 'not-found';

export interface SettlementResult {
  outcome: SettlementOutcome;
  /** The transaction's state afterwards (technical name); empty when it does not exist. */
  state: string;
  mismatches?: string[];
  /** The attempt's event is on record (now or before): any redelivery of it is a duplicate. */
  recorded: boolean;
}

export interface SettlementRequest {
  orderTransactionId: string;
  payment: VerifiedPayment;
  /** The gateway's exact comparison of the verified attempt with the order transaction; empty = it matches. */
  mismatches(transaction: OrderTransactionView): string[];
  /** Custom field holding the processed event keys, e.g. `pay_b_processed_events`. */
  processedEventsField: string;
  /** Who asked, for the log: the customer's return or a webhook. */
  source: 'finalize' | 'webhook';
}

const VERDICT_MOVES: Readonly<Record<PaymentVerdict, { action: string; outcome: SettlementOutcome }>> = {
  successful: { action: 'paid', outcome: 'paid' },
  failed: { action: 'fail', outcome: 'failed' },
  cancelled: { action: 'cancel', outcome: 'cancelled' },
  pending: { action: 'reopen', outcome: 'reopened' },
};

/** Shopware names the move to paid `pay` from these states and `paid` from the others (open, failed, ...). */
const PAY_ACTION_STATES: ReadonlySet<string> = new Set(['reminded', 'paid_partially']);

/**
 * The ONE place a verified gateway payment is applied to an order transaction (the host applies, the
 * gateway reduces: it only maps its answer to a VerifiedPayment). Call it after the gateway call, never
 * during: one database transaction locks the order transaction's row, re-reads it, and then moves the
 * state, stores the gateway data and records `charge:<id>` together, so duplicate and concurrent
 * deliveries change the state once.
 */
export async function settleVerified(host: ExtensionHost, request: SettlementRequest): Promise<SettlementResult> {
  const { orderTransactionId, payment } = request;
  const result = await host.transaction(async (uow) => {
    const current = await host.orderTransactions.loadForUpdate(uow, orderTransactionId);
    if (!current) return { outcome: 'not-found', state: '', recorded: false } satisfies SettlementResult;
    return apply(host, uow, current, request);
  });
  const ids = { orderTransactionId, gatewayTransactionId: payment.gatewayTransactionId, gatewayStatus: payment.gatewayStatus, source: request.source };
  if (result.outcome === 'mismatch') {
    host.logger.warn({ ...ids, mismatches: result.mismatches }, 'verified gateway payment does not match the order transaction; not applied');
  } else if (result.outcome === 'refused') {
    host.logger.warn({ ...ids, state: result.state }, 'the order transaction cannot move for this gateway status; not applied');
  } else {
    host.logger.info({ ...ids, outcome: result.outcome, state: result.state }, 'gateway payment settled');
  }
  return result;
}

async function apply(host: ExtensionHost, uow: UnitOfWork, current: OrderTransactionView, request: SettlementRequest): Promise<SettlementResult> {
  const { payment, processedEventsField: field } = request;
  const mismatches = request.mismatches(current);
  if (mismatches.length > 0) return { outcome: 'mismatch', state: current.state, mismatches, recorded: false };

  const eventKey = chargeEventKey(payment.gatewayTransactionId);
  if (hasProcessedEvent(current.customFields, field, eventKey)) return { outcome: 'duplicate', state: current.state, recorded: true };
  if (isSettledState(current.state)) {
    if (payment.final) await host.orderTransactions.mergeCustomFields(uow, current.id, processedEventPatch(current.customFields, field, eventKey));
    if (payment.verdict === 'successful') {
      host.logger.warn(
        { orderTransactionId: current.id, gatewayTransactionId: payment.gatewayTransactionId, state: current.state },
        'another successful gateway payment for an order transaction that is paid already; the customer may have paid twice',
      );
    }
    return { outcome: 'already-settled', state: current.state, recorded: payment.final };
  }

  const move = VERDICT_MOVES[payment.verdict];
  const action = move.action === 'paid' && PAY_ACTION_STATES.has(current.state) ? 'pay' : move.action;
  // a pending attempt completes later under the same id: its event stays unrecorded until it is final
  const patch = payment.final ? { ...payment.fields, ...processedEventPatch(current.customFields, field, eventKey) } : payment.fields;
  const moved = await host.stateMachines.transition({
    within: uow,
    entity: 'order_transaction',
    id: current.id,
    action,
    lockedState: { technicalName: current.state, orderId: current.orderId },
    // stored by the move's own statement
    customFields: patch,
  });
  if (moved.result === 'refused') return { outcome: 'refused', state: current.state, recorded: false };
  // already in the target state (e.g. reopened while open): no move wrote the data
  if (moved.result === 'already') await host.orderTransactions.mergeCustomFields(uow, current.id, patch);
  return { outcome: move.outcome, state: moved.toState.technicalName, recorded: payment.final };
}
