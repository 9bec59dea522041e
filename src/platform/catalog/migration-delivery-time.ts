import { createEntityTable, executeStatements } from '../database/schema.js';
import type { Migration } from '../database/migrations.js';

/**
 * Shopware's `delivery_time` (name, min, max, unit) and a product's own delivery time
 * (`product.delivery_time_id`, left empty on a variant to inherit the parent's). Deleting a delivery time
 * leaves its products without one, as in Shopware.
 */
export const deliveryTimeMigration: Migration = {
  name: '0062_catalog_delivery_time',
  async up(db) {
    await createEntityTable(db, 'delivery_time', [
      'name varchar(255) NOT NULL',
      'min int NOT NULL CHECK (min >= 0)',
      'max int NOT NULL',
      "unit varchar(16) NOT NULL CHECK (unit IN ('hour', 'day', 'week', 'month', 'year'))",
      'CONSTRAINT delivery_time_range_check CHECK (max >= min)',
    ]);
    await executeStatements(db, [
      'ALTER TABLE product ADD COLUMN delivery_time_id uuid NULL REFERENCES delivery_time(id) ON DELETE SET NULL',
      'CREATE INDEX product_delivery_time_idx ON product (delivery_time_id)',
    ]);
  },
};
