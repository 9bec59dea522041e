import { sql } from 'kysely';
import type { ExtensionHost, ScheduledTaskDeclaration } from '../../../platform/sdk/index.js';
import { tablesOf } from '../records/db.js';
import { FAILING_PAUSE_HOURS, pauseTarget } from './target-health.js';

export const FAILING_TARGETS_TASK = 'ext_order_export.pause_failing_targets';

/**
 * Pauses active targets that have been failing for FAILING_PAUSE_HOURS without a delivery in between,
 * also when no further failure comes to notice it (retries given up, no new orders): the merchant is
 * mailed rather than left with a target that silently stopped receiving. A failure past the limit
 * pauses at once (recordHealth); this catches the quiet ones within the task's interval.
 */
export const failingTargetsTask: ScheduledTaskDeclaration<ExtensionHost> = {
  name: FAILING_TARGETS_TASK,
  intervalSeconds: 15 * 60,
  async run({ now, signal }, host) {
    const cutoff = new Date(now.getTime() - FAILING_PAUSE_HOURS * 3600_000);
    const db = tablesOf(host.db);
    const failing = await db
      .selectFrom('ext_order_export_config as c')
      .select([
        'c.id',
        (eb) =>
          eb
            .selectFrom('ext_order_export as e')
            .select('e.last_error')
            .whereRef('e.config_id', '=', 'c.id')
            .where('e.status', '=', 'failed')
            .orderBy(sql`coalesce(e.updated_at, e.created_at)`, 'desc')
            .limit(1)
            .as('last_error'),
      ])
      .where('c.active', '=', true)
      .where('c.paused', '=', false)
      .where('c.consecutive_failures', '>', 0)
      .where('c.failing_since', '<=', cutoff)
      .execute();
    for (const target of failing) {
      if (signal.aborted) return;
      await pauseTarget(host, target.id, `failing for ${FAILING_PAUSE_HOURS} hours`, target.last_error ?? null, cutoff);
    }
  },
};
