import { describe, expect, it } from 'vitest';
import { eventsRecordedForReference, refundDeliveryKey } from '../../../../src/platform/checkout/refund/refund-references.js';

describe('host refunds: refund deliveries named by a processor reference', () => {
  const field = 'pay_x_processed_events';

  it('keeps the key format recorded before (refund-event:<event>:<reference>)', () => {
    expect(refundDeliveryKey({ event: 'refund.processed', reference: '123456789012' })).toBe('refund-event:refund.processed:123456789012');
  });

  it('finds the events recorded for exactly one reference, also when references hold colons or end like another', () => {
    const keys = [
      'charge:T1',
      'refund:6775110',
      refundDeliveryKey({ event: 'refund.processed', reference: 'PRB-REF-1' }),
      refundDeliveryKey({ event: 'refund.processed', reference: 'X:PRB-REF-1' }),
      refundDeliveryKey({ event: 'refund.failed', reference: 'a:b' }),
      'refund-event:malformed',
      42,
    ];
    const customFields = { [field]: keys };
    expect(eventsRecordedForReference(customFields, field, 'PRB-REF-1')).toEqual(['refund.processed']);
    expect(eventsRecordedForReference(customFields, field, 'X:PRB-REF-1')).toEqual(['refund.processed']);
    expect(eventsRecordedForReference(customFields, field, 'a:b')).toEqual(['refund.failed']);
    expect(eventsRecordedForReference(customFields, field, 'b')).toEqual([]);
    expect(eventsRecordedForReference({}, field, 'PRB-REF-1')).toEqual([]);
  });
});
