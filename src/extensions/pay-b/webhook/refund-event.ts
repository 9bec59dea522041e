import type { RefundEvent } from '../../../platform/sdk/index.js';
import { chargeIdOfRefund, refundedAmountOf, refundIdOf } from '../refund/gateway-refund-record.js';

/** What a refund.completed status means for the platform refund (compared lower-cased); anything else leaves it pending. */
const OUTCOMES: Readonly<Record<string, 'complete' | 'fail'>> = { completed: 'complete', successful: 'complete', failed: 'fail' };

/** A refund.completed refund object as the host applies it: its status decides (the webhook is the only word on the outcome); null without a valid refund id. */
export function refundEventOf(refund: Record<string, unknown>): Extract<RefundEvent, { kind: 'by-id' }> | null {
  const gatewayRefundId = refundIdOf(refund);
  if (gatewayRefundId === null) return null;
  const status = refund.status ?? refund.Status;
  return {
    kind: 'by-id',
    event: 'refund.completed',
    gatewayRefundId,
    outcome: OUTCOMES[typeof status === 'string' ? status.trim().toLowerCase() : ''] ?? 'pending',
    gatewayTransactionId: chargeIdOfRefund(refund) ?? undefined,
    reportedAmount: refundedAmountOf(refund),
  };
}
