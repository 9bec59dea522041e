import { normalizeId } from '../../../platform/ids.js';
import { gatewayAmountToMinor } from '../amounts.js';
import type { GatewayTransaction } from '../client.js';
import type { PayBOrderTransaction } from '../order-transaction/order-transaction-data.js';

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

export type GatewayMismatch = 'tx_ref' | 'currency' | 'amount';

/**
 * What of a verified gateway transaction does not belong to the order transaction: the reference must
 * be this transaction's id, the currency the order's, and the amount (not `charged_amount`, which
 * includes a fee the customer bore) exactly the transaction amount in minor units. Empty = it matches.
 */
export function mismatchesWithOrder(verified: GatewayTransaction, transaction: PayBOrderTransaction): GatewayMismatch[] {
  const mismatches: GatewayMismatch[] = [];
  if (orderTransactionIdFromTxRef(verified.txRef) !== transaction.orderTransactionId) mismatches.push('tx_ref');
  if (verified.currency.toUpperCase() !== transaction.currencyIso) mismatches.push('currency');
  const verifiedMinor = gatewayAmountToMinor(verified.amount, transaction.decimals);
  if (verifiedMinor === null || transaction.amountMinor === null || verifiedMinor !== transaction.amountMinor) mismatches.push('amount');
  return mismatches;
}
