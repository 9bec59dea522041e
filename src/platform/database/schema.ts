import { sql } from 'kysely';
import type { Executor } from './transaction.js';

/**
 * DDL helpers for entity tables, so every table carries what the entity layer expects: `id uuid`
 * primary key, `custom_fields`, `created_at`, `updated_at`.
 */
export async function createEntityTable(db: Executor, table: string, columns: string[], options: { customFields?: boolean } = {}): Promise<void> {
  const all = [
    'id uuid PRIMARY KEY',
    ...columns,
    ...(options.customFields === false ? [] : ['custom_fields jsonb NULL']),
    'created_at timestamptz NOT NULL DEFAULT now()',
    'updated_at timestamptz NULL',
  ];
  await sql.raw(`CREATE TABLE "${table}" (\n  ${all.join(',\n  ')}\n)`).execute(db);
}

/** A many-to-many mapping table; both sides cascade on delete. */
export async function createMappingTable(db: Executor, table: string, left: [column: string, references: string], right: [column: string, references: string]): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE "${table}" (
        ${left[0]} uuid NOT NULL REFERENCES "${left[1]}"(id) ON DELETE CASCADE,
        ${right[0]} uuid NOT NULL REFERENCES "${right[1]}"(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (${left[0]}, ${right[0]})
      )`,
    )
    .execute(db);
  await sql.raw(`CREATE INDEX "${table}_${right[0]}_idx" ON "${table}" (${right[0]})`).execute(db);
}

/** Runs raw statements in order (migrations whose SQL is fixed text). */
export async function executeStatements(db: Executor, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
