import { describe, expect, it } from 'vitest';
import type { DeliveryOutcome, DeliveryOutcomeKind } from '../../../../src/extensions/order-export/delivery/delivery-client.js';
import { verdictOf } from '../../../../src/extensions/order-export/export/delivery-outcome.js';

const outcome = (kind: DeliveryOutcomeKind, acknowledged = false): DeliveryOutcome => ({
  kind,
  httpStatus: kind === 'delivered' ? 200 : kind === 'rejected' ? 500 : null,
  message: '',
  acknowledged,
  targetReference: null,
  retryAfterSeconds: null,
  tokenRefreshed: false,
  request: null,
  response: null,
  durationMs: 1,
});

describe('verdictOf: a delivery as an export outcome', () => {
  it('2xx: exported without callbacks, else awaiting or acknowledged at once', () => {
    expect(verdictOf(outcome('delivered', true), 'none')).toEqual({ outcome: 'exported', noAnswer: false, acknowledgedInResponse: false });
    expect(verdictOf(outcome('delivered'), 'callback')).toEqual({ outcome: 'awaiting_acknowledgement', noAnswer: false, acknowledgedInResponse: false });
    expect(verdictOf(outcome('delivered', true), 'callback')).toEqual({ outcome: 'acknowledged', noAnswer: false, acknowledgedInResponse: true });
  });

  it('an error answer is failed with an answer; no answer or no auth is failed without one (502)', () => {
    expect(verdictOf(outcome('rejected'), 'callback')).toEqual({ outcome: 'failed', noAnswer: false, acknowledgedInResponse: false });
    expect(verdictOf(outcome('unreachable'), 'none')).toEqual({ outcome: 'failed', noAnswer: true, acknowledgedInResponse: false });
    expect(verdictOf(outcome('auth_failed'), 'none')).toEqual({ outcome: 'failed', noAnswer: true, acknowledgedInResponse: false });
  });
});
