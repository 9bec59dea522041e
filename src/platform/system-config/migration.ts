import { sql } from 'kysely';
import type { Migration } from '../database/migrations.js';

export const systemConfigMigration: Migration = {
  name: '0003_system_config',
  async up(db) {
    // sales_channel_id NULL is the global scope; NULLS NOT DISTINCT keeps one global row per key.
    // The foreign key to sales_channel is added with that table (commerce domain).
    await sql`CREATE TABLE system_config (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      configuration_key varchar(255) NOT NULL,
      configuration_value jsonb NOT NULL,
      sales_channel_id uuid NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL,
      CONSTRAINT uniq_system_config_key_channel UNIQUE NULLS NOT DISTINCT (configuration_key, sales_channel_id)
    )`.execute(db);
  },
};
