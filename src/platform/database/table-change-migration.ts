import { sql } from 'kysely';
import type { Executor } from './transaction.js';
import type { Migration } from './migrations.js';
import { TABLE_CHANGE_CHANNEL } from './table-changes.js';

/**
 * Makes `table` report its changes to TableChanges: one notification per writing statement (PostgreSQL
 * folds equal notifications of one transaction into one), sent on commit, whatever code path wrote.
 * Only for tables written rarely and read on hot paths.
 */
export async function reportChangesOf(db: Executor, table: string): Promise<void> {
  await sql`CREATE TRIGGER ${sql.id(`${table}_report_change`)}
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
    FOR EACH STATEMENT EXECUTE FUNCTION platform_report_table_change()`.execute(db);
}

/** The settings and the rights behind Admin API tokens are cached per process (system-config, auth). */
export const tableChangeMigration: Migration = {
  name: '0020_table_change_notifications',
  async up(db) {
    await sql`CREATE FUNCTION platform_report_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify(${sql.lit(TABLE_CHANGE_CHANNEL)}, TG_TABLE_NAME);
        RETURN NULL;
      END $$`.execute(db);
    for (const table of ['system_config', 'user', 'acl_role', 'acl_user_role', 'integration', 'integration_role']) await reportChangesOf(db, table);
  },
};
