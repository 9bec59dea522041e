import type { LeaseOptions } from '../../leases/lease-service.js';
import type { RefundHost } from './refund-host.js';
import { COMMON_REFUND_MESSAGES, RefundRefusal } from './refund-refusal.js';

/**
 * Refunds of one order transaction run one at a time, across processes, under a host lease: short,
 * renewed while the refund works, so a crashed process blocks further refunds for seconds, not minutes.
 * A second request waits up to `waitMs`, then is refused.
 */
export const DEFAULT_REFUND_LEASE: LeaseOptions = { ttlMs: 15_000, waitMs: 10_000, pollMs: 100 };

export function refundLeaseName(orderTransactionId: string): string {
  return `refund:order_transaction:${orderTransactionId}`;
}

/** Runs `work` holding the transaction's refund lease; RefundRefusal (in progress) when it stays taken. */
export async function withRefundLease<T>(host: RefundHost, orderTransactionId: string, options: LeaseOptions, work: () => Promise<T>): Promise<T> {
  const run = await host.leases.run(refundLeaseName(orderTransactionId), options, () => work());
  if (!run.acquired) throw new RefundRefusal(COMMON_REFUND_MESSAGES.inProgress);
  return run.value;
}

/** Whether a refund of the transaction holds its lease right now (its gateway answer may not be recorded yet). */
export async function isRefundInProgress(host: RefundHost, orderTransactionId: string): Promise<boolean> {
  const holder = await host.leases.holder(refundLeaseName(orderTransactionId));
  return holder !== null && !holder.expired;
}
