import { errors, isId, type ExtensionHost } from '../../../platform/sdk/index.js';
import { tablesOf } from '../records/db.js';
import { insertRun } from './replay-run.js';

export interface ResumeResult {
  configId: string;
  /** the orders held while paused, now queued in the run */
  held: number;
  runId: string | null;
}

/**
 * Resumes a paused target: its failure count starts again, and the orders held while it was paused
 * become one replay run, queued in the same transaction (so a crash cannot resume without replaying).
 * Resuming a target that is not paused replays whatever is held, if anything.
 */
export async function resumeTarget(host: ExtensionHost, configId: string): Promise<ResumeResult> {
  if (!isId(configId)) throw errors.notFound('ext_order_export_config', configId);
  return host.transaction(async (uow) => {
    const db = tablesOf(uow.db);
    const resumed = await db
      .updateTable('ext_order_export_config')
      .set({ paused: false, paused_at: null, pause_reason: null, consecutive_failures: 0, failing_since: null })
      .where('id', '=', configId)
      .returning('id')
      .executeTakeFirst();
    if (!resumed) throw errors.notFound('ext_order_export_config', configId);
    const held = await db.deleteFrom('ext_order_export_held').where('config_id', '=', configId).returning(['order_id', 'held_at']).execute();
    held.sort((a, b) => a.held_at.getTime() - b.held_at.getTime());
    if (held.length === 0) return { configId, held: 0, runId: null };
    const run = await insertRun(host, uow, { configId, origin: 'held', since: null, until: null, orderIds: held.map((row) => row.order_id) });
    host.logger.info({ configId, held: held.length, runId: run.id }, 'order export target resumed');
    return { configId, held: held.length, runId: run.id };
  });
}
