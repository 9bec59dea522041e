import { AppError, errors, newId, type ExtensionHost } from '../../../platform/sdk/index.js';
import { renderInSandbox, WHOLE_PAYLOAD } from '../mapping/mapping-sandbox.js';
import { renderFailed } from '../mapping/renderer.js';
import { payloadHash } from '../payload-hash.js';
import { findExport, recordDeduplicated } from '../records/export-store.js';
import { loadTarget, type LoadedTarget } from '../records/target-store.js';
import type { AttemptTrigger } from '../records/values.js';
import { withExportLease } from './export-lease.js';
import { renderFailedError, targetPaused, testOrderExcluded, type ExportResult } from './export-result.js';
import { loadOrderDocument } from './order-document.js';
import { planRevision } from './revision-plan.js';
import { runtimeOf } from './runtime.js';
import { sendRevision } from './send-revision.js';

export interface ExportRequest {
  orderId: string;
  configId: string;
  forceReExport?: boolean;
  /** default `manual`, or `forced` with forceReExport */
  trigger?: AttemptTrigger;
}

/**
 * Exports one order to one target, synchronously: 404 for an unknown or inactive target or an unknown
 * order, 409 while another export of the pair runs, 422 when the mapping cannot render the order
 * (nothing sent), 502 when the target gives no answer (attempt recorded); otherwise the result, a
 * failure answered by the target included.
 */
export async function exportOrder(host: ExtensionHost, request: ExportRequest): Promise<ExportResult> {
  const target = await loadActiveTarget(host, request.configId);
  const runtime = runtimeOf(host);
  const force = request.forceReExport === true;
  const trigger = request.trigger ?? (force ? 'forced' : 'manual');
  return withExportLease(host, request.orderId, target.id, async () => {
    // read inside the lease: the one running export sends the order as it is now; the reads are
    // independent, so on PostgreSQL they run side by side
    const [order, existing, client] = await Promise.all([loadOrderDocument(host, request.orderId), findExport(host.db, request.orderId, target.id), runtime.deliveryClient()]);
    if (!order) throw errors.notFound('order', request.orderId);
    if (order.testMode === true && !target.includeTestOrders) throw testOrderExcluded();
    const data = await render(host, target, order);
    const payload = JSON.stringify(data);
    const hash = payloadHash(data);
    const current = existing && { revision: existing.revision, payloadHash: existing.payload_hash, correlationId: existing.correlation_id, status: existing.status };
    const plan = planRevision(current, hash, force, newId);
    if (plan.kind === 'deduplicated') {
      const startedAt = new Date();
      const ids = await recordDeduplicated(host.db, existing!, trigger, startedAt);
      return { outcome: 'deduplicated', orderExportId: ids.exportId, revision: plan.revision, correlationId: plan.correlationId, attemptId: ids.attemptId };
    }
    return sendRevision(host, client, {
      target,
      existing,
      state: {
        orderId: request.orderId,
        configId: target.id,
        revision: plan.revision,
        correlationId: plan.correlationId,
        payloadHash: hash,
        payload,
        mappingVersionId: target.mapping.versionId,
      },
      trigger,
      fresh: plan.fresh,
    });
  });
}

/** The target, if it exists and is active (an inactive target is not found for exports: deactivating a target stops its exports) and not paused (409). */
export async function loadActiveTarget(host: ExtensionHost, configId: string): Promise<LoadedTarget> {
  const target = await loadTarget(host, configId);
  if (!target || !target.active) throw errors.notFound('ext_order_export_config', configId);
  if (target.paused) throw targetPaused();
  return target;
}

/**
 * The payload, rendered in the sandbox (compiled once per worker under the version's id). A render
 * stopped by a sandbox limit fails as a whole: `$` names the whole payload in `fieldErrors`.
 */
async function render(host: ExtensionHost, target: LoadedTarget, order: unknown): Promise<Record<string, unknown>> {
  const rendered = await renderInSandbox(host, { versionId: target.mapping.versionId, definition: target.mapping.definition, order });
  if ('stopped' in rendered) throw renderFailedError({ [WHOLE_PAYLOAD]: `the render was stopped: ${rendered.stopped}` });
  if ('problems' in rendered) {
    // saved definitions are validated on write; one saved under other rules reads as invalid here
    throw new AppError(422, 'EXT_ORDER_EXPORT__INVALID_MAPPING', `The target's mapping is invalid: ${rendered.problems.join('; ')}`, {
      meta: { fieldErrors: {}, problems: rendered.problems },
    });
  }
  if (renderFailed(rendered)) throw renderFailedError(rendered.errors);
  return rendered.data;
}
