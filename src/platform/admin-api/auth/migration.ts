import { sql } from 'kysely';
import type { Migration } from '../../database/migrations.js';

/** Administration users, integrations, ACL roles and refresh tokens. */
export const authMigration: Migration = {
  name: '0001_auth',
  async up(db) {
    await sql`CREATE TABLE "user" (
      id uuid PRIMARY KEY,
      username varchar(255) NOT NULL UNIQUE,
      password text NOT NULL,
      first_name varchar(255) NULL,
      last_name varchar(255) NULL,
      email varchar(255) NULL UNIQUE,
      admin boolean NOT NULL DEFAULT false,
      active boolean NOT NULL DEFAULT true,
      last_updated_password_at timestamptz NULL,
      custom_fields jsonb NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL
    )`.execute(db);
    // Tokens issued before a password change stop working; a trigger keeps the timestamp honest
    // whichever code path changes the password.
    await sql`CREATE FUNCTION user_password_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.password IS DISTINCT FROM OLD.password THEN
          NEW.last_updated_password_at := now();
        END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER user_password_changed BEFORE UPDATE ON "user"
      FOR EACH ROW EXECUTE FUNCTION user_password_changed()`.execute(db);

    await sql`CREATE TABLE integration (
      id uuid PRIMARY KEY,
      label varchar(255) NOT NULL,
      access_key varchar(255) NOT NULL UNIQUE,
      secret_access_key text NOT NULL,
      admin boolean NOT NULL DEFAULT false,
      last_usage_at timestamptz NULL,
      custom_fields jsonb NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL
    )`.execute(db);

    await sql`CREATE TABLE acl_role (
      id uuid PRIMARY KEY,
      name varchar(255) NOT NULL,
      description text NULL,
      privileges jsonb NOT NULL DEFAULT '[]'::jsonb,
      custom_fields jsonb NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL
    )`.execute(db);
    await sql`CREATE TABLE acl_user_role (
      user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      acl_role_id uuid NOT NULL REFERENCES acl_role(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, acl_role_id)
    )`.execute(db);
    await sql`CREATE TABLE integration_role (
      integration_id uuid NOT NULL REFERENCES integration(id) ON DELETE CASCADE,
      acl_role_id uuid NOT NULL REFERENCES acl_role(id) ON DELETE CASCADE,
      PRIMARY KEY (integration_id, acl_role_id)
    )`.execute(db);

    await sql`CREATE TABLE refresh_token (
      token_hash char(64) PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  },
};
