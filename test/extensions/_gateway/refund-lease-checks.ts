import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { refundLeaseName } from '../../../src/platform/checkout/refund/refund-lease.js';
import { RefundRefusal } from '../../../src/platform/checkout/refund/refund-refusal.js';
import type { Platform } from '../../../src/platform/kernel.js';
import type { Lease } from '../../../src/platform/sdk/index.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { refundsAtOnce } from '../_gateway-kit/second-process.js';

/**
 * The checks both gateways' refund concurrency tests make of the host's refund lease, which lets the refunds of
 * one transaction run one at a time, across processes too.
 */

/**
 * As many refund requests as `expected.statuses` at once, spread over both processes on PostgreSQL (the embedded
 * database has one process only): the sorted statuses are `expected.statuses`, every refused one answers `expected.refusal`.
 */
export async function expectParallelRefunds(
  t: TestPlatform,
  second: { app: FastifyInstance } | undefined,
  request: { route: string; body: object },
  expected: { statuses: number[]; refusal: string },
): Promise<void> {
  expect(second !== undefined).toBe(t.platform.database.kind === 'postgres');
  const responses = await refundsAtOnce(t, second, request.route, request.body, expected.statuses.length);
  expect(responses.map((r) => r.statusCode).sort()).toEqual(expected.statuses);
  for (const refused of responses.filter((r) => r.statusCode === 400)) {
    expect(refused.json()).toEqual({ error: expected.refusal });
  }
}

/**
 * Runs `whileHeld` while the transaction's refund lease is held as another process would hold it (a long
 * lifetime, so it cannot expire meanwhile), then releases it.
 */
export async function whileRefundLeaseHeldElsewhere(platform: Platform, orderTransactionId: string, whileHeld: (lease: Lease) => Promise<void>): Promise<void> {
  const lease = await platform.leases.take(refundLeaseName(orderTransactionId), { ttlMs: 120_000 });
  expect(lease).not.toBeNull();
  try {
    await whileHeld(lease!);
  } finally {
    await platform.leases.release(lease!);
  }
}

/**
 * While the transaction's refund lease is held elsewhere, `attempt` (a refund that waits only briefly for the
 * lease) is refused with the kit's refusal and message; `whileHeld` checks what the gateway's test checks before
 * the lease is released.
 */
export async function expectRefusedWhileLeaseHeldElsewhere(
  platform: Platform,
  orderTransactionId: string,
  attempt: () => Promise<unknown>,
  whileHeld?: (lease: Lease) => Promise<void>,
): Promise<void> {
  await whileRefundLeaseHeldElsewhere(platform, orderTransactionId, async (lease) => {
    const refused = attempt();
    await expect(refused).rejects.toThrow(RefundRefusal);
    await expect(refused).rejects.toMatchObject({ message: 'Another refund of this transaction is in progress. Please try again.' });
    await whileHeld?.(lease);
  });
}

/**
 * A crashed holder's refund lease, already expired, does not block the refund `request`: it answers 200 and
 * leaves no lease behind.
 */
export async function expectExpiredRefundLeaseTakenOver(t: TestPlatform, orderTransactionId: string, request: { route: string; body: object }): Promise<void> {
  await sql`INSERT INTO lease (name, token, expires_at) VALUES (${refundLeaseName(orderTransactionId)}, gen_random_uuid(), now() - interval '1 second')`.execute(t.platform.db);
  const response = await t.api('POST', request.route, { body: request.body });
  expect(response.statusCode).toBe(200);
  expect(await t.platform.leases.holder(refundLeaseName(orderTransactionId))).toBeNull();
}
