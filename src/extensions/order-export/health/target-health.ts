import { sql } from 'kysely';
import type { ExtensionHost } from '../../../platform/sdk/index.js';
import { tablesOf } from '../records/db.js';
import type { ExportOutcome } from '../records/values.js';
import { TARGET_PAUSED_MAIL } from './paused-mail.js';

/** A target failing this long without a success is paused whatever its failure count. */
export const FAILING_PAUSE_HOURS = 24;
export const ADMIN_ADDRESS_KEY = 'core.basicInformation.email';

/**
 * Counts one export's outcome towards its target's health: a failure adds to the run of failures (and
 * starts `failingSince`), a delivery ends it. Costs nothing on a healthy target's success; a failure is
 * one statement, and the one that crosses the limit pauses the target and mails the shop's admin.
 */
export async function recordHealth(host: ExtensionHost, target: { id: string; consecutiveFailures: number }, outcome: ExportOutcome, lastError: string | null): Promise<void> {
  const tables = tablesOf(host.db);
  if (outcome !== 'failed') {
    if (target.consecutiveFailures > 0) {
      await tables.updateTable('ext_order_export_config').set({ consecutive_failures: 0, failing_since: null }).where('id', '=', target.id).execute();
    }
    return;
  }
  const counted = await tables
    .updateTable('ext_order_export_config')
    .set({ consecutive_failures: sql`consecutive_failures + 1`, failing_since: sql`coalesce(failing_since, now())` })
    .where('id', '=', target.id)
    .returning(['consecutive_failures', 'pause_after_failures', 'paused', sql<boolean>`failing_since <= now() - make_interval(hours => ${FAILING_PAUSE_HOURS})`.as('failing_long')])
    .executeTakeFirst();
  if (!counted || counted.paused) return;
  const reason =
    counted.consecutive_failures >= counted.pause_after_failures
      ? `${counted.consecutive_failures} failures in a row`
      : counted.failing_long
        ? `failing for ${FAILING_PAUSE_HOURS} hours`
        : undefined;
  if (reason) await pauseTarget(host, target.id, reason, lastError);
}

/**
 * Pauses a target, once: only the statement that flips `paused` queues the mail, in the same
 * transaction, so two failing exports at once mail once. No admin address set: logged instead.
 * `failingSinceBefore`: only while the target is still failing since then (a delivery meanwhile ended it).
 */
export async function pauseTarget(host: ExtensionHost, configId: string, reason: string, lastError: string | null, failingSinceBefore?: Date): Promise<boolean> {
  return host.transaction(async (uow) => {
    let update = tablesOf(uow.db)
      .updateTable('ext_order_export_config')
      .set({ paused: true, paused_at: sql`now()`, pause_reason: reason.slice(0, 255) })
      .where('id', '=', configId)
      .where('paused', '=', false);
    if (failingSinceBefore) update = update.where('failing_since', '<=', failingSinceBefore);
    const paused = await update.returning(['name', 'paused_at']).executeTakeFirst();
    if (!paused) return false;
    host.logger.warn({ configId, reason }, 'order export target paused');
    const address = await host.config.get(ADMIN_ADDRESS_KEY);
    if (typeof address !== 'string' || address === '') {
      host.logger.warn({ configId }, `order export target paused; no mail sent: ${ADMIN_ADDRESS_KEY} is not set`);
      return true;
    }
    await host.mail.send(uow, {
      type: TARGET_PAUSED_MAIL,
      to: [{ address }],
      variables: { targetName: paused.name, reason, lastError: lastError ?? '–', adminUrl: `${host.appUrl}/admin/order-export` },
      dedupeKey: `${TARGET_PAUSED_MAIL}:${configId}:${paused.paused_at!.toISOString()}`,
    });
    return true;
  });
}
