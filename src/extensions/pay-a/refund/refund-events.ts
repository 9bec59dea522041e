import { applyRefundEvent, type ExtensionHost } from '../../../platform/sdk/index.js';
import { refundEventOf } from '../webhook/refund-event.js';
import { createPayARefundProvider } from '../refund.js';

/** A refund event applied by the host as the webhook applies it (webhook/refund-event.ts reads it). */
export async function handleRefundEvent(host: ExtensionHost, event: string, data: Record<string, unknown>): Promise<void> {
  await applyRefundEvent(host, createPayARefundProvider(host), refundEventOf(event, data));
}
