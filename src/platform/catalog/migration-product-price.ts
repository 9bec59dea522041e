import { createEntityTable, executeStatements } from '../database/schema.js';
import type { Migration } from '../database/migrations.js';

/**
 * Advanced prices (Shopware's `product_price`): quantity tiers of a product that apply while their rule
 * matches. A product has at most one tier per rule starting at a quantity.
 */
export const productPriceMigration: Migration = {
  name: '0018_catalog_product_price',
  async up(db) {
    await createEntityTable(db, 'product_price', [
      'product_id uuid NOT NULL REFERENCES product(id) ON DELETE CASCADE',
      'rule_id uuid NOT NULL REFERENCES rule(id) ON DELETE CASCADE',
      'quantity_start int NOT NULL CONSTRAINT product_price_quantity_start_check CHECK (quantity_start >= 1)',
      'quantity_end int NULL',
      'price jsonb NOT NULL',
      'CONSTRAINT product_price_quantity_range_check CHECK (quantity_end IS NULL OR quantity_end >= quantity_start)',
      'CONSTRAINT product_price_tier_unique UNIQUE (product_id, rule_id, quantity_start)',
    ]);
    await executeStatements(db, ['CREATE INDEX product_price_rule_idx ON product_price (rule_id)']);
  },
};
