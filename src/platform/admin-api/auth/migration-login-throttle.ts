import { sql } from 'kysely';
import type { Migration } from '../../database/migrations.js';

/** Login attempts per scope, username and address, shared by every process (login-throttle.ts). */
export const loginThrottleMigration: Migration = {
  name: '0024_login_throttle',
  async up(db) {
    await sql`CREATE TABLE login_throttle (
      key char(64) PRIMARY KEY,
      attempts integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX login_throttle_window_ends_at ON login_throttle (window_ends_at)`.execute(db);
  },
};
