import { errors, isId, type ExtensionHost } from '../../../platform/sdk/index.js';
import { tablesOf } from '../records/db.js';
import type { AttemptRow, ExportRow } from '../records/tables.js';
import { diffPayloads, type PayloadChange } from './payload-diff.js';

/** Attempts shown per target on the order page, newest first. */
export const VIEW_ATTEMPT_LIMIT = 100;

export interface RevisionView {
  revision: number;
  correlationId: string;
  /** when it was first sent (or recorded) */
  sentAt: string;
  /** the body as sent, parsed; null when only a cut copy (over 64 KiB) is stored */
  payload: unknown;
  truncated: boolean;
}

/**
 * Every revision of an export with its payload: the bodies its attempts sent (the first attempt that
 * sent each revision), the current revision from the export row itself (never cut).
 */
export function revisionsOf(exportRow: ExportRow, attempts: readonly AttemptRow[]): RevisionView[] {
  const byRevision = new Map<number, RevisionView>();
  for (const attempt of [...attempts].sort((a, b) => a.started_at.getTime() - b.started_at.getTime())) {
    if (attempt.request_body === null || byRevision.has(attempt.revision)) continue;
    byRevision.set(attempt.revision, {
      revision: attempt.revision,
      correlationId: attempt.correlation_id,
      sentAt: attempt.started_at.toISOString(),
      payload: attempt.request_body_truncated ? null : parse(attempt.request_body),
      truncated: attempt.request_body_truncated,
    });
  }
  const current = byRevision.get(exportRow.revision);
  byRevision.set(exportRow.revision, {
    revision: exportRow.revision,
    correlationId: exportRow.correlation_id,
    sentAt: current?.sentAt ?? (exportRow.updated_at ?? exportRow.created_at).toISOString(),
    payload: parse(exportRow.payload),
    truncated: false,
  });
  return [...byRevision.values()].sort((a, b) => a.revision - b.revision);
}

/** An attempt as the order page shows it: request and answer as recorded (credentials were redacted before storing). */
export function attemptView(attempt: AttemptRow) {
  return {
    id: attempt.id,
    revision: attempt.revision,
    correlationId: attempt.correlation_id,
    trigger: attempt.trigger,
    outcome: attempt.outcome,
    startedAt: attempt.started_at.toISOString(),
    durationMs: attempt.duration_ms,
    request:
      attempt.request_url === null
        ? null
        : { url: attempt.request_url, method: attempt.request_method, headers: attempt.request_headers, body: attempt.request_body, bodyTruncated: attempt.request_body_truncated },
    response:
      attempt.response_status === null
        ? null
        : { status: attempt.response_status, headers: attempt.response_headers, body: attempt.response_body, bodyTruncated: attempt.response_body_truncated },
    error: attempt.error,
  };
}

/**
 * The order page's view: every target (active or not) with the order's export to it, if any, its
 * revisions with payloads and its latest attempts. Four statements whatever the number of targets.
 */
export async function orderExportsView(host: ExtensionHost, orderId: string) {
  if (!isId(orderId)) throw errors.notFound('order', orderId);
  const db = tablesOf(host.db);
  const [targets, exports] = await Promise.all([
    db
      .selectFrom('ext_order_export_config')
      .select(['id', 'name', 'active', 'paused', 'pause_reason', 'consecutive_failures', 'include_test_orders'])
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db.selectFrom('ext_order_export').selectAll().where('order_id', '=', orderId).execute(),
  ]);
  const attempts = exports.length
    ? await db
        .selectFrom('ext_order_export_attempt')
        .selectAll()
        .where('export_id', 'in', exports.map((e) => e.id))
        .orderBy('started_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute()
    : [];
  const held = await db.selectFrom('ext_order_export_held').select('config_id').where('order_id', '=', orderId).execute();
  return {
    orderId,
    targets: targets.map((target) => {
      const exportRow = exports.find((e) => e.config_id === target.id);
      const own = exportRow ? attempts.filter((a) => a.export_id === exportRow.id) : [];
      return {
        id: target.id,
        name: target.name,
        active: target.active,
        paused: target.paused,
        pauseReason: target.pause_reason,
        consecutiveFailures: target.consecutive_failures,
        includeTestOrders: target.include_test_orders,
        held: held.some((h) => h.config_id === target.id),
        export: exportRow
          ? {
              id: exportRow.id,
              status: exportRow.status,
              revision: exportRow.revision,
              correlationId: exportRow.correlation_id,
              deliveredAt: exportRow.delivered_at?.toISOString() ?? null,
              ackStatus: exportRow.ack_status,
              ackReference: exportRow.ack_reference,
              lastError: exportRow.last_error,
              updatedAt: (exportRow.updated_at ?? exportRow.created_at).toISOString(),
            }
          : null,
        revisions: exportRow ? revisionsOf(exportRow, own) : [],
        attempts: own.slice(0, VIEW_ATTEMPT_LIMIT).map(attemptView),
      };
    }),
  };
}

/** What changed between two revisions of an export; 404 for an unknown export or revision, 400 when one was stored cut. */
export async function revisionDiff(host: ExtensionHost, exportId: string, from: number, to: number): Promise<{ exportId: string; from: number; to: number; changes: PayloadChange[] }> {
  if (!isId(exportId)) throw errors.notFound('ext_order_export', exportId);
  const db = tablesOf(host.db);
  const exportRow = await db.selectFrom('ext_order_export').selectAll().where('id', '=', exportId).executeTakeFirst();
  if (!exportRow) throw errors.notFound('ext_order_export', exportId);
  const attempts = await db.selectFrom('ext_order_export_attempt').selectAll().where('export_id', '=', exportId).where('revision', 'in', [from, to]).execute();
  const revisions = revisionsOf(exportRow, attempts);
  const pick = (revision: number) => {
    const found = revisions.find((r) => r.revision === revision);
    if (!found) throw errors.notFound('ext_order_export_revision', String(revision));
    if (found.truncated) throw errors.badRequest('EXT_ORDER_EXPORT__REVISION_TRUNCATED', `Revision ${revision} is stored cut at 64 KiB; it cannot be compared.`);
    return found.payload;
  };
  return { exportId, from, to, changes: diffPayloads(pick(from), pick(to)) };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
