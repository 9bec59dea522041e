import { sql } from 'kysely';
import type { Migration } from '../database/migrations.js';

export const extensionMigration: Migration = {
  name: '0002_extension',
  async up(db) {
    await sql`CREATE TABLE extension (
      name varchar(255) PRIMARY KEY,
      version varchar(64) NOT NULL,
      active boolean NOT NULL DEFAULT false,
      installed_at timestamptz NULL,
      upgraded_at timestamptz NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL
    )`.execute(db);
  },
};
