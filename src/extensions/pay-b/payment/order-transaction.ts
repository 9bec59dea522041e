import { decimalsFor, type OrderTransactionView } from '../../../platform/sdk/index.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { PAY_B_PAYMENT_METHOD_ID } from '../config.js';

/** Whether the transaction is paid with gateway D (the webhook ignores every other one). */
export function isPayBTransaction(transaction: OrderTransactionView): boolean {
  return transaction.paymentMethodId === PAY_B_PAYMENT_METHOD_ID;
}

/** Gateway decimals of the transaction's currency (0 RWF/UGX, 3 KWD, else 2). */
export function payBDecimals(transaction: OrderTransactionView): number {
  return decimalsFor(transaction.currency.isoCode);
}

/**
 * The transaction amount in gateway D's minor units, by the same exact rule as the gateway's amounts:
 * both sides of a comparison follow one rule. Null when the stored amount is no exact amount of the currency.
 */
export function payBAmountMinor(transaction: OrderTransactionView): number | null {
  return gatewayAmountToMinor(transaction.amountTotal, payBDecimals(transaction));
}
