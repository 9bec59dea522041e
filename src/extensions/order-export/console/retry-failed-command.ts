import { sql } from 'kysely';
import { EXIT, isId, UsageError, type ConsoleCommand, type ExtensionHost } from '../../../platform/sdk/index.js';
import { exportOrder } from '../export/export-order.js';
import { tablesOf } from '../records/db.js';
import { printResult, reportExportError } from './export-command.js';

/**
 * `bin/console ext:order-export:retry-failed [--target <id>] [--limit <n>]`: exports every order whose
 * last export failed again, one after another (trigger `retry`): an unchanged payload retries its
 * revision, a changed one is a new revision. Exit 1 when any of them failed again.
 */
export const retryFailedCommand: ConsoleCommand<ExtensionHost> = {
  name: 'ext:order-export:retry-failed',
  description: 'Exports again every order whose last export failed',
  options: {
    target: { type: 'string', valueName: '<id>', description: 'Only exports to this target' },
    limit: { type: 'string', valueName: '<n>', description: 'At most this many (default 100), oldest first' },
  },
  async run(input, io, host) {
    const target = input.options.target;
    if (target !== undefined && !isId(target)) throw new UsageError('--target must be an id (32 hexadecimal characters).');
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
