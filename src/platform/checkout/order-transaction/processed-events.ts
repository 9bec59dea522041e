/**
 * Webhook idempotency: a custom field of the order transaction (e.g. `pay_b_processed_events`) holds the
 * keys of the gateway events already applied (`charge:<id>`, `refund:<id>`). Read and append only while
 * holding the transaction's row lock, so two deliveries of one event cannot both see it missing.
 */

export function chargeEventKey(gatewayTransactionId: number | string): string {
  return `charge:${gatewayTransactionId}`;
}

export function refundEventKey(gatewayRefundId: number | string): string {
  return `refund:${gatewayRefundId}`;
}

/** The recorded keys; anything malformed in the stored value is ignored. */
export function processedEventsOf(customFields: Record<string, unknown>, field: string): string[] {
  const stored = customFields[field];
  return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
}

export function hasProcessedEvent(customFields: Record<string, unknown>, field: string, key: string): boolean {
  return processedEventsOf(customFields, field).includes(key);
}

/** The custom-field patch that records `key` (once), for a merge under the row lock. */
export function processedEventPatch(customFields: Record<string, unknown>, field: string, key: string): Record<string, string[]> {
  const keys = processedEventsOf(customFields, field);
  return { [field]: keys.includes(key) ? keys : [...keys, key] };
}
