import { sql } from 'kysely';
import type { Migration } from '../../database/migrations.js';

/**
 * A per-user token generation: access tokens carry the generation they were issued under and refresh
 * tokens store it; a token of an older generation is refused. Triggers raise it, whichever code path
 * writes, when a token must stop working: a password change, a deactivation, a change of the admin flag or
 * of the user's roles (a link added or removed). Raising it also deletes the user's refresh tokens.
 * Unlike comparing issue times with the change's time (whole seconds in a JWT, two clocks), a
 * generation has no window: a token issued from a row read before the change carries the old one.
 */
export const tokenGenerationMigration: Migration = {
  name: '0023_user_token_generation',
  async up(db) {
    await sql`ALTER TABLE "user" ADD COLUMN token_generation integer NOT NULL DEFAULT 0`.execute(db);
    await sql`ALTER TABLE refresh_token ADD COLUMN token_generation integer NOT NULL DEFAULT 0`.execute(db);
    await sql`CREATE OR REPLACE FUNCTION user_password_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.password IS DISTINCT FROM OLD.password THEN
          NEW.last_updated_password_at := now();
        END IF;
        -- never lowered: old tokens would come back
        IF NEW.token_generation < OLD.token_generation THEN
          NEW.token_generation := OLD.token_generation;
        END IF;
        IF NEW.token_generation = OLD.token_generation
          AND (NEW.password IS DISTINCT FROM OLD.password OR (OLD.active AND NOT NEW.active) OR NEW.admin IS DISTINCT FROM OLD.admin) THEN
          NEW.token_generation := OLD.token_generation + 1;
        END IF;
        IF NEW.token_generation <> OLD.token_generation THEN
          DELETE FROM refresh_token WHERE user_id = NEW.id;
        END IF;
        RETURN NEW;
      END $$`.execute(db);
    // a link that is added or removed changes the user's rights; the user's row trigger does the rest
    await sql`CREATE FUNCTION user_roles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE "user" SET token_generation = token_generation + 1 WHERE id = NEW.user_id;
          RETURN NULL;
        END IF;
        UPDATE "user" SET token_generation = token_generation + 1 WHERE id = OLD.user_id;
        IF TG_OP = 'UPDATE' THEN
          UPDATE "user" SET token_generation = token_generation + 1 WHERE id = NEW.user_id AND NEW.user_id <> OLD.user_id;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER user_roles_changed AFTER INSERT OR UPDATE OR DELETE ON acl_user_role
      FOR EACH ROW EXECUTE FUNCTION user_roles_changed()`.execute(db);
  },
};
