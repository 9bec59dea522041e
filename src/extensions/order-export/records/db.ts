import type { Kysely } from 'kysely';
import type { Executor } from '../../../platform/sdk/index.js';
import type { OrderExportTables } from './tables.js';

/** The extension's own tables, typed (the host hands out an untyped Kysely). */
export function tablesOf(db: Executor): Kysely<OrderExportTables> {
  return db as Kysely<OrderExportTables>;
}
