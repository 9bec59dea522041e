import { sql } from 'kysely';
import type { UnitOfWork } from '../database/transaction.js';
import { AppError } from '../errors/app-error.js';
import { columnName, tableName, type EntityDefinition } from '../entities/definition.js';

/**
 * Optimistic locking for the Admin API's generic writes, in HTTP's terms: a record's detail answers with
 * an `ETag` naming its version (the `updatedAt` it shows, or `createdAt` before its first update), and a
 * PATCH or DELETE that sends it back in `If-Match` is refused with 412 when the record has changed since.
 * Shopware has no such check; a client that sends no `If-Match` writes as before.
 */
export function recordTag(record: Record<string, unknown>): string | null {
  const version = record.updatedAt ?? record.createdAt;
  return typeof version === 'string' ? `"${version}"` : null;
}

/** The tags an `If-Match` header lists (`*` for any version); weak tags compare by their value. */
function listedTags(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter((tag) => tag !== '');
}

/**
 * Locks the record's row for the rest of the transaction and refuses the write when its version is none of
 * those `If-Match` lists: a concurrent writer waits for this transaction and then finds the new version.
 * A missing record is left to the write itself (its 404).
 */
export async function requireUnchanged(uow: UnitOfWork, def: EntityDefinition, id: string, ifMatch: string | undefined): Promise<void> {
  if (ifMatch === undefined) return;
  const tags = listedTags(ifMatch);
  const created = sql.ref(columnName('createdAt', def.fields.createdAt));
  const updated = sql.ref(columnName('updatedAt', def.fields.updatedAt));
  const result = await sql<{ createdAt: Date | string; updatedAt: Date | string | null }>`
    SELECT ${created} AS "createdAt", ${updated} AS "updatedAt" FROM ${sql.table(tableName(def))} WHERE id = ${id} FOR UPDATE`.execute(uow.db);
  const row = result.rows[0];
  if (!row) return;
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const current = recordTag({ createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) });
  if (tags.includes('*') || (current !== null && tags.includes(current))) return;
  throw new AppError(
    412,
    'FRAMEWORK__RECORD_CHANGED',
    `The ${def.name} record with id ${id} was changed after the version in If-Match was read: read it again and repeat the change on the current version.`,
    { meta: { parameters: { entity: def.name, id, currentVersion: current } } },
  );
}
