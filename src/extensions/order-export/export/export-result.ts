import { AppError } from '../../../platform/sdk/index.js';
import type { ExportOutcome } from '../records/values.js';

/** What one export of an order to a target came to: its outcome and the attempt behind it. */
export interface ExportResult {
  outcome: ExportOutcome;
  orderExportId: string;
  revision: number;
  correlationId: string;
  attemptId: string;
}

/** 502: the target gave no answer; the failed attempt is recorded and named in `meta`. */
export function targetUnreachable(message: string, result: ExportResult): AppError {
  return new AppError(502, 'EXT_ORDER_EXPORT__TARGET_UNREACHABLE', `The export target could not be reached: ${message}`, { meta: { ...result } });
}

/** 422: nothing was sent; `meta.fieldErrors` holds the render errors by payload path. */
export function renderFailedError(fieldErrors: Record<string, string>): AppError {
  return new AppError(422, 'EXT_ORDER_EXPORT__RENDER_FAILED', 'The mapping could not render the order; nothing was sent.', { meta: { fieldErrors } });
}
