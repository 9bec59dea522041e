import type { ExtensionHost, Lease } from '../../../platform/sdk/index.js';
import { RUN_LEASE_NAME } from '../config.js';

/** While running: renewed every third of this, so a killed run blocks the next one for at most 20 seconds. */
export const RUNNING_TTL_MS = 20_000;
/** From queueing until a worker picks the message up: generous, as the queue may be busy. */
export const QUEUED_TTL_MS = 15 * 60_000;

/** Takes the run lease for this process; null while another run (command line, queue, any process) holds it. */
export function takeRunLease(host: ExtensionHost, ttlMs = RUNNING_TTL_MS): Promise<Lease | null> {
  return host.leases.take(RUN_LEASE_NAME, { ttlMs });
}

/**
 * Runs `work` holding `lease`: renewed at once (false: it was lost, `work` does not run) and then every
 * third of its lifetime; released afterwards, also when `work` throws.
 */
export async function holdRunLease<T>(host: ExtensionHost, lease: Lease, work: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }> {
  if (!(await host.leases.renew(lease, RUNNING_TTL_MS))) return { held: false };
  const renewal = setInterval(() => {
    host.leases.renew(lease, RUNNING_TTL_MS).catch(() => undefined); // retried at the next tick
  }, RUNNING_TTL_MS / 3);
  renewal.unref();
  try {
    return { held: true, value: await work() };
  } finally {
    clearInterval(renewal);
    await host.leases.release(lease).catch(() => undefined); // unreleased, it expires by itself
  }
}
