import { sql } from 'kysely';
import type { Migration } from '../../database/migrations.js';

/**
 * A password change or a deactivation also ends every refresh token of the user: the trigger that stamps
 * `last_updated_password_at` deletes them in the same statement, whichever code path changes the row.
 */
export const refreshTokenRevocationMigration: Migration = {
  name: '0016_refresh_token_revocation',
  async up(db) {
    await sql`CREATE OR REPLACE FUNCTION user_password_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.password IS DISTINCT FROM OLD.password THEN
          NEW.last_updated_password_at := now();
        END IF;
        IF NEW.password IS DISTINCT FROM OLD.password OR (OLD.active AND NOT NEW.active) THEN
          DELETE FROM refresh_token WHERE user_id = NEW.id;
        END IF;
        RETURN NEW;
      END $$`.execute(db);
  },
};
