import { sql } from 'kysely';
import type { Migration } from '../../database/migrations.js';

/**
 * Carts by context token. The payload holds only what the visitor chose (line items and quantities);
 * prices, taxes and shipping are calculated on every read, so a stored cart never shows stale prices.
 */
export const cartMigration: Migration = {
  name: '0014_cart',
  async up(db) {
    await sql`CREATE TABLE cart (
      token varchar(255) PRIMARY KEY,
      sales_channel_id uuid NOT NULL REFERENCES sales_channel(id) ON DELETE CASCADE,
      payload jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
    await sql`CREATE INDEX cart_sales_channel_idx ON cart (sales_channel_id)`.execute(db);
  },
  async down(db) {
    await sql`DROP TABLE IF EXISTS cart`.execute(db);
  },
};
