import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { mergedCustomFields } from '../../custom-fields/merge-sql.js';

/**
 * The host's payment flags, one key whatever the gateway, on the order transaction's custom fields and
 * on its order's (so the order list, the dashboard and the order export filter on the order alone).
 */
export const PAYMENT_FLAGS = {
  /** Paid with the gateway's sandbox (test) keys. */
  testMode: 'payment_test_mode',
  /** The re-check's last try passed without a final answer: someone must look at the payment. */
  needsReview: 'payment_needs_review',
} as const;

/** Merges flags into the order's custom fields, in the caller's unit of work. */
export async function flagOrder(within: Db | UnitOfWork, orderId: string, fields: Record<string, unknown>): Promise<void> {
  await sql`UPDATE "order" SET custom_fields = ${mergedCustomFields(fields)}, updated_at = now() WHERE id = ${orderId}`.execute(executorOf(within));
}
