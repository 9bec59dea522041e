import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { settleVerified, type PaymentVerdict, type SettlementResult, type VerifiedPayment } from '../../_gateway-kit/index.js';
import type { VerifiedTransaction } from '../client.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { mismatchesWithOrder } from './gateway-checks.js';

/** Gateway A's verify statuses as the kit's verdicts; every other status (ongoing, pending, reversed, ...) reopens. */
const VERDICTS: Readonly<Record<string, PaymentVerdict>> = { success: 'successful', failed: 'failed', abandoned: 'cancelled', cancelled: 'cancelled' };

/** Only these never change again; an abandoned attempt can still be paid on its page. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['success', 'failed']);

/** A transaction verified through `GET /transaction/verify/:reference`, as the kit applies it. */
export function verifiedPayment(verified: VerifiedTransaction, verifiedAt: Date = new Date()): VerifiedPayment {
  return {
    gatewayTransactionId: verified.id,
    verdict: VERDICTS[verified.status] ?? 'pending',
    final: FINAL_STATUSES.has(verified.status),
    fields: {
      [TRANSACTION_FIELDS.reference]: verified.reference,
      [TRANSACTION_FIELDS.transactionId]: verified.id,
      [TRANSACTION_FIELDS.channel]: verified.channel,
      [TRANSACTION_FIELDS.fees]: verified.fees,
      [TRANSACTION_FIELDS.amount]: verified.amount,
      [TRANSACTION_FIELDS.currency]: verified.currency,
      [TRANSACTION_FIELDS.verifiedAt]: verifiedAt.toISOString(),
    },
    gatewayStatus: verified.status,
  };
}

/**
 * Applies a verified gateway A transaction to an order transaction (finalize and charge.success): the
 * exact reference / currency / amount checks, then the kit's settlement (row lock, dedup, state move).
 */
export function settleGatewayTransaction(
  host: ExtensionHost,
  orderTransactionId: string,
  verified: VerifiedTransaction,
  askedReference: string,
  source: 'finalize' | 'webhook',
): Promise<SettlementResult> {
  return settleVerified(host, {
    orderTransactionId,
    payment: verifiedPayment(verified),
    mismatches: (transaction) => mismatchesWithOrder(verified, askedReference, transaction),
    processedEventsField: TRANSACTION_FIELDS.processedEvents,
    source,
  });
}
