import type { DeliveryOutcome } from '../delivery/delivery-client.js';
import type { AckMode, ExportOutcome } from '../records/values.js';

export interface ExportVerdict {
  outcome: ExportOutcome;
  /** the target gave no answer (or none could be sent): the export route answers 502 */
  noAnswer: boolean;
  /** the 2xx body said {"acknowledged": true} on a callback target */
  acknowledgedInResponse: boolean;
}

/**
 * A delivery's result as an export outcome. 2xx: `exported`, or on a callback target
 * `awaiting_acknowledgement` (`acknowledged` at once when the answer says so). Any other status is
 * `failed` with the target's answer recorded. No answer at all (network, timeout, refused address) and
 * a credential that yields no auth (incomplete, token endpoint failing) are `failed` too, reported as
 * 502 since the target was never heard.
 */
export function verdictOf(delivery: DeliveryOutcome, ackMode: AckMode): ExportVerdict {
  if (delivery.kind === 'delivered') {
    if (ackMode === 'none') return { outcome: 'exported', noAnswer: false, acknowledgedInResponse: false };
    return delivery.acknowledged
      ? { outcome: 'acknowledged', noAnswer: false, acknowledgedInResponse: true }
      : { outcome: 'awaiting_acknowledgement', noAnswer: false, acknowledgedInResponse: false };
  }
  return { outcome: 'failed', noAnswer: delivery.kind !== 'rejected', acknowledgedInResponse: false };
}
