import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { recordPendingRefund as recordKitRefund, refundRecordIds, type RefundRecordScope } from '../../_gateway-kit/index.js';

/** Gateway D's refund records: capture and refund ids derive from this namespace and the gateway's refund id. */
export const PAY_B_REFUND_RECORDS: RefundRecordScope = { namespace: '9b2f6c1e4a7d4e8f8c3b0d5a6e1f2a4b' };

/** The platform capture standing for one gateway refund: the same id on every retry, so it cannot be created twice. */
export function captureIdFor(gatewayRefundId: number | string): string {
  return refundRecordIds(PAY_B_REFUND_RECORDS, gatewayRefundId).captureId;
}

/** The platform refund of one gateway refund (see captureIdFor). */
export function refundIdFor(gatewayRefundId: number | string): string {
  return refundRecordIds(PAY_B_REFUND_RECORDS, gatewayRefundId).refundId;
}

export interface PendingRefund {
  orderTransactionId: string;
  gatewayRefundId: number;
  amountMinor: number;
  decimals: number;
  comments: string | undefined;
}

/**
 * Refund step 5: the platform capture and refund of a gateway refund, pending, with externalReference =
 * the gateway refund id (only refund.completed moves them). Records that exist already are kept.
 */
export function recordPendingRefund(host: ExtensionHost, refund: PendingRefund): Promise<{ captureId: string; refundId: string }> {
  return recordKitRefund(host, PAY_B_REFUND_RECORDS, {
    orderTransactionId: refund.orderTransactionId,
    gatewayRefundId: refund.gatewayRefundId,
    amountMinor: refund.amountMinor,
    decimals: refund.decimals,
    reason: refund.comments,
  });
}
