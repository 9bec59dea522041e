import { decimalsFor, normalizeId, type OrderTransactionView } from '../../../platform/sdk/index.js';
import { gatewayAmountToMinor } from '../amounts.js';

/** Gateway decimals of the transaction's currency (0 RWF/UGX, 3 KWD, else 2). */
export function payBDecimals(transaction: OrderTransactionView): number {
  return decimalsFor(transaction.currency.isoCode);
}

/** The transaction's currency as gateway D counts it. */
export function payBCurrencyOf(transaction: OrderTransactionView): { isoCode: string; decimals: number } {
  return { isoCode: transaction.currency.isoCode, decimals: payBDecimals(transaction) };
}

/** The transaction amount in minor units by the gateway amounts' own rule (both sides of a comparison follow one); null when inexact. */
export function payBAmountMinor(transaction: OrderTransactionView): number | null {
  return gatewayAmountToMinor(transaction.amountTotal, payBDecimals(transaction));
}

const UUID = /^[0-9a-f]{32}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A `tx_ref` as an order transaction id (we send the id itself; the dashed form is accepted too); null: no transaction of this shop. */
export function orderTransactionIdFromTxRef(txRef: unknown): string | null {
  if (typeof txRef !== 'string') return null;
  return UUID.test(txRef.trim()) ? normalizeId(txRef.trim()) : null;
}
