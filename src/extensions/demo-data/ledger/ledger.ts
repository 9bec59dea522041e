import { sql } from 'kysely';
import type { Db, UnitOfWork } from '../../../platform/sdk/index.js';

type Within = Db | UnitOfWork;

function executor(within: Within): Db {
  return 'afterCommit' in within ? within.db : within;
}

/** Ids per statement: keeps the parameter lists of the upserts well under the drivers' limits. */
const CHUNK = 1000;

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

/**
 * Marks rows as created by demo data, written now. Called in the transaction that created them, after
 * every write of it (state moves, billing links), so `updated_at` of an untouched row is never later.
 */
export async function markCreated(within: Within, entity: string, ids: readonly string[]): Promise<void> {
  const now = new Date().toISOString();
  for (const part of chunks(ids)) {
    await sql`INSERT INTO ext_demo_data_row (entity, id, written_at)
      SELECT ${entity}, x, ${now}::timestamptz FROM unnest(${part}::uuid[]) AS x
      ON CONFLICT (entity, id) DO UPDATE SET written_at = EXCLUDED.written_at`.execute(executor(within));
  }
}

/** A run wrote these rows again (filled an empty field, stored a file): only rows it created are marked. */
export async function markRewritten(within: Within, entity: string, ids: readonly string[]): Promise<void> {
  const now = new Date().toISOString();
  for (const part of chunks(ids)) {
    await sql`UPDATE ext_demo_data_row SET written_at = ${now}::timestamptz WHERE entity = ${entity} AND id = ANY(${part}::uuid[])`.execute(executor(within));
  }
}

/** When the run last wrote each of `ids` that demo data created (absent: not created by demo data). */
export async function readMarks(within: Within, entity: string, ids: readonly string[]): Promise<Map<string, Date>> {
  const marks = new Map<string, Date>();
  for (const part of chunks([...new Set(ids)])) {
    const { rows } = await sql<{ id: string; written_at: Date | string }>`SELECT id, written_at FROM ext_demo_data_row
      WHERE entity = ${entity} AND id = ANY(${part}::uuid[])`.execute(executor(within));
    for (const row of rows) marks.set(row.id.replaceAll('-', ''), new Date(row.written_at));
  }
  return marks;
}

export async function forgetMarks(within: Within, entity: string, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids)) {
    await sql`DELETE FROM ext_demo_data_row WHERE entity = ${entity} AND id = ANY(${part}::uuid[])`.execute(executor(within));
  }
}
