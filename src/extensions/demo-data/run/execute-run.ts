import type { ExtensionHost, Lease } from '../../../platform/sdk/index.js';
import type { Blueprint } from '../blueprint/schema.js';
import type { SeedOptions } from '../options.js';
import type { Progress } from '../progress.js';
import { seedDemoData, type SeedResult } from '../seed/seed-demo-data.js';
import { holdRunLease } from './run-lease.js';
import { readStatus, writeStatus, type RunStatus } from './status-record.js';

export type RunOutcome = { ran: true; result: SeedResult; status: RunStatus } | { ran: false; status: RunStatus };

/**
 * A run under a lease already taken (by the command, or by the generate route for a queued run):
 * marks it running, seeds, and records finished (with the tally) or failed (with the message, and the
 * error rethrown for the caller to report).
 */
export async function executeRun(host: ExtensionHost, lease: Lease, blueprint: Blueprint, options: SeedOptions, progress?: Progress, queuedAt: string | null = null): Promise<RunOutcome> {
  const held = await holdRunLease(host, lease, async () => {
    const startedAt = new Date().toISOString();
    const running: RunStatus = { ...(await readStatus(host)), state: 'running', queuedAt, startedAt, finishedAt: null, message: null };
    await writeStatus(host, running);
    try {
      const result = await seedDemoData(host, blueprint, options, progress);
      const status: RunStatus = {
        state: 'finished',
        queuedAt,
        startedAt,
        finishedAt: new Date().toISOString(),
        created: result.report.totals.created,
        enriched: result.report.totals.enriched,
        rows: result.report.rows,
        notes: result.report.notes,
        message: null,
      };
      await writeStatus(host, status);
      return { result, status };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await writeStatus(host, { ...running, state: 'failed', finishedAt: new Date().toISOString(), message });
      throw error;
    }
  });
  if (!held.held) return { ran: false, status: await readStatus(host) };
  return { ran: true, ...held.value };
}
