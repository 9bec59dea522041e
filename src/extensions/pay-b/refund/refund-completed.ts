import { applyRefundEvent, type ExtensionHost } from '../../../platform/sdk/index.js';
import { refundEventOf } from '../webhook/refund-event.js';
import { createPayBRefundProvider } from '../refund.js';

/** A `refund.completed` refund object applied by the host as the webhook applies it (webhook/refund-event.ts reads it). */
export async function handleRefundCompleted(host: ExtensionHost, refund: Record<string, unknown>): Promise<void> {
  const event = refundEventOf(refund);
  if (!event) {
    host.logger.warn('gateway D refund.completed without a valid refund id: ignored');
    return;
  }
  await applyRefundEvent(host, createPayBRefundProvider(host), event);
}
