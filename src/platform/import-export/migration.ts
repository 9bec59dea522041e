import type { Migration } from '../database/migrations.js';
import { sql } from 'kysely';
import { createEntityTable, executeStatements } from '../database/schema.js';
import { DEFAULT_PROFILES } from './default-profiles.js';

/**
 * Shopware's import/export tables: profiles (which entity, CSV dialect, column mapping), files (the bytes in
 * the database, so every process and worker reads the same upload without a shared disk) and logs (one per
 * run: state, tally, rejected rows). The default profiles are seeded here with fixed ids.
 */
export const importExportMigration: Migration = {
  name: '0046_import_export',
  async up(db) {
    await createEntityTable(db, 'import_export_profile', [
      'label varchar(255) NOT NULL',
      'technical_name varchar(255) NULL UNIQUE',
      'source_entity varchar(64) NOT NULL',
      "type varchar(16) NOT NULL DEFAULT 'import-export'",
      "delimiter varchar(4) NOT NULL DEFAULT ';'",
      `enclosure varchar(4) NOT NULL DEFAULT '"'`,
      "mapping jsonb NOT NULL DEFAULT '[]'",
      'system_default boolean NOT NULL DEFAULT false',
    ]);
    await createEntityTable(
      db,
      'import_export_file',
      ['original_name varchar(255) NOT NULL', 'size integer NOT NULL', 'content bytea NOT NULL', 'expire_date timestamptz NOT NULL'],
      { customFields: false },
    );
    await createEntityTable(db, 'import_export_log', [
      'profile_id uuid NULL REFERENCES import_export_profile(id) ON DELETE SET NULL',
      'profile_name varchar(255) NULL',
      'file_id uuid NULL REFERENCES import_export_file(id) ON DELETE SET NULL',
      'invalid_records_file_id uuid NULL REFERENCES import_export_file(id) ON DELETE SET NULL',
      'activity varchar(16) NOT NULL',
      "state varchar(16) NOT NULL DEFAULT 'pending'",
      'dry_run boolean NOT NULL DEFAULT false',
      'records integer NOT NULL DEFAULT 0',
      "result jsonb NOT NULL DEFAULT '{}'",
      'user_id uuid NULL',
      'username varchar(255) NULL',
      'started_at timestamptz NULL',
      'finished_at timestamptz NULL',
    ]);
    await executeStatements(db, ['CREATE INDEX import_export_log_created_at_idx ON import_export_log (created_at DESC)']);
    for (const profile of DEFAULT_PROFILES) {
      await sql`INSERT INTO import_export_profile (id, label, technical_name, source_entity, type, delimiter, enclosure, mapping, system_default)
        VALUES (${profile.id}, ${profile.label}, ${profile.technicalName}, ${profile.sourceEntity}, ${profile.type}, ${profile.delimiter}, ${profile.enclosure}, ${JSON.stringify(profile.mapping)}, true)`.execute(db);
    }
  },
};
