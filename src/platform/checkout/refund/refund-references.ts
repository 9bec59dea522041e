import { processedEventsOf } from '../order-transaction/processed-events.js';

/**
 * Refund events that name their refund only by a processor reference (gateway A's `refund_reference`,
 * sent with the final events): the reference stands for the one refund it settled. Each applied delivery
 * is recorded as `refund-event:<event>:<reference>` in the transaction's processed events, so a later
 * event with the same reference is known to name that refund, decided already.
 */

const DELIVERY_KEY_PREFIX = 'refund-event:';

/** What a delivery says about its refund: the event (e.g. `refund.processed`; no colon) and the processor reference. */
export interface RefundDelivery {
  event: string;
  reference: string;
}

export function refundDeliveryKey(delivery: RefundDelivery): string {
  return `${DELIVERY_KEY_PREFIX}${delivery.event}:${delivery.reference}`;
}

/** The events recorded for a processor reference, in the order they were applied (none: the reference names no decided refund yet). */
export function eventsRecordedForReference(customFields: Record<string, unknown>, field: string, reference: string): string[] {
  return processedEventsOf(customFields, field).flatMap((key) => {
    if (!key.startsWith(DELIVERY_KEY_PREFIX)) return [];
    const rest = key.slice(DELIVERY_KEY_PREFIX.length);
    const colon = rest.indexOf(':');
    return colon > 0 && rest.slice(colon + 1) === reference ? [rest.slice(0, colon)] : [];
  });
}
