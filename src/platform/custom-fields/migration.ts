import { sql } from 'kysely';
import type { Migration } from '../database/migrations.js';

export const customFieldMigration: Migration = {
  name: '0004_custom_field',
  async up(db) {
    await sql`CREATE TABLE custom_field_set (
      id uuid PRIMARY KEY,
      name varchar(255) NOT NULL UNIQUE,
      config jsonb NULL,
      active boolean NOT NULL DEFAULT true,
      global boolean NOT NULL DEFAULT false,
      position integer NOT NULL DEFAULT 1,
      app_id uuid NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL
    )`.execute(db);
    await sql`CREATE TABLE custom_field (
      id uuid PRIMARY KEY,
      name varchar(255) NOT NULL UNIQUE,
      type varchar(255) NOT NULL,
      config jsonb NULL,
      active boolean NOT NULL DEFAULT true,
      custom_field_set_id uuid NULL REFERENCES custom_field_set(id) ON DELETE CASCADE,
      allow_customer_write boolean NOT NULL DEFAULT false,
      allow_cart_expose boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL
    )`.execute(db);
    await sql`CREATE TABLE custom_field_set_relation (
      id uuid PRIMARY KEY,
      custom_field_set_id uuid NOT NULL REFERENCES custom_field_set(id) ON DELETE CASCADE,
      entity_name varchar(63) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL,
      UNIQUE (custom_field_set_id, entity_name)
    )`.execute(db);
  },
};
