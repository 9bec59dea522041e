import { randomBytes } from 'node:crypto';
import { isId } from '../../../platform/sdk/index.js';

/**
 * Payment references (the gateway wants them unique, of `-`, `.`, `=` and alphanumerics only). Ours are
 * `<order transaction id>-<12 random hex>`: a new one per attempt (the gateway refuses a reused
 * reference), bound to its transaction twice: stored as `pay_a_reference` before the customer leaves,
 * and named in the reference itself, so a payment verified under it can only ever settle that
 * transaction (a reference paid for one order cannot pay another whose amount happens to match).
 */
const OURS = /^([0-9a-f]{32})-[0-9a-f]{12}$/;
const GATEWAY_CHARSET = /^[A-Za-z0-9.=-]{1,100}$/;

export function newPaymentReference(orderTransactionId: string): string {
  return `${orderTransactionId}-${randomBytes(6).toString('hex')}`;
}

/** The order transaction a reference of ours names; null for any other value. */
export function orderTransactionIdOfReference(reference: unknown): string | null {
  if (typeof reference !== 'string') return null;
  const match = OURS.exec(reference);
  return match && isId(match[1]!) ? match[1]! : null;
}

/** Whether a value can be a gateway reference at all (before it is put into a path). */
export function isGatewayReference(value: unknown): value is string {
  return typeof value === 'string' && GATEWAY_CHARSET.test(value);
}
