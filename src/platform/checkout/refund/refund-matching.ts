import type { UnitOfWork } from '../../database/transaction.js';
import type { OrderTransactionView } from '../order-transaction/order-transaction-view.js';
import type { RefundRecord } from './payment-records-service.js';
import { hasProcessedEvent, refundEventKey } from '../order-transaction/processed-events.js';
import type { RefundHost } from './refund-host.js';
import type { RefundTarget } from './refund-completion.js';
import { isGatewayRefund } from './refund-records.js';

/** States of a platform refund the gateway has not decided yet (`open` is the pending refund). */
const UNDECIDED_REFUND_STATES: ReadonlySet<string> = new Set(['open', 'in_progress']);

export function isUndecidedRefund(refund: RefundRecord): boolean {
  return UNDECIDED_REFUND_STATES.has(refund.state);
}

export interface RefundAmountMatch {
  /** The refunded amount the event reports, in minor units of `decimals`. */
  amountMinor: number;
  decimals: number;
  /** Custom field of recorded event keys: a refund whose final word is recorded is never matched again. */
  processedEventsField: string;
}

/**
 * For refund events that carry the charge and the amount but no refund id (gateway A): the gateway's own
 * platform refund of the transaction that is still undecided and of exactly this amount, the oldest first
 * (the gateway settles refunds in the order they were made). Call it under the transaction's row lock
 * (applyMatchedRefundOutcome's `match`), so concurrent events each take a different refund.
 */
export async function oldestUndecidedRefundOfAmount(
  host: RefundHost,
  transaction: OrderTransactionView,
  match: RefundAmountMatch,
  uow: UnitOfWork,
): Promise<RefundTarget | undefined> {
  const refunds = await host.paymentRecords.refundsOf(transaction.id, match.decimals, uow);
  const found = refunds
    .filter(isGatewayRefund)
    .find(
      (refund) =>
        isUndecidedRefund(refund) &&
        refund.amountMinor === match.amountMinor &&
        !hasProcessedEvent(transaction.customFields, match.processedEventsField, refundEventKey(refund.externalReference)),
    );
  if (!found) return undefined;
  return { refundId: found.id, captureId: found.captureId, eventKey: refundEventKey(found.externalReference) };
}
