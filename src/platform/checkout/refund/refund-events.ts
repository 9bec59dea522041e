import type { OrderTransactionView } from '../order-transaction/order-transaction-view.js';
import { refundEventKey } from '../order-transaction/processed-events.js';
import { applyMatchedRefundOutcome, applyRefundOutcome, type MatchedRefundOutcomeResult } from './refund-completion.js';
import type { RefundHost } from './refund-host.js';
import { isRefundInProgress } from './refund-lease.js';
import { providerTransaction, transactionOfLocator } from './refund-request.js';
import { isUndecidedRefund, oldestUndecidedRefundOfAmount } from './refund-matching.js';
import type { RefundablePayment, RefundCurrency, RefundEvent, RefundProvider, RefundTransaction } from './refund-provider.js';
import { isGatewayRefund, recordedGatewayRefundIds, recordPendingRefund, refundRecordIds } from './refund-records.js';
import { eventsRecordedForReference, type RefundDelivery } from './refund-references.js';

/** What applying an event did; `ignored`: nothing of this shop's, or no final word, logged. */
export type RefundEventResult = MatchedRefundOutcomeResult | 'ignored';

/**
 * Applies a provider's refund event, the host's one way for every gateway (its webhook intake calls it
 * once the request is verified). A final word completes or fails the platform refund and, once completed,
 * moves the transaction to refunded (its completed refunds cover the whole amount) or refunded_partially,
 * under the transaction's row lock, recorded so duplicate, parallel and out-of-order deliveries apply
 * once; a refund already completed or failed never moves again (a contradicting event is logged and
 * acknowledged). A refund of the shop's payment without records (its request's answer was lost, or it was
 * made in the gateway's dashboard) is adopted from the gateway first. Throws, so the webhook answers 500
 * and the gateway retries, while a refund request of the transaction is still recording its answer, and
 * on gateway or database faults.
 */
export function applyRefundEvent<P extends RefundablePayment>(host: RefundHost, provider: RefundProvider<P, unknown>, event: RefundEvent): Promise<RefundEventResult> {
  return event.kind === 'by-id' ? applyNamedRefundEvent(host, provider, event) : applyAmountRefundEvent(host, provider, event);
}

type NamedEvent = Extract<RefundEvent, { kind: 'by-id' }>;
type AmountEvent = Extract<RefundEvent, { kind: 'by-amount' }>;

/**
 * An event naming the gateway's refund (gateway D): the status decides, not re-fetched (the event is the
 * only word on a refund's outcome); only the refund it names moves. A non-final status changes nothing
 * and is not recorded, so the later final delivery still applies.
 */
async function applyNamedRefundEvent<P extends RefundablePayment>(host: RefundHost, provider: RefundProvider<P, unknown>, event: NamedEvent): Promise<RefundEventResult> {
  const { gatewayRefundId } = event;
  const prefix = provider.logPrefix;
  if (event.outcome === 'pending') {
    host.logger.info({ gatewayRefundId, event: event.event }, `${prefix}: refund event with a non-final status: refund left pending`);
    return 'ignored';
  }
  const match = await findNamedRefundOrRetry(host, provider, event);
  if (!match) {
    host.logger.info({ gatewayRefundId }, `${prefix}: refund event for a refund this shop does not know: ignored`);
    return 'ignored';
  }
  const { currencyOf, chargeOf, toMinor } = provider.events;
  const decimalsOf = (transaction: OrderTransactionView) => (currencyOf(transaction) ?? provider.currencyOf(transaction)).decimals;
  return applyRefundOutcome(host, {
    orderTransactionId: match.orderTransactionId,
    refundId: match.id,
    captureId: match.captureId,
    action: event.outcome,
    eventKey: refundEventKey(gatewayRefundId),
    processedEventsField: provider.processedEventsField,
    decimalsOf,
    accept(locked) {
      // a verified request only shows the sender knows the secret: a body naming another charge is not ours to apply
      const stored = chargeOf?.(locked);
      if (event.gatewayTransactionId !== undefined && stored !== undefined && String(event.gatewayTransactionId) !== String(stored)) {
        host.logger.warn({ gatewayRefundId, orderTransactionId: match.orderTransactionId }, `${prefix}: refund event names another gateway transaction: ignored`);
        return false;
      }
      // the status decides; an amount differing from what was requested is worth a look, not a refusal
      const { reportedAmount } = event;
      if (reportedAmount !== undefined && reportedAmount !== null && match.amountTotal !== undefined) {
        const currency = { isoCode: locked.currency.isoCode, decimals: decimalsOf(locked) };
        if (toMinor(reportedAmount, currency) !== toMinor(match.amountTotal, currency)) {
          host.logger.warn({ gatewayRefundId, reported: String(reportedAmount) }, `${prefix}: refund event reports another amount than was requested`);
        }
      }
      return true;
    },
  });
}

interface NamedRefundMatch {
  id: string;
  captureId: string;
  orderTransactionId: string;
  amountTotal: unknown;
}

/** The platform refund whose external reference is the gateway's refund id, on the provider's transactions; its own first. */
async function findNamedRefund(host: RefundHost, provider: RefundProvider<RefundablePayment, unknown>, gatewayRefundId: string | number): Promise<NamedRefundMatch | undefined> {
  const refunds = await host.paymentRecords.refundsByExternalReference(String(gatewayRefundId), provider.paymentMethodId);
  const own = refundRecordIds({ namespace: provider.recordNamespace }, gatewayRefundId).refundId;
  return refunds.find((refund) => refund.id === own) ?? refunds[0];
}

/**
 * The platform refund of a gateway refund. While a refund request of the same charge holds its lease,
 * the gateway may have answered it without the records being written yet: then this throws (a retry).
 * A refund of one of the shop's charges without records is adopted, fetched from the gateway.
 */
async function findNamedRefundOrRetry<P extends RefundablePayment>(host: RefundHost, provider: RefundProvider<P, unknown>, event: NamedEvent): Promise<NamedRefundMatch | undefined> {
  const { gatewayRefundId, gatewayTransactionId } = event;
  const found = await findNamedRefund(host, provider, gatewayRefundId);
  if (found || gatewayTransactionId === undefined || !provider.events.transactionsOfCharge) return found;
  const charged = await provider.events.transactionsOfCharge(gatewayTransactionId);
  for (const orderTransactionId of charged) {
    if (await isRefundInProgress(host, orderTransactionId)) {
      throw new Error(`${event.event} for gateway refund ${gatewayRefundId} arrived before its refund was recorded`);
    }
  }
  // a request releases its lease only after its records are committed: one that ended between the two reads left them
  const recorded = await findNamedRefund(host, provider, gatewayRefundId);
  if (recorded) return recorded;
  const transaction = charged[0] === undefined ? undefined : await providerTransaction(host, provider, charged[0]);
  const confirmed = transaction && (await provider.events.confirmRefund?.(transaction, gatewayRefundId));
  if (!transaction || !confirmed) return undefined;
  await adopt(host, provider, transaction, (provider.events.currencyOf(transaction) ?? provider.currencyOf(transaction)).decimals, confirmed);
  return findNamedRefund(host, provider, gatewayRefundId);
}

/**
 * An event naming only the transaction and the amount (gateway A): matched to the oldest undecided
 * platform refund of that amount under the row lock. The processor reference of a final event is
 * recorded; a later event with the same reference names that refund, never another one of the same
 * amount. A refund without records is adopted from the gateway's list (a dashboard refund); `pending`
 * only makes sure it exists.
 */
async function applyAmountRefundEvent<P extends RefundablePayment>(host: RefundHost, provider: RefundProvider<P, unknown>, event: AmountEvent): Promise<RefundEventResult> {
  const prefix = provider.logPrefix;
  const transaction = await transactionOfLocator(host, provider, event.locator);
  const currency = transaction && provider.events.currencyOf(transaction);
  if (!transaction || !currency) {
    host.logger.info({ event: event.event }, `${prefix}: refund event for a transaction reference this shop does not hold; ignored`);
    return 'ignored';
  }
  const amountMinor = provider.events.toMinor(event.amount, currency);
  const currencyMatches = event.currency === undefined || event.currency === null || event.currency === currency.isoCode;
  const logged = { event: event.event, orderTransactionId: transaction.id };
  if (amountMinor === null || amountMinor <= 0 || !currencyMatches) {
    host.logger.warn(logged, `${prefix}: refund event without a valid amount in the transaction currency; ignored`);
    return 'ignored';
  }

  const field = provider.processedEventsField;
  const final = event.outcome === 'pending' ? undefined : event.outcome;
  const delivery: RefundDelivery | undefined = final && event.processorReference ? { event: event.event, reference: event.processorReference } : undefined;
  const decided = delivery ? eventsRecordedForReference(transaction.customFields, field, delivery.reference) : [];
  if (delivery && decided.includes(delivery.event)) {
    host.logger.info(logged, `${prefix}: refund event already applied`);
    return 'duplicate';
  }
  // a reference that settled a refund names that refund: no pending one of the amount is needed, none adopted
  if (decided.length === 0 && !(await hasUndecidedRefund(host, transaction.id, currency.decimals, amountMinor))) {
    if (await isRefundInProgress(host, transaction.id)) {
      // the gateway may have answered our refund request without its records being written yet
      throw new Error(`${event.event} for order transaction ${transaction.id} arrived before its refund was recorded`);
    }
    // a request releases its lease only after its records are committed: one that ended between the two reads left them
    const recordedMeanwhile = await hasUndecidedRefund(host, transaction.id, currency.decimals, amountMinor);
    if (!recordedMeanwhile && !(await adoptListed(host, provider, transaction, currency, amountMinor, event.outcome))) {
      host.logger.info(logged, `${prefix}: refund event matches no pending refund and none the gateway lists without records; ignored`);
      return 'ignored';
    }
  }
  if (!final) return 'ignored';

  const result = await applyMatchedRefundOutcome(host, {
    orderTransactionId: transaction.id,
    action: final,
    processedEventsField: field,
    decimalsOf: () => currency.decimals,
    delivery,
    match: (locked, uow) => oldestUndecidedRefundOfAmount(host, locked, { amountMinor, decimals: currency.decimals, processedEventsField: field }, uow),
  });
  host.logger.info({ ...logged, result }, `${prefix}: refund event handled`);
  return result;
}

async function hasUndecidedRefund(host: RefundHost, orderTransactionId: string, decimals: number, amountMinor: number): Promise<boolean> {
  const refunds = await host.paymentRecords.refundsOf(orderTransactionId, decimals);
  return refunds.some((refund) => isGatewayRefund(refund) && isUndecidedRefund(refund) && refund.amountMinor === amountMinor);
}

/** The oldest refund of the amount the gateway lists without platform records, recorded pending; whether one was. */
async function adoptListed<P extends RefundablePayment>(
  host: RefundHost,
  provider: RefundProvider<P, unknown>,
  transaction: RefundTransaction,
  currency: RefundCurrency,
  amountMinor: number,
  outcome: AmountEvent['outcome'],
): Promise<boolean> {
  if (!provider.events.findListedRefund) return false;
  const recorded = recordedGatewayRefundIds(await host.paymentRecords.refundsOf(transaction.id, currency.decimals));
  const listed = await provider.events.findListedRefund(transaction, currency, {
    amountMinor,
    outcome,
    isRecorded: (gatewayRefundId) => recorded.has(String(gatewayRefundId)),
  });
  if (!listed) return false;
  await adopt(host, provider, transaction, currency.decimals, listed);
  return true;
}

/** Records a gateway's refund the shop had no record of, pending, as the refund route would have. */
async function adopt(
  host: RefundHost,
  provider: RefundProvider<RefundablePayment, unknown>,
  transaction: RefundTransaction,
  decimals: number,
  refund: { gatewayRefundId: string | number; amountMinor: number; note: string | undefined },
): Promise<void> {
  await recordPendingRefund(host, { namespace: provider.recordNamespace }, {
    orderTransactionId: transaction.id,
    gatewayRefundId: refund.gatewayRefundId,
    amountMinor: refund.amountMinor,
    decimals,
    reason: refund.note,
  });
  host.logger.info({ orderTransactionId: transaction.id, gatewayRefundId: refund.gatewayRefundId }, `${provider.logPrefix}: refund without platform records adopted`);
}
