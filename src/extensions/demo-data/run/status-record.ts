import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { LAST_RUN_KEY, RUN_LEASE_NAME } from '../config.js';

export type RunState = 'idle' | 'running' | 'finished' | 'failed';
export type RunKind = 'seed' | 'remove' | 'remove-dry-run';

/**
 * The status of the current or last run, kept in system config (`ExtDemoData.runtime.lastRun`) so every
 * process and the Administration see the same. A queued run counts as running.
 */
export interface RunStatus {
  state: RunState;
  /** What the run does: seed (create or complete) or remove (what demo data created); dry runs are removals too. */
  kind: RunKind;
  queuedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Rows created and existing rows completed. */
  created: number;
  enriched: number;
  /**
   * The tally table as printed: a seed's [entity, created, reused, adopted, enriched, skipped], a
   * removal's [entity, removed, kept, absent] (`created` then counts the rows removed).
   */
  rows: string[][];
  /** A seed's notes (demo logins); a removal's kept rows, one line each with the reason. */
  notes: string[];
  message: string | null;
}

export const IDLE: RunStatus = { state: 'idle', kind: 'seed', queuedAt: null, startedAt: null, finishedAt: null, created: 0, enriched: 0, rows: [], notes: [], message: null };

export const STALE_MESSAGE = 'The run stopped without finishing (its process ended before it was done); start it again to complete the catalogue.';

export async function writeStatus(host: ExtensionHost, status: RunStatus): Promise<void> {
  await host.config.set(host.db, LAST_RUN_KEY, status);
}

/**
 * The record as stored, except that a `running` record whose lease is gone or expired (a killed process,
 * a lost worker) is turned into `failed` (and stored so unless `persist` is false), so a dead run never shows as running forever.
 */
export async function readStatus(host: ExtensionHost, { persist = true }: { persist?: boolean } = {}): Promise<RunStatus> {
  const stored = await host.config.get(LAST_RUN_KEY);
  const status: RunStatus = isStatus(stored) ? { ...IDLE, ...stored } : IDLE;
  if (status.state !== 'running') return status;
  const holder = await host.leases.holder(RUN_LEASE_NAME);
  if (holder && !holder.expired) return status;
  const failed: RunStatus = { ...status, state: 'failed', finishedAt: (holder?.expiresAt ?? new Date()).toISOString(), message: STALE_MESSAGE };
  if (persist) await writeStatus(host, failed);
  return failed;
}

function isStatus(value: unknown): value is Partial<RunStatus> & { state: RunState } {
  return typeof value === 'object' && value !== null && ['idle', 'running', 'finished', 'failed'].includes((value as { state?: string }).state ?? '');
}
