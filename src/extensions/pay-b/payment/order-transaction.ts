import { decimalsFor, normalizeId, type OrderTransactionView } from '../../../platform/sdk/index.js';
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

const UUID_HEX = /^[0-9a-f]{32}$/i;
const UUID_DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A `tx_ref` as an order transaction id: we send the id itself (32 hex), and accept the dashed UUID
 * form of it too. Null for anything else, which is then no transaction of this shop.
 */
export function orderTransactionIdFromTxRef(txRef: unknown): string | null {
  if (typeof txRef !== 'string') return null;
  const trimmed = txRef.trim();
  if (!UUID_HEX.test(trimmed) && !UUID_DASHED.test(trimmed)) return null;
  return normalizeId(trimmed);
}
