import { normalizeId, type OrderTransactionView } from '../../../platform/sdk/index.js';
import { gatewayAmountToMinor } from '../amounts.js';
import type { GatewayTransaction } from '../client.js';
import { payBAmountMinor, payBDecimals } from './order-transaction.js';

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
export function mismatchesWithOrder(verified: GatewayTransaction, transaction: OrderTransactionView): GatewayMismatch[] {
  const mismatches: GatewayMismatch[] = [];
  if (orderTransactionIdFromTxRef(verified.txRef) !== transaction.id) mismatches.push('tx_ref');
  if (verified.currency.toUpperCase() !== transaction.currency.isoCode) mismatches.push('currency');
  const verifiedMinor = gatewayAmountToMinor(verified.amount, payBDecimals(transaction));
  const expectedMinor = payBAmountMinor(transaction);
  if (verifiedMinor === null || expectedMinor === null || verifiedMinor !== expectedMinor) mismatches.push('amount');
  return mismatches;
}
