import { AppError, isId, isObjectLiteral, type Db, type ExtensionHost, type MessageHandlerDeclaration, type UnitOfWork } from '../../../platform/sdk/index.js';
import { retryAfterSeconds } from '../delivery/delivery-client.js';
import { exportOrder } from '../export/export-order.js';
import { TARGET_PAUSED } from '../export/export-result.js';
import { hold } from '../replay/replay-run.js';
import { tablesOf } from '../records/db.js';
import { isRetryableStatus, nextTryDelaySeconds } from './retry-policy.js';

export const EXPORT_QUEUE = 'ext_order_export.export';

export interface ExportJob {
  orderId: string;
  configId: string;
  /** 1 for the first try */
  try: number;
}

/**
 * Enqueues an automatic export: a first try (inside the unit of work `within`, when given), or a later one
 * after `startAfterSeconds`.
 */
export async function enqueueExport(host: ExtensionHost, job: ExportJob, { startAfterSeconds, within = host.db }: { startAfterSeconds?: number; within?: Db | UnitOfWork } = {}): Promise<void> {
  await host.queue.send(within, EXPORT_QUEUE, job, startAfterSeconds === undefined ? {} : { startAfterSeconds });
}

export function parseExportJob(data: unknown): ExportJob | undefined {
  if (!isObjectLiteral(data) || !isId(data.orderId) || !isId(data.configId)) return undefined;
  const tryNumber = Number.isInteger(data.try) && (data.try as number) >= 1 ? (data.try as number) : 1;
  return { orderId: data.orderId, configId: data.configId, try: tryNumber };
}

/**
 * One automatic export. Failures the target might get over (no answer, 408/425/429/5xx, another export
 * of the pair running) are tried again later by a new message delayed by the schedule or the target's
 * Retry-After; the others end here and stay `failed` on the export record. Unexpected errors (the
 * database gone) are thrown, and the queue retries the message itself (the declaration's settings).
 */
export async function runExportJob(host: ExtensionHost, data: unknown): Promise<void> {
  const job = parseExportJob(data);
  if (!job) {
    host.logger.warn('automatic order export: malformed message dropped');
    return;
  }
  const context = { orderId: job.orderId, configId: job.configId, try: job.try };
  let retry: { retryAfter: number | null } | undefined;
  try {
    const result = await exportOrder(host, { orderId: job.orderId, configId: job.configId, trigger: 'automatic' });
    if (result.outcome === 'failed') {
      const answer = await targetAnswer(host, result.attemptId);
      if (isRetryableStatus(answer.status)) retry = { retryAfter: answer.retryAfter };
      else host.logger.warn({ ...context, httpStatus: answer.status }, 'automatic order export failed; not retried (the target refused it)');
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === TARGET_PAUSED) {
      // kept for the resume, which replays it
      await hold(host.db, job.configId, [job.orderId]);
      host.logger.info(context, 'automatic order export held: the target is paused');
      return;
    }
    if (error.status === 502 || error.status === 409) retry = { retryAfter: null };
    else host.logger.warn({ ...context, status: error.status, code: error.code, fields: fieldPaths(error) }, 'automatic order export not possible');
  }
  if (!retry) return;
  const delay = nextTryDelaySeconds(job.try, retry.retryAfter);
  if (delay === null) {
    host.logger.warn(context, 'automatic order export gave up after the last try');
    return;
  }
  await enqueueExport(host, { ...job, try: job.try + 1 }, { startAfterSeconds: delay });
}

/** The target's status and Retry-After as the attempt recorded them. */
async function targetAnswer(host: ExtensionHost, attemptId: string): Promise<{ status: number | null; retryAfter: number | null }> {
  const attempt = await tablesOf(host.db).selectFrom('ext_order_export_attempt').select(['response_status', 'response_headers']).where('id', '=', attemptId).executeTakeFirst();
  const headers = isObjectLiteral(attempt?.response_headers) ? attempt.response_headers : {};
  const retryAfter = typeof headers['retry-after'] === 'string' ? retryAfterSeconds(headers['retry-after'], Date.now()) : null;
  return { status: attempt?.response_status ?? null, retryAfter };
}

/** The payload paths of a 422's render errors (never the rendered values). */
function fieldPaths(error: AppError): string[] | undefined {
  const fieldErrors = error.meta?.fieldErrors;
  return isObjectLiteral(fieldErrors) ? Object.keys(fieldErrors) : undefined;
}

/**
 * The queue's own retries are for unexpected errors only (three, a minute apart and doubling); target
 * failures are rescheduled by runExportJob with the export schedule.
 */
export const exportJobHandler: MessageHandlerDeclaration<ExtensionHost> = {
  queue: EXPORT_QUEUE,
  retryLimit: 3,
  retryDelaySeconds: 60,
  handle: (data, host) => runExportJob(host, data),
};
