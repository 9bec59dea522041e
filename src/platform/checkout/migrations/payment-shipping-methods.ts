import type { Migration } from '../../database/migrations.js';
import { createEntityTable } from '../../database/schema.js';

export const paymentShippingMethodsMigration: Migration = {
  name: '0008_payment_shipping_methods',
  async up(db) {
    await createEntityTable(db, 'payment_method', [
      'technical_name varchar(255) NOT NULL UNIQUE',
      'name varchar(255) NOT NULL',
      'description text NULL',
      'handler_identifier varchar(255) NOT NULL',
      'position int NOT NULL DEFAULT 1',
      'active boolean NOT NULL DEFAULT true',
      'after_order_enabled boolean NOT NULL DEFAULT true',
      'availability_rule_id uuid NULL REFERENCES rule(id) ON DELETE SET NULL',
      'media_id uuid NULL REFERENCES media(id) ON DELETE SET NULL',
    ]);
    await createEntityTable(db, 'shipping_method', [
      'technical_name varchar(255) NULL UNIQUE',
      'name varchar(255) NOT NULL',
      'description text NULL',
      'active boolean NOT NULL DEFAULT true',
      'position int NOT NULL DEFAULT 1',
      'availability_rule_id uuid NULL REFERENCES rule(id) ON DELETE SET NULL',
      'tax_id uuid NULL REFERENCES tax(id) ON DELETE SET NULL',
      'price jsonb NOT NULL',
      'delivery_time_min_days int NOT NULL DEFAULT 1',
      'delivery_time_max_days int NOT NULL DEFAULT 3',
    ]);
  },
};
