import type { ExportOutcome } from '../records/values.js';

/** What is known of the pair's current revision. */
export interface CurrentRevision {
  revision: number;
  payloadHash: string;
  correlationId: string;
  status: ExportOutcome;
}

export type RevisionPlan =
  /** the target has this payload already: nothing is sent */
  | { kind: 'deduplicated'; revision: number; correlationId: string }
  /** send; `fresh` when it is a new revision (new correlation id), else a retry of the current one */
  | { kind: 'send'; revision: number; correlationId: string; fresh: boolean };

/**
 * The deduplication rule: an unchanged payload (same canonical hash as the current revision) whose last
 * outcome was not a failure is not sent again unless forced. A changed payload or a forced export is a
 * new revision with a new correlation id (1 on the first export); an unchanged payload after a failure
 * retries the same revision with the same correlation id, so the target can recognise the repeat.
 */
export function planRevision(current: CurrentRevision | undefined, payloadHash: string, force: boolean, newCorrelationId: () => string): RevisionPlan {
  if (!current) return { kind: 'send', revision: 1, correlationId: newCorrelationId(), fresh: true };
  const unchanged = current.payloadHash === payloadHash;
  if (unchanged && !force && current.status !== 'failed') return { kind: 'deduplicated', revision: current.revision, correlationId: current.correlationId };
  if (unchanged && !force) return { kind: 'send', revision: current.revision, correlationId: current.correlationId, fresh: false };
  return { kind: 'send', revision: current.revision + 1, correlationId: newCorrelationId(), fresh: true };
}
