import type { OrderTransactionView } from '../../../platform/sdk/index.js';
import { majorToMinor, payACurrency, type PayACurrency } from '../amounts.js';
import { PAY_A_PAYMENT_METHOD_ID } from '../config.js';

/** Whether the transaction is paid with gateway A (webhooks and refunds ignore every other one). */
export function isPayATransaction(transaction: OrderTransactionView): boolean {
  return transaction.paymentMethodId === PAY_A_PAYMENT_METHOD_ID;
}

/** The transaction's currency as the gateway counts it; undefined when the gateway does not take it. */
export function currencyOf(transaction: OrderTransactionView): PayACurrency | undefined {
  return payACurrency(transaction.currency.isoCode);
}

/** The transaction amount in the gateway currency's minor units; null when unsupported or not exact (a fractional XOF total). */
export function amountMinorOf(transaction: OrderTransactionView): number | null {
  const currency = currencyOf(transaction);
  return currency ? majorToMinor(transaction.amountTotal, currency) : null;
}
