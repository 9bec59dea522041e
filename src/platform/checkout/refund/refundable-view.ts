import { NOTHING_PAID } from './refund-balance.js';
import type { RefundHost } from './refund-host.js';
import type { RefundablePayment, RefundProvider } from './refund-provider.js';
import { DEFAULT_REFUND_TIMINGS, gatewayCheckedBalance, minimumOf, providerTransaction, refusalOf, type RefundTimings } from './refund-request.js';
import { RefundableTransactionNotFound, RefundBalanceUnavailableError, type RefundableView } from './refundable-route.js';
import { isPaidState } from './refund-states.js';

/**
 * The refundable route's view of one transaction, the same for every provider: the balance the refund
 * route checks an amount against (the gateway's holdings read live against the shop's records), its
 * minimum and its refusal for any amount. A transaction the gateway holds no payment of (not paid yet,
 * cancelled, never verified) answers zeros without asking it; a missing key or an unreadable gateway is
 * RefundBalanceUnavailableError (answered 502; the cause goes to the log only).
 */
export async function readRefundable<P extends RefundablePayment>(
  host: RefundHost,
  provider: RefundProvider<P, unknown>,
  orderTransactionId: string,
  timings: Pick<RefundTimings, 'requestTimeoutMs' | 'holdingsBudgetMs'> = DEFAULT_REFUND_TIMINGS,
): Promise<RefundableView> {
  const transaction = await providerTransaction(host, provider, orderTransactionId);
  if (!transaction) throw new RefundableTransactionNotFound(orderTransactionId);
  const settings = await provider.settingsOf(transaction);
  const payment = provider.paymentOf(transaction);
  // an unverified transaction: the currency as the provider would count it
  const currency = payment?.currency ?? provider.currencyOf(transaction);
  const view = { orderTransactionId: transaction.id, currency, minimumMinor: minimumOf(settings, currency), refusal: refusalOf(provider, transaction, settings) };
  if (!payment || !isPaidState(transaction.state)) return { ...view, balance: NOTHING_PAID, source: 'none' };

  const checked = await gatewayCheckedBalance(host, provider, payment, settings, timings);
  if (!('outcome' in checked)) return { ...view, balance: checked.balance, source: 'gateway' };
  if (checked.outcome === 'not-configured') {
    host.logger.warn({ orderTransactionId }, `${provider.logPrefix}: refundable balance not read, no secret key for the active mode`);
    throw new RefundBalanceUnavailableError('not-configured');
  }
  const reason = checked.cause instanceof Error ? checked.cause.message : String(checked.cause);
  host.logger.warn({ reason, orderTransactionId }, `${provider.logPrefix}: refundable balance not read, the gateway's refunds could not be read`);
  throw new RefundBalanceUnavailableError('unreachable', { cause: checked.cause });
}
