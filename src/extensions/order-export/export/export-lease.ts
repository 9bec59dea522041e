import { AppError, type ExtensionHost } from '../../../platform/sdk/index.js';

/**
 * A crashed process blocks its order and target at most this long; a running export renews its lease
 * every third of it, so a slow target (up to a minute) keeps it.
 */
export const EXPORT_LEASE_TTL_MS = 30_000;

export function exportLeaseName(orderId: string, configId: string): string {
  return `ext_order_export:${orderId}:${configId}`;
}

/** 409: another export (or replay) of the pair is running, in this process or another. */
export function exportRunning(): AppError {
  return new AppError(409, 'EXT_ORDER_EXPORT__EXPORT_RUNNING', 'Another export of this order to this target is running. Try again when it has finished.');
}

/**
 * Runs `work` as the one export of an order to a target: the lease is taken atomically (no waiting), or
 * the caller gets 409 at once.
 */
export async function withExportLease<T>(host: ExtensionHost, orderId: string, configId: string, work: () => Promise<T>): Promise<T> {
  const run = await host.leases.run(exportLeaseName(orderId, configId), { ttlMs: EXPORT_LEASE_TTL_MS }, work);
  if (!run.acquired) throw exportRunning();
  return run.value;
}
