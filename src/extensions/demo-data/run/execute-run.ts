import type { ExtensionHost, Lease } from '../../../platform/sdk/index.js';
import type { Blueprint } from '../blueprint/schema.js';
import type { SeedOptions } from '../options.js';
import type { Progress } from '../progress.js';
import { describeKept, removeDemoData, type RemovalOptions, type RemovalReport } from '../remove/remove-demo-data.js';
import { seedDemoData, type SeedResult } from '../seed/seed-demo-data.js';
import { holdRunLease } from './run-lease.js';
import { readStatus, writeStatus, type RunKind, type RunStatus } from './status-record.js';

export type RunOutcome<R> = { ran: true; result: R; status: RunStatus } | { ran: false; status: RunStatus };

/** What a finished run records: the counts, the table and the notes. */
type Summary = Pick<RunStatus, 'created' | 'enriched' | 'rows' | 'notes'>;

/**
 * A run under a lease already taken (by the command, or by a route for a queued run): marks it running,
 * does the work, and records finished (with its summary) or failed (with the message, and the error
 * rethrown for the caller to report).
 */
async function executeUnderLease<R>(host: ExtensionHost, lease: Lease, kind: RunKind, queuedAt: string | null, work: () => Promise<R>, summarize: (result: R) => Summary): Promise<RunOutcome<R>> {
  const held = await holdRunLease(host, lease, async () => {
    const startedAt = new Date().toISOString();
    const running: RunStatus = { ...(await readStatus(host)), state: 'running', kind, queuedAt, startedAt, finishedAt: null, message: null };
    await writeStatus(host, running);
    try {
      const result = await work();
      const status: RunStatus = { state: 'finished', kind, queuedAt, startedAt, finishedAt: new Date().toISOString(), ...summarize(result), message: null };
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

export function executeRun(host: ExtensionHost, lease: Lease, blueprint: Blueprint, options: SeedOptions, progress?: Progress, queuedAt: string | null = null): Promise<RunOutcome<SeedResult>> {
  return executeUnderLease(host, lease, 'seed', queuedAt, () => seedDemoData(host, blueprint, options, progress), (result) => ({
    created: result.report.totals.created,
    enriched: result.report.totals.enriched,
    rows: result.report.rows,
    notes: result.report.notes,
  }));
}

export function executeRemoval(host: ExtensionHost, lease: Lease, blueprint: Blueprint, options: RemovalOptions, progress?: Progress, queuedAt: string | null = null): Promise<RunOutcome<RemovalReport>> {
  return executeUnderLease(host, lease, options.dryRun ? 'remove-dry-run' : 'remove', queuedAt, () => removeDemoData(host, blueprint, options, progress), (report) => ({
    created: report.removed,
    enriched: 0,
    rows: report.rows,
    notes: report.kept.map(describeKept),
  }));
}
