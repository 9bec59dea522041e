import { isObjectLiteral, type ExtensionHost, type MessageHandlerDeclaration } from '../../../platform/sdk/index.js';
import { loadBlueprint } from '../blueprint/load-blueprint.js';
import { LAST_RUN_KEY, RUN_LEASE_NAME, RUN_QUEUE } from '../config.js';
import type { SeedOptions } from '../options.js';
import type { RemovalOptions } from '../remove/remove-demo-data.js';
import { executeRemoval, executeRun } from './execute-run.js';
import { QUEUED_TTL_MS, takeRunLease } from './run-lease.js';
import { IDLE, readStatus, writeStatus, type RunStatus } from './status-record.js';

/** A queued job: a seed or a removal (one lease and one status record for both: one run at a time). */
export type RunJob = { kind: 'seed'; options: SeedOptions } | { kind: 'remove'; options: RemovalOptions };

/** What a route hands the queue: checked options and the lease it took for the run. */
export type RunMessage = RunJob & { leaseToken: string; queuedAt: string };

export type QueueOutcome = { accepted: true; status: RunStatus } | { accepted: false; status: RunStatus };

/**
 * Queues a run: the lease is taken here (a queued run counts as running, so a second request, seed or
 * removal, is refused at once) and handed to the worker with the message; the status record says running
 * with `queuedAt`.
 */
export async function queueRun(host: ExtensionHost, job: RunJob): Promise<QueueOutcome> {
  const lease = await takeRunLease(host, QUEUED_TTL_MS);
  if (!lease) return { accepted: false, status: await readStatus(host) };
  const queuedAt = new Date().toISOString();
  const kind = job.kind === 'seed' ? 'seed' : job.options.dryRun ? 'remove-dry-run' : 'remove';
  const status: RunStatus = { ...IDLE, state: 'running', kind, queuedAt };
  try {
    await host.transaction(async (uow) => {
      await host.config.set(uow, LAST_RUN_KEY, status);
      await host.queue.send(uow, RUN_QUEUE, { ...job, leaseToken: lease.token, queuedAt } satisfies RunMessage);
    });
  } catch (error) {
    await host.leases.release(lease);
    throw error;
  }
  return { accepted: true, status };
}

/**
 * The worker's side: the same seeding or removal as the command line, under the lease the route took.
 * Failures are recorded in the status record and not retried (a retry would race a run started meanwhile).
 */
export const runMessageHandler: MessageHandlerDeclaration<ExtensionHost> = {
  queue: RUN_QUEUE,
  retryLimit: 0,
  async handle(data, host) {
    const message = parseRunMessage(data);
    if (!message) {
      host.logger.warn('demo data run: malformed message dropped');
      return;
    }
    const lease = { name: RUN_LEASE_NAME, token: message.leaseToken };
    try {
      const blueprint = await loadBlueprint();
      const outcome =
        message.kind === 'remove'
          ? await executeRemoval(host, lease, blueprint, message.options, undefined, message.queuedAt)
          : await executeRun(host, lease, blueprint, message.options, undefined, message.queuedAt);
      if (!outcome.ran) host.logger.warn('demo data run: its lease expired before a worker took it; nothing done');
    } catch (error) {
      host.logger.error({ err: error }, 'demo data run failed');
      const status = await readStatus(host);
      if (status.state === 'running') await writeStatus(host, { ...status, state: 'failed', finishedAt: new Date().toISOString(), message: String(error) });
    }
  },
};

function parseRunMessage(data: unknown): RunMessage | undefined {
  if (!isObjectLiteral(data) || typeof data.leaseToken !== 'string' || typeof data.queuedAt !== 'string' || !isObjectLiteral(data.options)) return undefined;
  const o = data.options;
  if (!Array.isArray(o.channels)) return undefined;
  const base = { leaseToken: data.leaseToken, queuedAt: data.queuedAt };
  if (data.kind === 'remove') {
    if (typeof o.dryRun !== 'boolean') return undefined;
    return { ...base, kind: 'remove', options: { channels: o.channels as string[], dryRun: o.dryRun } };
  }
  // messages queued before removals existed carry no kind: they are seeds
  if (typeof o.perCategory !== 'number' || typeof o.skipMedia !== 'boolean' || typeof o.skipOrders !== 'boolean') return undefined;
  return { ...base, kind: 'seed', options: { channels: o.channels as string[], perCategory: o.perCategory, skipMedia: o.skipMedia, skipOrders: o.skipOrders } };
}
