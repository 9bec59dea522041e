import { isId, normalizeId } from '../../ids.js';
import type { LeaseOptions } from '../../leases/lease-service.js';
import { formatRefundAmount, minimumRefundFor, minimumRefundMinor, refundAmountWithinBounds, requestedMinorOrRefuse } from './refund-amounts.js';
import { gatewayHoldingsOf, refundBalance, type RefundBalance } from './refund-balance.js';
import type { RefundHost } from './refund-host.js';
import { DEFAULT_REFUND_LEASE, withRefundLease } from './refund-lease.js';
import type { AcceptedRefund, ListedGatewayRefund, RefundablePayment, RefundCurrency, RefundProvider, RefundRequest, RefundSettings, RefundTransaction } from './refund-provider.js';
import { ownRefundHoldings, recordedGatewayRefundIds, recordPendingRefund } from './refund-records.js';
import { COMMON_REFUND_MESSAGES, RefundRefusal, refusalForAttempt } from './refund-refusal.js';

export interface RefundTimings {
  lease: LeaseOptions;
  /** Per gateway request. */
  requestTimeoutMs: number;
  /** For reading every page of the gateway's refunds. */
  holdingsBudgetMs: number;
}

export const DEFAULT_REFUND_TIMINGS: RefundTimings = { lease: DEFAULT_REFUND_LEASE, requestTimeoutMs: 15_000, holdingsBudgetMs: 60_000 };

/**
 * The refusal a provider's refund route gives any amount of this transaction once it was found: refunds
 * disabled for its sales channel, then a state refunds cannot start from or no verified payment. Null otherwise.
 */
export function refusalOf<P extends RefundablePayment>(provider: RefundProvider<P, unknown>, transaction: RefundTransaction, settings: RefundSettings): string | null {
  const { refundableStates, messages } = provider.eligibility;
  if (!settings.refundEnabled) return messages.disabled;
  if (!refundableStates.has(transaction.state) || !provider.paymentOf(transaction)) return messages.notRefundable;
  return null;
}

/** The smallest refund of the currency the channel's settings accept, minor units. */
export function minimumOf(settings: RefundSettings, currency: RefundCurrency): number {
  return minimumRefundMinor(minimumRefundFor(settings.minimumRefundAmount, currency.isoCode), currency);
}

/** The provider's order transaction with this id (any spelling normalizeId reads); undefined for another payment method's. */
export async function providerTransaction(host: RefundHost, provider: RefundProvider<RefundablePayment, unknown>, orderTransactionId: string): Promise<RefundTransaction | undefined> {
  const id = normalizeId(orderTransactionId);
  const transaction = isId(id) ? await host.orderTransactions.load(id) : undefined;
  return transaction?.paymentMethodId === provider.paymentMethodId ? transaction : undefined;
}

/** The transaction a refund body's (or an event's) locator names. */
export function transactionOfLocator(host: RefundHost, provider: RefundProvider<RefundablePayment, unknown>, locator: string): Promise<RefundTransaction | undefined> {
  return provider.findTransaction ? provider.findTransaction(locator) : providerTransaction(host, provider, locator);
}

interface Refundable<P> {
  transaction: RefundTransaction;
  payment: P;
  settings: RefundSettings;
}

/** Eligibility, in the order of the route's messages: found, refunds enabled, a refundable state, a verified payment. */
async function refundableOrRefuse<P extends RefundablePayment>(provider: RefundProvider<P, unknown>, transaction: RefundTransaction | undefined): Promise<Refundable<P>> {
  if (!transaction) throw new RefundRefusal(provider.eligibility.messages.notFound);
  const settings = await provider.settingsOf(transaction);
  const refusal = refusalOf(provider, transaction, settings);
  if (refusal !== null) throw new RefundRefusal(refusal);
  return { transaction, payment: provider.paymentOf(transaction)!, settings };
}

/** What the balance check found: the balance, and the gateway's refunds the shop had no record of. */
export interface CheckedBalance {
  balance: RefundBalance;
  unrecorded: ListedGatewayRefund[];
}

/**
 * The balance of a payment from the gateway's holdings (read live) against the shop's own records, the
 * larger holding counting; a refund the gateway lists without records in the shop counts on the shop's
 * side too, as a pending refund (the refund route records it), so the refund route and the refundable
 * route compute the same amount whether it is recorded yet or not. Nothing is written here. Answers
 * `unreachable` / `not-configured` when the gateway cannot be read.
 */
export async function gatewayCheckedBalance<P extends RefundablePayment>(
  host: RefundHost,
  provider: RefundProvider<P, unknown>,
  payment: P,
  settings: RefundSettings,
  timings: Pick<RefundTimings, 'requestTimeoutMs' | 'holdingsBudgetMs'>,
): Promise<CheckedBalance | { outcome: 'unreachable'; cause?: unknown } | { outcome: 'not-configured' }> {
  const read = await provider.readRefundHoldings(payment, settings, { requestTimeoutMs: timings.requestTimeoutMs, deadline: Date.now() + timings.holdingsBudgetMs });
  if (read.outcome !== 'read') return read;
  const records = await host.paymentRecords.refundsOf(payment.orderTransactionId, payment.currency.decimals);
  const recorded = recordedGatewayRefundIds(records);
  const unrecorded = (read.holdings.listed ?? []).filter((refund) => !recorded.has(String(refund.gatewayRefundId)));
  const shop = ownRefundHoldings(records, unrecorded.map((refund) => ({ amountMinor: refund.amountMinor, completed: false })));
  return { balance: refundBalance(read.holdings.paidMinor, gatewayHoldingsOf(read.holdings), shop), unrecorded };
}

/**
 * A provider's refund request (its route's body): the body read, then `sendRefund`; the accepted refund
 * is recorded pending at once with ids derived from the gateway's refund id, so no refund is lost when
 * its events never come and a retry cannot record it twice. Returns the gateway's answer. Refusals throw
 * RefundRefusal with the route's messages.
 */
export async function requestRefund<P extends RefundablePayment, Notes>(
  host: RefundHost,
  provider: RefundProvider<P, Notes>,
  body: unknown,
  timings: RefundTimings = DEFAULT_REFUND_TIMINGS,
): Promise<Record<string, unknown>> {
  const request = provider.readRequest(body);
  const transaction = await transactionOfLocator(host, provider, request.locator);
  const scope = { namespace: provider.recordNamespace };
  const accepted = await sendRefund(host, provider, transaction, request, timings, async ({ gatewayRefundId }, payment, amountMinor) => {
    await recordPendingRefund(host, scope, { orderTransactionId: payment.orderTransactionId, gatewayRefundId, amountMinor, decimals: payment.currency.decimals, reason: request.reason });
  });
  return accepted.answer;
}

/**
 * The one way every gateway refund is sent, from the provider's refund route or Shopware's refund
 * process: the transaction checked; a malformed amount or one below the minimum is refused before
 * anything is written or sent. Then, under the transaction's refund lease (concurrent requests in any
 * process are served one after the other; no database transaction is open meanwhile), the transaction is
 * checked again, the balance is computed (the shop's own records, and the gateway's holdings where the
 * provider's route checks them: its refunds without records are recorded pending first), the gateway is
 * asked for the amount, always explicit, and `keep` records the accepted refund before the lease goes
 * (a refund event that arrives meanwhile is answered with a retry). Refusals throw RefundRefusal.
 */
export async function sendRefund<P extends RefundablePayment, Notes>(
  host: RefundHost,
  provider: RefundProvider<P, Notes>,
  transaction: RefundTransaction | undefined,
  request: RefundRequest<Notes>,
  timings: RefundTimings,
  keep: (refund: AcceptedRefund, payment: P, amountMinor: number) => Promise<void>,
): Promise<AcceptedRefund> {
  const checked = await refundableOrRefuse(provider, transaction);
  const { currency } = checked.payment;
  const minimumMinor = minimumOf(checked.settings, currency);
  const requestedMinor = requestedMinorOrRefuse(request.amount, currency);
  if (requestedMinor !== undefined && requestedMinor < minimumMinor) {
    throw new RefundRefusal(COMMON_REFUND_MESSAGES.belowMinimum(formatRefundAmount(minimumMinor, currency)));
  }

  return withRefundLease(host, checked.transaction.id, timings.lease, async () => {
    // read again under the lease: a refund that held it before us may have changed the state
    const { payment, settings } = await refundableOrRefuse(provider, await providerTransaction(host, provider, checked.transaction.id));
    const balanceMinor = await balanceUnderLease(host, provider, payment, settings, timings);
    const amountMinor = refundAmountWithinBounds(requestedMinor, { minimumMinor, balanceMinor, currency: payment.currency });

    const attempt = await provider.createRefund({ payment, amountMinor, request }, settings, { requestTimeoutMs: timings.requestTimeoutMs, deadline: Date.now() + timings.requestTimeoutMs });
    if (attempt.outcome === 'not-configured') host.logger.warn({ orderTransactionId: payment.orderTransactionId }, `${provider.logPrefix}: refund refused, no secret key for the active mode`);
    if (attempt.outcome !== 'accepted') throw refusalForAttempt(attempt, provider.eligibility.messages.notConfigured);
    const ids = { orderTransactionId: payment.orderTransactionId, gatewayRefundId: attempt.refund.gatewayRefundId };
    try {
      await keep(attempt.refund, payment, amountMinor);
    } catch (error) {
      // the money is on its way back: say which gateway refund lacks its records (its events adopt it)
      host.logger.error({ err: error, ...ids }, `${provider.logPrefix}: refund created at the gateway, but its platform records were not`);
      throw error;
    }
    host.logger.info({ ...ids, amountMinor }, `${provider.logPrefix}: refund requested`);
    return attempt.refund;
  });
}

/** What may still be refunded now, minor units: against the shop's records, or the gateway's holdings too. */
async function balanceUnderLease<P extends RefundablePayment>(
  host: RefundHost,
  provider: RefundProvider<P, unknown>,
  payment: P,
  settings: RefundSettings,
  timings: RefundTimings,
): Promise<number> {
  const scope = { namespace: provider.recordNamespace };
  if (!provider.checksGatewayHoldings) {
    const shop = ownRefundHoldings(await host.paymentRecords.refundsOf(payment.orderTransactionId, payment.currency.decimals));
    return refundBalance(payment.amountMinor, { heldMinor: 0, completedMinor: 0 }, shop).refundableMinor;
  }
  const checked = await gatewayCheckedBalance(host, provider, payment, settings, timings);
  if ('outcome' in checked) {
    host.logger.warn({ orderTransactionId: payment.orderTransactionId, reason: checked.outcome }, `${provider.logPrefix}: refund refused, the gateway's refunds could not be read`);
    throw new RefundRefusal(provider.eligibility.messages.holdingsUnavailable);
  }
  // a refund the gateway made without records in the shop (an earlier request crashed or timed out after
  // the gateway made it, a dashboard refund) is recorded now, pending, so it is never lost
  for (const refund of checked.unrecorded) {
    await recordPendingRefund(host, scope, {
      orderTransactionId: payment.orderTransactionId,
      gatewayRefundId: refund.gatewayRefundId,
      amountMinor: refund.amountMinor,
      decimals: payment.currency.decimals,
      reason: undefined,
    });
    host.logger.warn({ orderTransactionId: payment.orderTransactionId, gatewayRefundId: refund.gatewayRefundId }, `${provider.logPrefix}: a gateway refund without records in the shop recorded as pending`);
  }
  return checked.balance.refundableMinor;
}
