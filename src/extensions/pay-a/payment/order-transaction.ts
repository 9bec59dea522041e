import type { OrderTransactionView } from '../../../platform/sdk/index.js';
import { majorToMinor, payACurrency, type PayACurrency } from '../amounts.js';

/** The transaction's currency as the gateway counts it; undefined when the gateway does not take it. */
export function currencyOf(transaction: OrderTransactionView): PayACurrency | undefined {
  return payACurrency(transaction.currency.isoCode);
}

/** The transaction amount in the gateway currency's minor units; null when unsupported or not exact (a fractional XOF total). */
export function amountMinorOf(transaction: OrderTransactionView): number | null {
  const currency = currencyOf(transaction);
  return currency ? majorToMinor(transaction.amountTotal, currency) : null;
}
