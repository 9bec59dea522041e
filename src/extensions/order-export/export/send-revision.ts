import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { recordDelivery, type RevisionState } from '../records/export-store.js';
import type { ExportRow } from '../records/tables.js';
import type { LoadedTarget } from '../records/target-store.js';
import type { AttemptTrigger } from '../records/values.js';
import { recordHealth } from '../health/target-health.js';
import { verdictOf } from './delivery-outcome.js';
import { targetUnreachable, type ExportResult } from './export-result.js';
import type { DeliveryClient } from '../delivery/delivery-client.js';

export interface SendRequest {
  target: LoadedTarget;
  existing: ExportRow | undefined;
  state: RevisionState;
  trigger: AttemptTrigger;
  /** a new revision rather than a retry or replay of the current one */
  fresh: boolean;
}

/**
 * Delivers one revision (the caller holds the pair's lease) and records the export row and the attempt
 * in one statement, after the exchange: nothing is held open in the database while the target answers.
 * Throws the 502 error when the target gave no answer (the attempt is recorded first).
 */
export async function sendRevision(host: ExtensionHost, client: DeliveryClient, request: SendRequest): Promise<ExportResult> {
  const { target, state } = request;
  const startedAt = new Date();
  const delivery = await client.deliver({ target: target.delivery, credential: target.credential, body: state.payload, correlationId: state.correlationId });
  const verdict = verdictOf(delivery, target.ackMode);
  const ids = await recordDelivery(host.db, request.existing, {
    ...state,
    trigger: request.trigger,
    outcome: verdict.outcome,
    startedAt,
    delivery,
    fresh: request.fresh,
    acknowledgedInResponse: verdict.acknowledgedInResponse,
  });
  await recordHealth(host, target, verdict.outcome, verdict.outcome === 'failed' ? delivery.message : null);
  const result: ExportResult = { outcome: verdict.outcome, orderExportId: ids.exportId, revision: state.revision, correlationId: state.correlationId, attemptId: ids.attemptId };
  // ids and the target's status only: the payload is the customer's data, headers may hold credentials
  host.logger.info(
    { orderId: state.orderId, configId: state.configId, revision: state.revision, trigger: request.trigger, outcome: verdict.outcome, httpStatus: delivery.httpStatus, durationMs: delivery.durationMs },
    'order export attempt',
  );
  if (verdict.noAnswer) throw targetUnreachable(delivery.message, result);
  return result;
}
