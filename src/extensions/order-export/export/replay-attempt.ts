import { AppError, errors, type ExtensionHost } from '../../../platform/sdk/index.js';
import { findAttempt, findExportById } from '../records/export-store.js';
import { withExportLease } from './export-lease.js';
import { loadActiveTarget } from './export-order.js';
import type { ExportResult } from './export-result.js';
import { runtimeOf } from './runtime.js';
import { sendRevision } from './send-revision.js';

/**
 * Sends the revision a recorded attempt belongs to again: the stored bytes, the same correlation id, a
 * new signature and attempt (trigger `replay`). Only the current revision can be replayed; an attempt
 * of a superseded one answers 409 (the target has newer data).
 */
export async function replayAttempt(host: ExtensionHost, attemptId: string): Promise<ExportResult> {
  const attempt = await findAttempt(host.db, attemptId);
  const owner = attempt && (await findExportById(host.db, attempt.export_id));
  if (!attempt || !owner) throw errors.notFound('ext_order_export_attempt', attemptId);
  const target = await loadActiveTarget(host, owner.config_id);
  return withExportLease(host, owner.order_id, owner.config_id, async () => {
    const [current, client] = await Promise.all([findExportById(host.db, owner.id), runtimeOf(host).deliveryClient()]);
    if (!current) throw errors.notFound('ext_order_export_attempt', attemptId);
    if (current.revision !== attempt.revision) {
      throw new AppError(409, 'EXT_ORDER_EXPORT__REVISION_SUPERSEDED', `Revision ${attempt.revision} was superseded by revision ${current.revision}; export the order again instead.`);
    }
    return sendRevision(host, client, {
      target,
      existing: current,
      state: {
        orderId: current.order_id,
        configId: current.config_id,
        revision: current.revision,
        correlationId: current.correlation_id,
        payloadHash: current.payload_hash,
        payload: current.payload,
        mappingVersionId: current.mapping_version_id,
      },
      trigger: 'replay',
      fresh: false,
    });
  });
}
