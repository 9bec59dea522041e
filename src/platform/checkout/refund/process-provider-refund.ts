import type { RefundHost } from './refund-host.js';
import type { RefundablePayment, RefundProvider } from './refund-provider.js';
import { RefundRefusal } from './refund-refusal.js';
import { DEFAULT_REFUND_TIMINGS, providerTransaction, sendRefund, type RefundTimings } from './refund-request.js';

/** The refund the Administration created, as Shopware's refund process hands it to the payment handler. */
export interface ProcessedRefund {
  refundId: string;
  orderTransactionId: string;
}

/** Our wording: the record cannot be read as an amount of the gateway's currency. */
const UNREADABLE_AMOUNT = 'The refund has no exact amount of the payment currency.';

/**
 * Shopware's refund process (`POST /api/_action/order_transaction_capture_refund/{id}`) for a provider's
 * payment: the refund record the Administration created (already `in_progress`, claimed by the process)
 * is sent to the gateway for its amount and reason, by the same checks, lease and balance as the
 * provider's own refund route (`sendRefund`). Once the gateway accepted, the record and its capture carry
 * the gateway's refund id as their external reference: from then on the record holds its amount in every
 * balance and the gateway's refund events complete or fail it, as they do a refund the route recorded.
 * Refusals throw RefundRefusal (the process fails the record and answers 400).
 */
export async function processProviderRefund<P extends RefundablePayment, Notes>(
  host: RefundHost,
  provider: RefundProvider<P, Notes>,
  refund: ProcessedRefund,
  timings: RefundTimings = DEFAULT_REFUND_TIMINGS,
): Promise<void> {
  const transaction = await providerTransaction(host, provider, refund.orderTransactionId);
  if (!transaction) throw new RefundRefusal(provider.eligibility.messages.notFound);
  // an unverified transaction is refused by sendRefund; its currency still reads the record's amount
  const currency = provider.paymentOf(transaction)?.currency ?? provider.currencyOf(transaction);
  const record = (await host.paymentRecords.refundsOf(transaction.id, currency.decimals)).find((candidate) => candidate.id === refund.refundId);
  if (!record) throw new RefundRefusal(provider.eligibility.messages.notFound);
  if (record.amountMinor === null || record.amountMinor <= 0) throw new RefundRefusal(UNREADABLE_AMOUNT);

  const reason = record.reason ?? undefined;
  const request = { locator: transaction.id, amount: String(record.amountTotal), reason, notes: provider.notesFor(reason) };
  await sendRefund(host, provider, transaction, request, timings, ({ gatewayRefundId }) => host.paymentRecords.referenceRefund(record.id, String(gatewayRefundId)));
}
