import type { Logger } from 'pino';
import { systemContext } from '../../acl/context.js';
import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import type { TransitionOutcome, TransitionRequest } from '../../state-machine/state-machine-registry.js';
import { exactMinorUnits } from '../money/money.js';
import type { OrderTransactionView } from '../order-transaction/order-transaction-view.js';
import { chargeEventKey, hasProcessedEvent, processedEventPatch } from '../order-transaction/processed-events.js';
import type { PaymentVerdict, VerifiedPayment } from './provider.js';
import { isSettledState } from './settled-states.js';
import { flagOrder, PAYMENT_FLAGS } from './payment-flags.js';

/** What settlement uses of the platform (the provider's logger, so its lines carry the extension). */
export interface SettlementServices {
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** One database transaction; after-commit work (mails, events) runs once it commits. */
  transaction<T>(work: (uow: UnitOfWork) => Promise<T>): Promise<T>;
  orderTransactions: {
    load(id: string, within?: Db | UnitOfWork): Promise<OrderTransactionView | undefined>;
    loadForUpdate(uow: UnitOfWork, id: string): Promise<OrderTransactionView | undefined>;
    mergeCustomFields(within: Db | UnitOfWork, id: string, fields: Record<string, unknown>): Promise<void>;
  };
  stateMachines: { tryTransition(request: TransitionRequest): Promise<TransitionOutcome> };
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
  /** Custom field holding the processed event keys, e.g. `pay_b_processed_events`. */
  processedEventsField: string;
  /** Who asked, for the log: the customer's return, a webhook or the scheduled re-check. */
  source: 'finalize' | 'webhook' | 'recheck';
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
 * What of a verified payment does not belong to the order transaction (a return URL and a webhook body
 * are attacker-controllable, so only the verified answer counts, and only when it matches): its
 * reference must name this transaction, the currency be the order's, and the amount exactly the
 * transaction's total in the gateway's decimals (never rounded into a match). Empty = it matches.
 */
export function mismatchesOf(payment: VerifiedPayment, transaction: OrderTransactionView): string[] {
  const mismatches: string[] = [];
  if (payment.orderTransactionId !== transaction.id) mismatches.push('reference');
  if (payment.currency !== transaction.currency.isoCode) mismatches.push('currency');
  const expected = payment.amount && exactMinorUnits(transaction.amountTotal, payment.amount.decimals);
  if (!payment.amount || expected === null || expected !== payment.amount.minor) mismatches.push('amount');
  return mismatches;
}

/**
 * The ONE place a verified gateway payment is applied to an order transaction, for every provider. Call
 * it after the gateway call, never during: one database transaction locks the order transaction's row,
 * re-reads it, and then moves the state, stores the gateway data and records `charge:<id>` together, so
 * duplicate and concurrent deliveries change the state once.
 */
export async function settlePayment(services: SettlementServices, request: SettlementRequest): Promise<SettlementResult> {
  const { orderTransactionId, payment } = request;
  const result = await services.transaction(async (uow) => {
    const current = await services.orderTransactions.loadForUpdate(uow, orderTransactionId);
    if (!current) return { outcome: 'not-found', state: '', recorded: false } satisfies SettlementResult;
    return apply(services, uow, current, request);
  });
  const ids = { orderTransactionId, gatewayTransactionId: payment.gatewayTransactionId, gatewayStatus: payment.gatewayStatus, source: request.source };
  if (result.outcome === 'mismatch') {
    services.logger.warn({ ...ids, mismatches: result.mismatches }, 'verified gateway payment does not match the order transaction; not applied');
  } else if (result.outcome === 'refused') {
    services.logger.warn({ ...ids, state: result.state }, 'the order transaction cannot move for this gateway status; not applied');
  } else {
    services.logger.info({ ...ids, outcome: result.outcome, state: result.state }, 'gateway payment settled');
  }
  return result;
}

async function apply(services: SettlementServices, uow: UnitOfWork, current: OrderTransactionView, request: SettlementRequest): Promise<SettlementResult> {
  const { payment, processedEventsField: field } = request;
  const mismatches = mismatchesOf(payment, current);
  if (mismatches.length > 0) return { outcome: 'mismatch', state: current.state, mismatches, recorded: false };

  const eventKey = chargeEventKey(payment.gatewayTransactionId);
  if (hasProcessedEvent(current.customFields, field, eventKey)) return { outcome: 'duplicate', state: current.state, recorded: true };
  if (isSettledState(current.state)) {
    if (payment.final) await services.orderTransactions.mergeCustomFields(uow, current.id, processedEventPatch(current.customFields, field, eventKey));
    if (payment.verdict === 'successful') {
      services.logger.warn(
        { orderTransactionId: current.id, gatewayTransactionId: payment.gatewayTransactionId, state: current.state },
        'another successful gateway payment for an order transaction that is paid already; the customer may have paid twice',
      );
    }
    return { outcome: 'already-settled', state: current.state, recorded: payment.final };
  }

  const move = VERDICT_MOVES[payment.verdict];
  const action = move.action === 'paid' && PAY_ACTION_STATES.has(current.state) ? 'pay' : move.action;
  // a pending attempt completes later under the same id: its event stays unrecorded until it is final
  const testFlag = payment.testMode ? { [PAYMENT_FLAGS.testMode]: true } : {};
  const patch = { ...payment.fields, ...testFlag, ...(payment.final ? processedEventPatch(current.customFields, field, eventKey) : {}) };
  const moved = await services.stateMachines.tryTransition({
    within: uow,
    entity: 'order_transaction',
    id: current.id,
    action,
    context: systemContext,
    // the row is locked above, in this unit of work: the move does not lock it again
    lockedState: { technicalName: current.state, orderId: current.orderId },
    // stored by the move's own statement
    customFields: patch,
  });
  if (moved.result === 'refused') return { outcome: 'refused', state: current.state, recorded: false };
  // already in the target state (e.g. reopened while open): no move wrote the data
  if (moved.result === 'already') await services.orderTransactions.mergeCustomFields(uow, current.id, patch);
  // one flag on the order too, whatever the gateway: lists and exports filter on the order
  if (payment.testMode) await flagOrder(uow, current.orderId, testFlag);
  return { outcome: move.outcome, state: moved.toState.technicalName, recorded: payment.final };
}
