import { systemContext } from '../../../platform/acl/context.js';
import type { UnitOfWork } from '../../../platform/database/transaction.js';
import type { Platform } from '../../../platform/kernel.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';

/**
 * Webhook idempotency (spec part D): `pay_b_processed_events` on the order transaction is the set of
 * gateway events already applied, as keys `charge:<gatewayTransactionId>` and `refund:<gatewayRefundId>`.
 * Read and append only while holding the order transaction's row lock, so two deliveries of one event
 * cannot both see it missing.
 */

export function chargeEventKey(gatewayTransactionId: number | string): string {
  return `charge:${gatewayTransactionId}`;
}

export function refundEventKey(gatewayRefundId: number | string): string {
  return `refund:${gatewayRefundId}`;
}

/** The recorded keys; anything malformed in the stored value is ignored. */
function processedEventsOf(customFields: Record<string, unknown>): string[] {
  const stored = customFields[TRANSACTION_FIELDS.processedEvents];
  return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
}

export function hasProcessedEvent(customFields: Record<string, unknown>, key: string): boolean {
  return processedEventsOf(customFields).includes(key);
}

/** The stored keys plus `key` (once), for writing back. */
function withProcessedEvent(customFields: Record<string, unknown>, key: string): string[] {
  const keys = processedEventsOf(customFields);
  return keys.includes(key) ? keys : [...keys, key];
}

/**
 * Records `key` on the order transaction, merging `fields` into its custom fields in the same write.
 * `customFields` are the values read under the row lock held by `uow`.
 */
export async function recordProcessedEvent(
  platform: Platform,
  uow: UnitOfWork,
  orderTransactionId: string,
  customFields: Record<string, unknown>,
  key: string,
  fields: Record<string, unknown> = {},
): Promise<void> {
  await platform.repositories
    .get('order_transaction')
    .update({ id: orderTransactionId, customFields: { ...fields, [TRANSACTION_FIELDS.processedEvents]: withProcessedEvent(customFields, key) } }, systemContext, uow);
}
