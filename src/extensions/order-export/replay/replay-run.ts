import { sql } from 'kysely';
import { AppError, errors, isId, newId, type Executor, type ExtensionHost, type UnitOfWork } from '../../../platform/sdk/index.js';
import { exportOrder, loadActiveTarget } from '../export/export-order.js';
import { EXPORT_LEASE_TTL_MS } from '../export/export-lease.js';
import { TARGET_PAUSED } from '../export/export-result.js';
import { tablesOf } from '../records/db.js';
import type { ReplayRunRow } from '../records/tables.js';
import type { ReplayOrigin } from '../records/values.js';
import { createPacer } from './pacer.js';

export const REPLAY_QUEUE = 'ext_order_export.replay_run';
/** Orders of a run sent side by side (each order has its own lease; the target's rate still applies). */
export const REPLAY_PARALLEL = 4;
/** A run holds at most this many orders; split larger ranges. */
export const MAX_RUN_ORDERS = 10_000;
const LOCK_WAIT_MS = 50;

export interface ReplayRunRequest {
  configId: string;
  since?: Date;
  until?: Date;
  orderIds?: string[];
}

/**
 * Creates a run over the target's failed exports (last tried in [since, until), or the listed orders'),
 * oldest first, and queues it in the same transaction. The orders are fixed now: failures after this
 * are not in it. 404 unknown or inactive target, 409 paused, 400 without since or orderIds.
 */
export async function createReplayRun(host: ExtensionHost, request: ReplayRunRequest): Promise<ReplayRunRow> {
  if (!request.since && !request.orderIds) throw errors.badRequest('EXT_ORDER_EXPORT__REPLAY_RANGE_MISSING', 'Give since (a time range) or orderIds.');
  await loadActiveTarget(host, request.configId);
  let query = tablesOf(host.db)
    .selectFrom('ext_order_export')
    .select('order_id')
    .where('config_id', '=', request.configId)
    .where('status', '=', 'failed')
    .orderBy(sql`coalesce(updated_at, created_at)`)
    .orderBy('id')
    .limit(MAX_RUN_ORDERS);
  if (request.since) query = query.where(sql<Date>`coalesce(updated_at, created_at)`, '>=', request.since);
  if (request.until) query = query.where(sql<Date>`coalesce(updated_at, created_at)`, '<', request.until);
  if (request.orderIds) query = query.where('order_id', 'in', request.orderIds.length ? request.orderIds : [newId()]);
  const orderIds = (await query.execute()).map((row) => row.order_id);
  return host.transaction((uow) => insertRun(host, uow, { configId: request.configId, origin: 'failed', since: request.since ?? null, until: request.until ?? null, orderIds }));
}

/** Writes a run and its queue message in `uow`: the run exists exactly when it is queued. */
export async function insertRun(
  host: ExtensionHost,
  uow: UnitOfWork,
  run: { configId: string; origin: ReplayOrigin; since: Date | null; until: Date | null; orderIds: string[] },
): Promise<ReplayRunRow> {
  const row = await tablesOf(uow.db)
    .insertInto('ext_order_export_replay_run')
    .values({
      id: newId(),
      config_id: run.configId,
      origin: run.origin,
      since: run.since,
      until: run.until,
      order_ids: JSON.stringify(run.orderIds) as unknown as string[],
      status: run.orderIds.length === 0 ? 'completed' : 'queued',
      total: run.orderIds.length,
      processed: 0,
      succeeded: 0,
      failed: 0,
      skipped: 0,
      last_error: null,
      updated_at: null,
      finished_at: run.orderIds.length === 0 ? new Date() : null,
      created_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (run.orderIds.length > 0) await host.queue.send(uow, REPLAY_QUEUE, { runId: row.id });
  return row;
}

export async function findRun(host: ExtensionHost, runId: string): Promise<ReplayRunRow | undefined> {
  if (!isId(runId)) return undefined;
  return tablesOf(host.db).selectFrom('ext_order_export_replay_run').selectAll().where('id', '=', runId).executeTakeFirst();
}

type Tally = 'succeeded' | 'failed' | 'skipped';

/**
 * Works a run off: REPLAY_PARALLEL orders at a time, at the target's rate, each through the ordinary
 * export (its per-order lease, deduplication, health). An order whose lease is held waits for it; the
 * export after it then finds the order delivered and sends nothing. Progress is written after each
 * batch; a run picked up again after a crash starts at the last written batch, and what that batch had
 * sent is deduplicated, not sent twice. A target paused on the way stops the run: the rest is held for
 * the resume. One worker per run (a lease on the run).
 */
export async function processReplayRun(host: ExtensionHost, runId: string, onProgress?: (run: ReplayRunRow) => void): Promise<ReplayRunRow | undefined> {
  const leased = await host.leases.run(`ext_order_export:replay_run:${runId}`, { ttlMs: EXPORT_LEASE_TTL_MS }, async () => {
    let run = await findRun(host, runId);
    if (!run || run.status === 'completed' || run.status === 'stopped') return run;
    const db = tablesOf(host.db);
    const target = await db.selectFrom('ext_order_export_config').select('max_per_second').where('id', '=', run.config_id).executeTakeFirst();
    const pace = createPacer(target?.max_per_second ?? null);
    run = await update(host, run, { status: 'running' });
    for (let start = run.processed; start < run.total; start += REPLAY_PARALLEL) {
      const batch = run.order_ids.slice(start, start + REPLAY_PARALLEL);
      const results = await Promise.all(batch.map(async (orderId) => replayOne(host, run!.config_id, orderId, pace)));
      const stop = results.find((r) => r.stop);
      const counts = { succeeded: 0, failed: 0, skipped: 0 };
      for (const r of results) if (r.tally) counts[r.tally]++;
      if (stop) {
        // the stopping order and everything after it wait for the resume
        const rest = run.order_ids.slice(start + results.findIndex((r) => r.stop));
        if (stop.paused) await hold(host.db, run.config_id, rest);
        return update(host, run, {
          status: 'stopped',
          processed: start + batch.length,
          succeeded: run.succeeded + counts.succeeded,
          failed: run.failed + counts.failed,
          skipped: run.skipped + counts.skipped,
          last_error: stop.message,
          finished_at: new Date(),
        });
      }
      run = await update(host, run, { processed: start + batch.length, succeeded: run.succeeded + counts.succeeded, failed: run.failed + counts.failed, skipped: run.skipped + counts.skipped });
      onProgress?.(run);
    }
    return update(host, run, { status: 'completed', finished_at: new Date() });
  });
  return leased.acquired ? leased.value : findRun(host, runId);
}

/** One order of a run: waits while another export of the pair holds its lease. */
async function replayOne(host: ExtensionHost, configId: string, orderId: string, pace: () => Promise<void>): Promise<{ tally?: Tally; stop?: boolean; paused?: boolean; message?: string }> {
  await pace();
  for (;;) {
    try {
      const result = await exportOrder(host, { orderId, configId, trigger: 'retry' });
      return { tally: result.outcome === 'failed' ? 'failed' : result.outcome === 'deduplicated' ? 'skipped' : 'succeeded' };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'EXT_ORDER_EXPORT__EXPORT_RUNNING') {
        await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
        continue;
      }
      if (error.code === TARGET_PAUSED) return { stop: true, paused: true, message: error.message };
      if (error.status === 404 && error.message.includes('ext_order_export_config')) return { stop: true, message: 'The target was deleted or deactivated.' };
      // 502 (no answer) is a failure; an order gone (404), a test order or a render error (422) is skipped
      return { tally: error.status === 502 ? 'failed' : 'skipped' };
    }
  }
}

async function update(host: ExtensionHost, run: ReplayRunRow, patch: Partial<Omit<ReplayRunRow, 'id' | 'order_ids'>>): Promise<ReplayRunRow> {
  const row = await tablesOf(host.db)
    .updateTable('ext_order_export_replay_run')
    .set({ ...patch, updated_at: new Date() })
    .where('id', '=', run.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

/** Keeps orders for the target's resume (an order held twice is held once). */
export async function hold(db: Executor, configId: string, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tablesOf(db)
    .insertInto('ext_order_export_held')
    .values(orderIds.map((orderId) => ({ config_id: configId, order_id: orderId, held_at: new Date() })))
    .onConflict((oc) => oc.columns(['config_id', 'order_id']).doNothing())
    .execute();
}
