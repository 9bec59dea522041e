import type { Migration } from '../../database/migrations.js';
import { executeStatements } from '../../database/schema.js';

/**
 * The audit of whole bank-detail reads: who (user or integration), when, which customer, which fields
 * (names only, never values). No foreign keys: a row outlives the customer, user or integration it names.
 */
export const customerBankDetailsReadMigration: Migration = {
  name: '0023_customer_bank_details_read',
  async up(db) {
    await executeStatements(db, [
      `CREATE TABLE customer_bank_details_read (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL,
        user_id uuid NULL,
        integration_id uuid NULL,
        field_names jsonb NOT NULL,
        read_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX customer_bank_details_read_customer_idx ON customer_bank_details_read (customer_id, read_at)',
    ]);
  },
};
