import type { Migration } from '../../database/migrations.js';
import { executeStatements } from '../../database/schema.js';

/**
 * Password recovery (one pending link per customer, kept as the SHA-256 of its token) and the double
 * opt-in of registrations (Shopware's customer columns; the link's token again only as its SHA-256).
 */
export const accountFlowsMigration: Migration = {
  name: '0031_customer_account_mail_flows',
  async up(db) {
    await executeStatements(db, [
      `CREATE TABLE customer_recovery (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
        hash char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE UNIQUE INDEX customer_recovery_customer_uniq ON customer_recovery (customer_id)',
      'CREATE UNIQUE INDEX customer_recovery_hash_uniq ON customer_recovery (hash)',
      'ALTER TABLE customer ADD COLUMN double_opt_in_registration boolean NOT NULL DEFAULT false',
      'ALTER TABLE customer ADD COLUMN double_opt_in_email_sent_date timestamptz NULL',
      'ALTER TABLE customer ADD COLUMN double_opt_in_confirm_date timestamptz NULL',
      'ALTER TABLE customer ADD COLUMN double_opt_in_hash char(64) NULL',
      'CREATE UNIQUE INDEX customer_double_opt_in_hash_uniq ON customer (double_opt_in_hash) WHERE double_opt_in_hash IS NOT NULL',
    ]);
  },
};
