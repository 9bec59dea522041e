import { sql } from 'kysely';
import { EXIT, isId, UsageError, type ConsoleCommand, type CommandIo, type ExtensionHost } from '../../../platform/sdk/index.js';
import type { ReplayRunRow } from '../records/tables.js';
import { createReplayRun, processReplayRun } from '../replay/replay-run.js';
import { exportOrder } from '../export/export-order.js';
import { tablesOf } from '../records/db.js';
import { printResult, reportExportError } from './export-command.js';

/**
 * `bin/console ext:order-export:retry-failed [--target <id>] [--limit <n>]`, or `--target <id> --since <iso>` for a bulk replay run: exports every order whose
 * last export failed again, one after another (trigger `retry`): an unchanged payload retries its
 * revision, a changed one is a new revision. Exit 1 when any of them failed again.
 */
export const retryFailedCommand: ConsoleCommand<ExtensionHost> = {
  name: 'ext:order-export:retry-failed',
  description: 'Exports again every order whose last export failed',
  options: {
    target: { type: 'string', valueName: '<id>', description: 'Only exports to this target' },
    limit: { type: 'string', valueName: '<n>', description: 'At most this many (default 100), oldest first' },
    since: { type: 'string', valueName: '<iso>', description: 'With --target: a bulk replay run of the failures since then (at the target\'s rate)' },
    until: { type: 'string', valueName: '<iso>', description: 'With --since: only failures before this time' },
  },
  async run(input, io, host) {
    const target = input.options.target;
    if (target !== undefined && !isId(target)) throw new UsageError('--target must be an id (32 hexadecimal characters).');
    if (typeof input.options.since === 'string') {
      if (typeof target !== 'string') throw new UsageError('--since needs --target.');
      return bulkReplay(io, host, target, input.options.since, input.options.until);
    }
    const limitText = typeof input.options.limit === 'string' ? input.options.limit : '100';
    if (!/^\d{1,6}$/.test(limitText) || Number(limitText) < 1) throw new UsageError('--limit must be a positive number.');
    let query = tablesOf(host.db)
      .selectFrom('ext_order_export')
      .select(['order_id', 'config_id'])
      .where('status', '=', 'failed')
      // oldest failure first; a row never updated has only its creation time
      .orderBy(sql`coalesce(updated_at, created_at)`)
      .orderBy('id')
      .limit(Number(limitText));
    if (typeof target === 'string') query = query.where('config_id', '=', target);
    const failed = await query.execute();
    if (failed.length === 0) {
      io.out('No failed exports.');
      return EXIT.ok;
    }
    let stillFailing = 0;
    for (const row of failed) {
      io.out(`order ${row.order_id} -> target ${row.config_id}`);
      try {
        const result = await exportOrder(host, { orderId: row.order_id, configId: row.config_id, trigger: 'retry' });
        printResult(io, result);
        if (result.outcome === 'failed') stillFailing++;
      } catch (error) {
        reportExportError(io, error);
        stillFailing++;
      }
    }
    io.out(`${failed.length - stillFailing} of ${failed.length} exported.`);
    return stillFailing === 0 ? EXIT.ok : EXIT.failure;
  },
};

/**
 * `--target --since [--until]`: the same run the Admin API queues (it shows in the Administration with
 * its progress), worked off in this process. Exit 1 when any order failed again or the run stopped.
 */
async function bulkReplay(io: CommandIo, host: ExtensionHost, configId: string, sinceText: string, untilText: unknown): Promise<number> {
  const since = parseTime(sinceText, '--since');
  const until = typeof untilText === 'string' ? parseTime(untilText, '--until') : undefined;
  let run: ReplayRunRow | undefined;
  try {
    run = await createReplayRun(host, { configId, since, until });
  } catch (error) {
    reportExportError(io, error);
    return EXIT.failure;
  }
  io.out(`Replay run ${run.id}: ${run.total} failed export(s) of target ${configId}.`);
  if (run.total > 0) run = await processReplayRun(host, run.id, (progress) => io.out(`${progress.processed}/${progress.total} (${progress.succeeded} exported, ${progress.failed} failed, ${progress.skipped} skipped)`));
  if (!run) return EXIT.failure;
  io.out(`Run ${run.status}: ${run.succeeded} exported, ${run.failed} failed, ${run.skipped} skipped of ${run.total}.${run.last_error ? ` ${run.last_error}` : ''}`);
  return run.status === 'completed' && run.failed === 0 ? EXIT.ok : EXIT.failure;
}

function parseTime(text: string, option: string): Date {
  const date = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(date.getTime())) throw new UsageError(`${option} must be an ISO 8601 time, e.g. 2026-11-28T00:00:00Z.`);
  return date;
}
