import { describe, expect, it } from 'vitest';
import { RecordedCharges } from '../../../../src/platform/checkout/payment/recorded-charges.js';

describe('gateway kit: charges recorded in this process', () => {
  it('knows what was added, and forgets the oldest past its capacity', () => {
    const recorded = new RecordedCharges(3);
    for (const key of ['a', 'b', 'c']) recorded.add(key);
    recorded.add('a'); // known already: no reordering, no growth
    recorded.add('d');
    expect(['a', 'b', 'c', 'd'].map((key) => recorded.has(key))).toEqual([false, true, true, true]);
    expect(recorded.has('x')).toBe(false);
  });
});
