import type { OrderTransactionView } from '../../../platform/sdk/index.js';
import { toWireAmount } from '../amounts.js';
import type { VerifiedTransaction } from '../client.js';
import { amountMinorOf, currencyOf } from './order-transaction.js';
import { orderTransactionIdOfReference } from './reference.js';

export type GatewayMismatch = 'reference' | 'currency' | 'amount';

/**
 * What of a verified transaction does not belong to the order transaction (the callback and the webhook are
 * attacker-controllable, so only what verify says counts, and only when it matches):
 * the reference must be the one asked about and name this transaction; the currency must be the order's;
 * the requested amount must be exactly the order's in the gateway's minor units, and the charged amount
 * at least that (it includes fees the customer bore). Empty = it matches.
 */
export function mismatchesWithOrder(verified: VerifiedTransaction, askedReference: string, transaction: OrderTransactionView): GatewayMismatch[] {
  const mismatches: GatewayMismatch[] = [];
  if (verified.reference !== askedReference || orderTransactionIdOfReference(verified.reference) !== transaction.id) mismatches.push('reference');
  const currency = currencyOf(transaction);
  if (!currency || verified.currency !== currency.isoCode) mismatches.push('currency');
  const amountMinor = amountMinorOf(transaction);
  const expectedWire = currency && amountMinor !== null ? toWireAmount(amountMinor, currency) : null;
  if (expectedWire === null || verified.requestedAmount !== expectedWire || verified.amount < verified.requestedAmount) mismatches.push('amount');
  return mismatches;
}
