import { describe, expect, it } from 'vitest';
import { planRevision, type CurrentRevision } from '../../../../src/extensions/order-export/export/revision-plan.js';

const ids = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe('planRevision: deduplication and revisions', () => {
  const current = (status: CurrentRevision['status']): CurrentRevision => ({ revision: 3, payloadHash: 'h', correlationId: 'c3', status });

  it('the first export is revision 1 with a new correlation id', () => {
    expect(planRevision(undefined, 'h', false, ids())).toEqual({ kind: 'send', revision: 1, correlationId: 'new-1', fresh: true });
    expect(planRevision(undefined, 'h', true, ids())).toEqual({ kind: 'send', revision: 1, correlationId: 'new-1', fresh: true });
  });

  it('an unchanged payload after any non-failure is deduplicated', () => {
    for (const status of ['exported', 'acknowledged', 'awaiting_acknowledgement', 'deduplicated'] as const) {
      expect(planRevision(current(status), 'h', false, ids())).toEqual({ kind: 'deduplicated', revision: 3, correlationId: 'c3' });
    }
  });

  it('an unchanged payload after a failure retries the same revision and correlation id', () => {
    expect(planRevision(current('failed'), 'h', false, ids())).toEqual({ kind: 'send', revision: 3, correlationId: 'c3', fresh: false });
  });

  it('a changed payload or a forced export is a new revision', () => {
    expect(planRevision(current('exported'), 'other', false, ids())).toEqual({ kind: 'send', revision: 4, correlationId: 'new-1', fresh: true });
    expect(planRevision(current('failed'), 'other', false, ids())).toEqual({ kind: 'send', revision: 4, correlationId: 'new-1', fresh: true });
    expect(planRevision(current('exported'), 'h', true, ids())).toEqual({ kind: 'send', revision: 4, correlationId: 'new-1', fresh: true });
    expect(planRevision(current('failed'), 'h', true, ids())).toEqual({ kind: 'send', revision: 4, correlationId: 'new-1', fresh: true });
  });
});
