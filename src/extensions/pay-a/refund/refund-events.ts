import type { ExtensionHost } from '../../../platform/sdk/index.js';
import {
  applyMatchedRefundOutcome,
  eventsRecordedForReference,
  isOwnRefund,
  isRefundInProgress,
  isUndecidedRefund,
  oldestUndecidedRefundOfAmount,
  type RefundDelivery,
} from '../../_gateway-kit/index.js';
import { readWireAmount, wireToMinor } from '../amounts.js';
import { PAY_A_PAYMENT_METHOD_ID } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { currencyOf } from '../payment/order-transaction.js';
import { isGatewayReference } from '../payment/reference.js';
import { REFUND_FAILED, REFUND_PROCESSED } from '../webhook/webhook-body.js';
import { adoptGatewayRefund } from './refund-adoption.js';
import { PAY_A_REFUND_RECORDS } from './refund-records.js';

/** The final word of an event on its refund; refund.pending has none. */
const ACTIONS: Readonly<Record<string, 'complete' | 'fail'>> = { [REFUND_PROCESSED]: 'complete', [REFUND_FAILED]: 'fail' };

/**
 * refund.pending / refund.processed / refund.failed. The events carry the transaction
 * reference, the amount (a string, a number on failed) and no refund id: they are matched to the
 * pending platform refund recorded when the refund was requested, by transaction (its stored
 * `pay_a_reference`) and amount, the oldest pending first, under the transaction's row lock. A refund
 * without records is adopted from the gateway's list (a dashboard refund). processed completes it and
 * moves the transaction to refunded / refunded_partially; failed fails it; pending only makes sure it
 * exists. Duplicates, parallel and out-of-order deliveries apply once (a refund's final word is recorded,
 * and so is the processor's `refund_reference` of the delivery when it carries one). A final event whose
 * `refund_reference` settled a refund already names that refund, never another one of the same amount:
 * the same event is a duplicate, the other one contradicts the refund's final state (logged, nothing
 * changed). Unknown or malformed events are logged and ignored; throws (500, a retry) while the
 * transaction's refund request is still recording, and on gateway or database faults.
 */
export async function handleRefundEvent(host: ExtensionHost, event: string, data: Record<string, unknown>): Promise<void> {
  const reference = data.transaction_reference;
  const ids = isGatewayReference(reference) ? await host.orderTransactions.idsByCustomField(TRANSACTION_FIELDS.reference, reference, { paymentMethodId: PAY_A_PAYMENT_METHOD_ID }) : [];
  const transaction = ids.length === 1 ? await host.orderTransactions.load(ids[0]!) : undefined;
  const currency = transaction && currencyOf(transaction);
  if (!transaction || !currency) {
    host.logger.info({ event }, 'pay-a: refund event for a transaction reference this shop does not hold; ignored');
    return;
  }
  const wire = readWireAmount(data.amount);
  const amountMinor = wire === null ? null : wireToMinor(wire, currency);
  const currencyMatches = data.currency === undefined || data.currency === null || data.currency === currency.isoCode;
  const logged = { event, orderTransactionId: transaction.id };
  if (amountMinor === null || amountMinor <= 0 || !currencyMatches) {
    host.logger.warn(logged, 'pay-a: refund event without a valid amount in the transaction currency; ignored');
    return;
  }

  const action = ACTIONS[event];
  const delivery: RefundDelivery | undefined = action && typeof data.refund_reference === 'string' && data.refund_reference !== '' ? { event, reference: data.refund_reference } : undefined;
  const decided = delivery ? eventsRecordedForReference(transaction.customFields, TRANSACTION_FIELDS.processedEvents, delivery.reference) : [];
  if (delivery && decided.includes(delivery.event)) {
    host.logger.info(logged, 'pay-a: refund event already applied');
    return;
  }
  // a reference that settled a refund names that refund: no pending one of the amount is needed, none adopted
  if (decided.length === 0 && !(await hasUndecidedRefund(host, transaction.id, currency.decimals, amountMinor))) {
    if (await isRefundInProgress(host, transaction.id)) {
      // the gateway may have answered our refund request without its records being written yet
      throw new Error(`${event} for order transaction ${transaction.id} arrived before its refund was recorded`);
    }
    // a request releases its lease only after its records are committed: one that ended between the two reads left them
    const recordedMeanwhile = await hasUndecidedRefund(host, transaction.id, currency.decimals, amountMinor);
    if (!recordedMeanwhile && !(await adoptGatewayRefund(host, transaction, currency, amountMinor, action ?? 'pending'))) {
      host.logger.info(logged, 'pay-a: refund event matches no pending refund and none the gateway lists without records; ignored');
      return;
    }
  }
  if (!action) return;

  const result = await applyMatchedRefundOutcome(host, {
    orderTransactionId: transaction.id,
    action,
    processedEventsField: TRANSACTION_FIELDS.processedEvents,
    decimalsOf: () => currency.decimals,
    delivery,
    match: (locked, uow) =>
      oldestUndecidedRefundOfAmount(host, PAY_A_REFUND_RECORDS, locked, { amountMinor, decimals: currency.decimals, processedEventsField: TRANSACTION_FIELDS.processedEvents }, uow),
  });
  host.logger.info({ ...logged, result }, 'pay-a: refund event handled');
}

async function hasUndecidedRefund(host: ExtensionHost, orderTransactionId: string, decimals: number, amountMinor: number): Promise<boolean> {
  const refunds = await host.paymentRecords.refundsOf(orderTransactionId, decimals);
  return refunds.some((refund) => isOwnRefund(PAY_A_REFUND_RECORDS, refund) && isUndecidedRefund(refund) && refund.amountMinor === amountMinor);
}
