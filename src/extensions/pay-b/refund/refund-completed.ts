import { applyRefundEvent, type ExtensionHost, type RefundEvent } from '../../../platform/sdk/index.js';
import { createPayBRefundProvider } from '../refund.js';
import { chargeIdOfRefund, refundedAmountOf, refundIdOf } from './gateway-refund-record.js';

/** What a refund.completed status means for the platform refund (compared lower-cased); anything else leaves it pending. */
const OUTCOMES: Readonly<Record<string, 'complete' | 'fail'>> = { completed: 'complete', successful: 'complete', failed: 'fail' };

/**
 * A `refund.completed` webhook's refund object (the `data` of a wrapped payload, or the flat body) as
 * the host applies it: the status in the body decides (the webhook is the only word on a refund's
 * outcome), only the refund the id names moves. Undefined without a valid refund id.
 */
export function refundCompletedEvent(refund: Record<string, unknown>): RefundEvent | undefined {
  const gatewayRefundId = refundIdOf(refund);
  if (gatewayRefundId === null) return undefined;
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

/** Applies a `refund.completed` refund object through the host (applyRefundEvent); one without a valid refund id is logged and ignored. */
export async function handleRefundCompleted(host: ExtensionHost, refund: Record<string, unknown>): Promise<void> {
  const event = refundCompletedEvent(refund);
  if (!event) {
    host.logger.warn('gateway D refund.completed without a valid refund id: ignored');
    return;
  }
  await applyRefundEvent(host, createPayBRefundProvider(host), event);
}
