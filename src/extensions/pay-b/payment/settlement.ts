import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { settleVerified, type PaymentVerdict, type SettlementResult, type VerifiedPayment } from '../../_gateway-kit/index.js';
import type { GatewayTransaction } from '../client.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { mismatchesWithOrder } from './gateway-checks.js';
import { settlementFields } from './settlement-fields.js';

/** Gateway D's statuses as the kit's verdicts; every other status is not final yet (pending). */
const VERDICTS: Readonly<Record<string, PaymentVerdict>> = { successful: 'successful', failed: 'failed' };

/** A transaction verified through the API (`GET /v3/transactions/:id/verify`) as the kit applies it. */
export function verifiedPayment(verified: GatewayTransaction, verifiedAt: Date = new Date()): VerifiedPayment {
  const verdict = VERDICTS[verified.status] ?? 'pending';
  return {
    gatewayTransactionId: String(verified.id),
    verdict,
    final: verdict !== 'pending',
    fields: settlementFields(verified, verifiedAt),
    gatewayStatus: verified.status,
  };
}

/**
 * Applies a verified gateway D transaction to an order transaction (finalize and charge.completed):
 * exact tx_ref / currency / amount checks, then the kit's settlement (row lock, dedup, state move).
 */
export function settleGatewayTransaction(host: ExtensionHost, orderTransactionId: string, verified: GatewayTransaction, source: 'finalize' | 'webhook'): Promise<SettlementResult> {
  return settleVerified(host, {
    orderTransactionId,
    payment: verifiedPayment(verified),
    mismatches: (transaction) => mismatchesWithOrder(verified, transaction),
    processedEventsField: TRANSACTION_FIELDS.processedEvents,
    source,
  });
}
