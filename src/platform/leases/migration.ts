import { sql } from 'kysely';
import type { Migration } from '../database/migrations.js';

/** One row per held lease name; a row whose `expires_at` has passed is free to take over. */
export const leaseMigration: Migration = {
  name: '0015_lease',
  async up(db) {
    await sql`CREATE TABLE lease (
      name text PRIMARY KEY,
      token uuid NOT NULL,
      acquired_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  },
};
