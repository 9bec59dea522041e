import { sql } from 'kysely';
import type { Migration } from '../../../database/migrations.js';

/**
 * Issued payment tokens, so a token can be used once: finalizing sets `invalidated_at` with one
 * conditional UPDATE. No foreign key to order_transaction (that table belongs to the order module's
 * migrations); rows are looked up by token id and by transaction.
 */
export const paymentTokenMigration: Migration = {
  name: '0013_payment_token',
  async up(db) {
    await sql`CREATE TABLE payment_token (
      token_id varchar(64) PRIMARY KEY,
      order_transaction_id uuid NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      invalidated_at timestamptz NULL
    )`.execute(db);
    await sql`CREATE INDEX idx_payment_token_order_transaction ON payment_token (order_transaction_id)`.execute(db);
  },
  async down(db) {
    await sql`DROP TABLE IF EXISTS payment_token`.execute(db);
  },
};
