import type { Migration } from '../../database/migrations.js';
import { executeStatements } from '../../database/schema.js';

/**
 * Shopware's customer_wishlist (one per customer and sales channel) and customer_wishlist_product (each
 * product once per wishlist). Deleting the customer, the channel or the product removes their entries.
 */
export const customerWishlistMigration: Migration = {
  name: '0034_customer_wishlist',
  async up(db) {
    await executeStatements(db, [
      `CREATE TABLE customer_wishlist (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customer(id) ON DELETE CASCADE,
        sales_channel_id uuid NOT NULL REFERENCES sales_channel(id) ON DELETE CASCADE,
        custom_fields jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NULL
      )`,
      'CREATE UNIQUE INDEX customer_wishlist_customer_channel_uniq ON customer_wishlist (customer_id, sales_channel_id)',
      `CREATE TABLE customer_wishlist_product (
        id uuid PRIMARY KEY,
        customer_wishlist_id uuid NOT NULL REFERENCES customer_wishlist(id) ON DELETE CASCADE,
        product_id uuid NOT NULL REFERENCES product(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NULL
      )`,
      'CREATE UNIQUE INDEX customer_wishlist_product_uniq ON customer_wishlist_product (customer_wishlist_id, product_id)',
      'CREATE INDEX customer_wishlist_product_product_idx ON customer_wishlist_product (product_id)',
    ]);
  },
};
