import { sql } from 'kysely';
import type { Db } from './connection.js';
import { transaction, type Executor, type UnitOfWork } from './transaction.js';

/** What a migration may need of the platform beyond SQL. */
export interface MigrationContext {
  /**
   * Seals the values of `names`, secret custom fields of `entity` the extension declares, that are still
   * stored in clear; sealed ones stay as they are (a second run changes nothing). Returns the rows changed.
   */
  sealSecretCustomFields(db: Executor, entity: string, names: readonly string[]): Promise<number>;
}

/** For runs that give no context (tests of plain schema migrations): a migration that asks for it fails. */
const NO_CONTEXT: MigrationContext = {
  sealSecretCustomFields: () => Promise.reject(new Error('This migration run has no platform context')),
};

/** A schema change. Migrations of one module run in name order and each runs once per database. */
export interface Migration {
  /** Sortable and unique within its module, e.g. `2026_11_21_0001_create_user`. */
  name: string;
  /** `runMigrations` always hands a context; a test may call `up(db)` alone for a migration that needs none. */
  up(db: Executor, context?: MigrationContext): Promise<void>;
  /** Run on uninstall without keepUserData (extensions only): drop what `up` created. */
  down?(db: Executor): Promise<void>;
}

// An arbitrary constant: the advisory lock that serialises migration runs across processes.
const MIGRATION_LOCK_KEY = 7_311_402_121;

/**
 * Applies the module's pending migrations in one transaction under an advisory lock, so two processes
 * starting at once neither apply a migration twice nor see a half-migrated schema.
 */
export async function runMigrations(within: Db | UnitOfWork, module: string, migrations: Migration[], context: MigrationContext = NO_CONTEXT): Promise<string[]> {
  const sorted = [...migrations].sort((a, b) => a.name.localeCompare(b.name));
  return transaction(within, async ({ db: trx }) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS migration (
      module text NOT NULL,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (module, name)
    )`.execute(trx);
    const applied = new Set(
      (await trx.selectFrom('migration').select('name').where('module', '=', module).execute()).map((r) => r.name as string),
    );
    const done: string[] = [];
    for (const migration of sorted) {
      if (applied.has(migration.name)) continue;
      await migration.up(trx, context);
      await trx.insertInto('migration').values({ module, name: migration.name }).execute();
      done.push(migration.name);
    }
    return done;
  });
}

/** Reverts a module's applied migrations (newest first) and forgets them. */
export async function revertMigrations(within: Db | UnitOfWork, module: string, migrations: Migration[]): Promise<void> {
  const sorted = [...migrations].sort((a, b) => b.name.localeCompare(a.name));
  await transaction(within, async ({ db: trx }) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    const applied = new Set(
      (await trx.selectFrom('migration').select('name').where('module', '=', module).execute()).map((r) => r.name as string),
    );
    for (const migration of sorted) {
      if (!applied.has(migration.name)) continue;
      if (migration.down) await migration.down(trx);
    }
    await trx.deleteFrom('migration').where('module', '=', module).execute();
  });
}
