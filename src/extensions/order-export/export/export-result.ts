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

/** 409: the target is paused (it kept failing); resume it first. Automatic exports are held instead. */
export const TARGET_PAUSED = 'EXT_ORDER_EXPORT__TARGET_PAUSED';
export function targetPaused(): AppError {
  return new AppError(409, TARGET_PAUSED, 'The target is paused because it kept failing; resume it first (its held orders are sent then).');
}

/** 422: a test order, and the target does not take test orders (`includeTestOrders`). Nothing sent or recorded. */
export const TEST_ORDER_EXCLUDED = 'EXT_ORDER_EXPORT__TEST_ORDER_EXCLUDED';
export function testOrderExcluded(): AppError {
  return new AppError(422, TEST_ORDER_EXCLUDED, 'The order is a test order and this target does not take test orders (includeTestOrders).');
}
