import type { RefundEvent } from '../../../platform/sdk/index.js';

/** The refund events and the final word of each on its refund; refund.pending has none. */
const OUTCOMES: Readonly<Record<string, 'complete' | 'fail' | 'pending'>> = { 'refund.pending': 'pending', 'refund.processed': 'complete', 'refund.failed': 'fail' };
export const REFUND_EVENTS: readonly string[] = Object.keys(OUTCOMES);

/**
 * refund.pending / refund.processed / refund.failed as the host applies them: the events carry the
 * transaction reference, the amount (a string, a number on failed), sometimes the processor's
 * `refund_reference`, and no refund id, so the host matches them by amount to the oldest pending refund.
 */
export function refundEventOf(event: string, data: Record<string, unknown>): Extract<RefundEvent, { kind: 'by-amount' }> {
  const { transaction_reference: reference, refund_reference: processorReference, currency } = data;
  return {
    kind: 'by-amount',
    event,
    locator: typeof reference === 'string' ? reference : '',
    amount: data.amount,
    currency: currency === undefined || currency === null ? currency : String(currency),
    outcome: OUTCOMES[event] ?? 'pending',
    processorReference: typeof processorReference === 'string' && processorReference !== '' ? processorReference : undefined,
  };
}
