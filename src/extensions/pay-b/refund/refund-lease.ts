import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../platform/database/connection.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';

/** Custom field of the order transaction holding `{token, expiresAt}` while a refund is being made. */
export const REFUND_LEASE_FIELD = 'pay_b_refund_lease';

export interface RefundLeaseOptions {
  /** How long a lease stays valid when its holder dies: longer than a refund's gateway calls may take. */
  ttlMs: number;
  /** How long a second request waits for the lease before giving up. */
  waitMs: number;
  pollMs: number;
}

export const DEFAULT_LEASE_OPTIONS: RefundLeaseOptions = { ttlMs: 120_000, waitMs: 10_000, pollMs: 100 };

// an ISO timestamp as `to_jsonb(timestamptz)` writes it; anything else (a hand-edited field) counts as expired
const TIMESTAMP_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}(:?\\d{2})?)$';

/**
 * Takes the refund lease of one order transaction: one refund at a time per transaction, across
 * processes, without a database transaction held over the gateway calls (DESIGN.md concurrency rules).
 * One conditional UPDATE takes it when it is free or expired; the database clock decides expiry, so
 * processes with drifting clocks agree. Returns the lease token, or null when the transaction does not
 * exist. Not free within `waitMs`: null as well (the caller tells them apart by its own earlier read).
 */
export async function acquireRefundLease(db: Db, orderTransactionId: string, options: RefundLeaseOptions = DEFAULT_LEASE_OPTIONS): Promise<string | null> {
  const token = randomUUID();
  const giveUpAt = Date.now() + options.waitMs;
  for (;;) {
    if (await tryAcquire(db, orderTransactionId, token, options.ttlMs)) return token;
    if (Date.now() >= giveUpAt) return null;
    await sleep(options.pollMs);
  }
}

/** SQL: the `order_transaction` row's lease is free (none, unreadable, or expired by the database clock). */
function leaseIsFree() {
  const lease = sql`custom_fields -> ${REFUND_LEASE_FIELD}`;
  return sql<boolean>`CASE
        WHEN ${lease} IS NULL THEN true
        WHEN jsonb_typeof(${lease} -> 'expiresAt') IS DISTINCT FROM 'string' THEN true
        WHEN NOT ((${lease} ->> 'expiresAt') ~ ${TIMESTAMP_PATTERN}) THEN true
        -- CASE keeps this cast behind the checks above (OR would not)
        ELSE (${lease} ->> 'expiresAt')::timestamptz <= now()
      END`;
}

async function tryAcquire(db: Db, orderTransactionId: string, token: string, ttlMs: number): Promise<boolean> {
  const result = await sql<{ id: string }>`
    UPDATE order_transaction
    SET custom_fields = COALESCE(custom_fields, '{}'::jsonb) || jsonb_build_object(
      ${REFUND_LEASE_FIELD}::text,
      jsonb_build_object('token', ${token}::text, 'expiresAt', to_jsonb(now() + make_interval(secs => ${ttlMs / 1000}::double precision)))
    )
    WHERE id = ${orderTransactionId} AND ${leaseIsFree()}
    RETURNING id`.execute(db);
  return result.rows.length === 1;
}

/**
 * Whether a refund of the order transaction paid by this gateway transaction holds its lease now: the
 * gateway may have made a refund the shop has not recorded yet (refund.completed can outrun the record).
 */
export async function isRefundInProgressFor(db: Db, gatewayTransactionId: number): Promise<boolean> {
  const result = await sql<{ id: string }>`
    SELECT id FROM order_transaction
    WHERE custom_fields ->> ${TRANSACTION_FIELDS.transactionId}::text = ${String(gatewayTransactionId)}::text AND NOT ${leaseIsFree()}
    LIMIT 1`.execute(db);
  return result.rows.length > 0;
}

/** Gives the lease back, only if it is still ours (an expired one may since belong to another request). */
export async function releaseRefundLease(db: Db, orderTransactionId: string, token: string): Promise<void> {
  await sql`
    UPDATE order_transaction SET custom_fields = custom_fields - ${REFUND_LEASE_FIELD}::text
    WHERE id = ${orderTransactionId} AND custom_fields -> ${REFUND_LEASE_FIELD} ->> 'token' = ${token}::text`.execute(db);
}
