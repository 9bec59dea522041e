import { systemContext } from '../../../platform/acl/context.js';
import { transaction, type UnitOfWork } from '../../../platform/database/transaction.js';
import { AppError } from '../../../platform/errors/app-error.js';
import type { Platform } from '../../../platform/kernel.js';
import type { GatewayTransaction } from '../client.js';
import { mismatchesWithOrder, type GatewayMismatch } from './gateway-checks.js';
import { lockOrderTransaction } from '../order-transaction/order-transaction-lock.js';
import { isSettledState, loadPayBOrderTransaction, type PayBOrderTransaction } from '../order-transaction/order-transaction-data.js';
import { chargeEventKey, hasProcessedEvent, recordProcessedEvent } from '../order-transaction/processed-events.js';
import { settlementFields } from './settlement-fields.js';

export type SettlementOutcome =
  /** Gateway status successful and everything matched: the transaction is paid now. */
  | 'paid'
  /** Gateway status failed: the transaction is failed now. */
  | 'failed'
  /** Any other gateway status: the transaction is (back) in open. */
  | 'reopened'
  /** The transaction had been paid (or refunded) already: only the event was recorded. */
  | 'already-settled'
  /** This gateway transaction was applied before. */
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
  mismatches?: GatewayMismatch[];
}

/** Who asked: finalize (the customer's return) or the charge.completed webhook; for the log only. */
export type SettlementSource = 'finalize' | 'webhook';

/** Gateway statuses after which one gateway transaction never changes again. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['successful', 'failed']);

const ACTION_BY_STATUS: Readonly<Record<string, { action: string; outcome: SettlementOutcome }>> = {
  successful: { action: 'paid', outcome: 'paid' },
  failed: { action: 'fail', outcome: 'failed' },
};
const OTHER_STATUS = { action: 'reopen', outcome: 'reopened' as SettlementOutcome };

/** Shopware names the move to paid `pay` from these states and `paid` from the others (open, failed, ...). */
const PAY_ACTION_STATES: ReadonlySet<string> = new Set(['reminded', 'paid_partially']);

function actionFor(gatewayStatus: string, currentState: string): { action: string; outcome: SettlementOutcome } {
  const mapped = ACTION_BY_STATUS[gatewayStatus] ?? OTHER_STATUS;
  return mapped.outcome === 'paid' && PAY_ACTION_STATES.has(currentState) ? { ...mapped, action: 'pay' } : mapped;
}

/**
 * The ONE place that applies a gateway transaction, verified by id through the API, to an order
 * transaction (finalize and charge.completed). Call it after the gateway call, never during: it runs
 * one database transaction that locks the order transaction row, re-reads its state there, and then
 * moves the state, stores the gateway data and records `charge:<id>` together, so duplicate and
 * concurrent deliveries change the state once.
 */
export async function settleGatewayTransaction(
  platform: Platform,
  orderTransactionId: string,
  verified: GatewayTransaction,
  source: SettlementSource,
): Promise<SettlementResult> {
  const result = await transaction<SettlementResult>(platform.db, async (uow) => {
    if (!(await lockOrderTransaction(uow, orderTransactionId))) return { outcome: 'not-found', state: '' };
    const current = (await loadPayBOrderTransaction(uow.db, orderTransactionId))!;
    return apply(platform, uow, current, verified);
  });
  const ids = { orderTransactionId, gatewayTransactionId: verified.id, gatewayStatus: verified.status, source };
  if (result.outcome === 'mismatch') {
    platform.logger.warn({ ...ids, mismatches: result.mismatches }, 'pay-b: verified gateway transaction does not match the order transaction; not applied');
  } else if (result.outcome === 'refused') {
    platform.logger.warn({ ...ids, state: result.state }, 'pay-b: the order transaction cannot move for this gateway status; not applied');
  } else {
    platform.logger.info({ ...ids, outcome: result.outcome, state: result.state }, 'pay-b: gateway transaction settled');
  }
  return result;
}

async function apply(platform: Platform, uow: UnitOfWork, current: PayBOrderTransaction, verified: GatewayTransaction): Promise<SettlementResult> {
  const mismatches = mismatchesWithOrder(verified, current);
  if (mismatches.length > 0) return { outcome: 'mismatch', state: current.state, mismatches };

  const eventKey = chargeEventKey(verified.id);
  if (hasProcessedEvent(current.customFields, eventKey)) return { outcome: 'duplicate', state: current.state };
  const final = FINAL_STATUSES.has(verified.status);
  if (isSettledState(current.state)) {
    if (final) await recordProcessedEvent(platform, uow, current.orderTransactionId, current.customFields, eventKey);
    if (verified.status === 'successful') {
      platform.logger.warn(
        { orderTransactionId: current.orderTransactionId, gatewayTransactionId: verified.id, state: current.state },
        'pay-b: another successful gateway transaction for an order transaction that is paid already; the customer may have paid twice',
      );
    }
    return { outcome: 'already-settled', state: current.state };
  }

  const { action, outcome } = actionFor(verified.status, current.state);
  let state: string;
  try {
    const moved = await platform.stateMachines.transition({ within: uow, entity: 'order_transaction', id: current.orderTransactionId, action, context: systemContext });
    state = moved.toState.technicalName;
  } catch (error) {
    if (error instanceof AppError && error.code === 'SYSTEM__ILLEGAL_STATE_TRANSITION') return { outcome: 'refused', state: current.state };
    throw error;
  }

  const fields = settlementFields(verified, new Date());
  if (final) {
    await recordProcessedEvent(platform, uow, current.orderTransactionId, current.customFields, eventKey, fields);
  } else {
    // a pending attempt completes later under the same id: its event must stay unrecorded
    await platform.repositories.get('order_transaction').update({ id: current.orderTransactionId, customFields: fields }, systemContext, uow);
  }
  return { outcome, state };
}
