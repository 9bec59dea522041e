import { sql } from 'kysely';
import type { Migration } from '../../../platform/sdk/index.js';

/**
 * The generated marker of every row a run created: entity and id, and when the run last wrote it. Removal
 * deletes only rows listed here (and so never an adopted row, which keeps its own id), and keeps a listed
 * row whose `updated_at` is later than `written_at` (a merchant changed it since).
 */
export const migrations: Migration[] = [
  {
    name: '0001_ext_demo_data_row',
    async up(db) {
      await sql`CREATE TABLE IF NOT EXISTS ext_demo_data_row (
        entity varchar(64) NOT NULL,
        id uuid NOT NULL,
        written_at timestamptz NOT NULL,
        PRIMARY KEY (entity, id)
      )`.execute(db);
    },
    async down(db) {
      await sql`DROP TABLE IF EXISTS ext_demo_data_row`.execute(db);
    },
  },
];
