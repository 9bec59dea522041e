import { isId, newId, type Executor } from '../../../platform/sdk/index.js';
import type { DeliveryOutcome } from '../delivery/delivery-client.js';
import { tablesOf } from './db.js';
import type { AttemptRow, ExportRow } from './tables.js';
import type { AckVerdict, AttemptTrigger, ExportOutcome } from './values.js';

export async function findExport(db: Executor, orderId: string, configId: string): Promise<ExportRow | undefined> {
  return tablesOf(db).selectFrom('ext_order_export').selectAll().where('order_id', '=', orderId).where('config_id', '=', configId).executeTakeFirst();
}

export async function findExportById(db: Executor, id: string): Promise<ExportRow | undefined> {
  return tablesOf(db).selectFrom('ext_order_export').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findAttempt(db: Executor, attemptId: string): Promise<AttemptRow | undefined> {
  if (!isId(attemptId)) return undefined;
  return tablesOf(db).selectFrom('ext_order_export_attempt').selectAll().where('id', '=', attemptId).executeTakeFirst();
}

/**
 * The export a correlation id belongs to: the current revision's (on the export row) or a superseded
 * one's (only on its attempts). Undefined when no export ever used it.
 */
export async function findByCorrelationId(db: Executor, correlationId: string): Promise<{ exportRow: ExportRow; current: boolean } | undefined> {
  const current = await tablesOf(db).selectFrom('ext_order_export').selectAll().where('correlation_id', '=', correlationId).executeTakeFirst();
  if (current) return { exportRow: current, current: true };
  const attempt = await tablesOf(db).selectFrom('ext_order_export_attempt').select('export_id').where('correlation_id', '=', correlationId).executeTakeFirst();
  if (!attempt) return undefined;
  const exportRow = await findExportById(db, attempt.export_id);
  return exportRow ? { exportRow, current: false } : undefined;
}

/** A revision being sent (or deduplicated): what the export row holds afterwards. */
export interface RevisionState {
  orderId: string;
  configId: string;
  revision: number;
  correlationId: string;
  payloadHash: string;
  payload: string;
  mappingVersionId: string | null;
}

export interface SentRevision extends RevisionState {
  trigger: AttemptTrigger;
  outcome: ExportOutcome;
  startedAt: Date;
  delivery: DeliveryOutcome;
  /** a new revision: delivery and acknowledgement fields of the previous one are cleared */
  fresh: boolean;
  /** the 2xx body acknowledged at once */
  acknowledgedInResponse: boolean;
}

/**
 * Writes the export row (created on the first export) and the attempt of one delivery in one statement:
 * atomic without a transaction, and one round trip (with one commit) instead of four.
 */
export async function recordDelivery(db: Executor, existing: ExportRow | undefined, sent: SentRevision): Promise<{ exportId: string; attemptId: string }> {
  const now = new Date();
  const delivered = sent.delivery.kind === 'delivered';
  const state = {
    revision: sent.revision,
    correlation_id: sent.correlationId,
    payload_hash: sent.payloadHash,
    payload: sent.payload,
    mapping_version_id: sent.mappingVersionId,
    status: sent.outcome,
    // a failed retry keeps the time an earlier try of the same revision got through
    delivered_at: delivered ? now : sent.fresh ? null : (existing?.delivered_at ?? null),
    // every send asks for a new verdict
    ack_status: sent.acknowledgedInResponse ? ('acknowledged' as const) : null,
    acknowledged_at: sent.acknowledgedInResponse ? now : null,
    ack_reference: sent.acknowledgedInResponse ? sent.delivery.targetReference : null,
    last_error: sent.outcome === 'failed' ? sent.delivery.message : null,
  };
  const exportId = existing?.id ?? newId();
  const { request, response } = sent.delivery;
  const attempt: AttemptRow = {
    id: newId(),
    export_id: exportId,
    revision: sent.revision,
    correlation_id: sent.correlationId,
    trigger: sent.trigger,
    outcome: sent.outcome,
    started_at: sent.startedAt,
    duration_ms: sent.delivery.durationMs,
    request_url: request?.url ?? null,
    request_method: request?.method ?? null,
    request_headers: request ? JSON.stringify(request.headers) : null,
    request_body: request?.body ?? null,
    request_body_truncated: request?.bodyTruncated ?? false,
    response_status: response?.status ?? null,
    response_headers: response ? JSON.stringify(response.headers) : null,
    response_body: response?.body ?? null,
    response_body_truncated: response?.bodyTruncated ?? false,
    error: sent.outcome === 'failed' ? sent.delivery.message : null,
    created_at: now,
  };
  const tables = tablesOf(db);
  // the attempt's foreign key is checked at the end of the statement, when the export row exists
  const written = existing
    ? tables.with('written', (qb) => qb.updateTable('ext_order_export').set({ ...state, updated_at: now }).where('id', '=', exportId).returning('id'))
    : tables.with('written', (qb) =>
        qb
          .insertInto('ext_order_export')
          .values({ id: exportId, order_id: sent.orderId, config_id: sent.configId, ...state, created_at: now, updated_at: null })
          .returning('id'),
      );
  await written.insertInto('ext_order_export_attempt').values(attempt).execute();
  return { exportId, attemptId: attempt.id };
}

/** An unchanged payload: only the status (the last outcome) changes, and an attempt records that nothing was sent. */
export async function recordDeduplicated(db: Executor, existing: ExportRow, trigger: AttemptTrigger, startedAt: Date): Promise<{ exportId: string; attemptId: string }> {
  const now = new Date();
  const attemptId = newId();
  await tablesOf(db)
    .with('written', (qb) => qb.updateTable('ext_order_export').set({ status: 'deduplicated', updated_at: now }).where('id', '=', existing.id).returning('id'))
    .insertInto('ext_order_export_attempt')
    .values({
      id: attemptId,
      export_id: existing.id,
      revision: existing.revision,
      correlation_id: existing.correlation_id,
      trigger,
      outcome: 'deduplicated',
      started_at: startedAt,
      duration_ms: Math.round(now.getTime() - startedAt.getTime()),
      request_url: null,
      request_method: null,
      request_headers: null,
      request_body: null,
      request_body_truncated: false,
      response_status: null,
      response_headers: null,
      response_body: null,
      response_body_truncated: false,
      error: null,
      created_at: now,
    })
    .execute();
  return { exportId: existing.id, attemptId };
}

/**
 * Records a target's verdict on the current revision, if none is recorded yet (the first verdict counts):
 * `acknowledged` sets the status to acknowledged, `rejected` to failed with the target's message. False
 * when the row had a verdict already or the revision was superseded meanwhile.
 */
export async function recordVerdict(
  db: Executor,
  exportId: string,
  correlationId: string,
  verdict: { status: AckVerdict; reference: string | null; message: string | null },
): Promise<boolean> {
  const now = new Date();
  const result = await tablesOf(db)
    .updateTable('ext_order_export')
    .set({
      status: verdict.status === 'acknowledged' ? 'acknowledged' : 'failed',
      ack_status: verdict.status,
      acknowledged_at: now,
      ack_reference: verdict.reference,
      ...(verdict.status === 'rejected' ? { last_error: `rejected by the target${verdict.message ? `: ${verdict.message}` : ''}` } : {}),
      updated_at: now,
    })
    .where('id', '=', exportId)
    .where('correlation_id', '=', correlationId)
    .where('ack_status', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
