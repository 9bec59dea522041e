import type { Migration } from '../database/migrations.js';
import { createEntityTable, createMappingTable, executeStatements } from '../database/schema.js';

/**
 * Sales channels, their domains and what they offer. `navigation_category_id` gets its foreign key
 * in the catalog migration, which creates categories.
 */
export const salesChannelMigration: Migration = {
  name: '0009_sales_channel',
  async up(db) {
    await createEntityTable(db, 'sales_channel', [
      'type_id uuid NOT NULL',
      'name varchar(255) NOT NULL',
      'short_name varchar(255) NULL',
      'access_key varchar(255) NOT NULL UNIQUE',
      'language_id uuid NOT NULL REFERENCES language(id)',
      'currency_id uuid NOT NULL REFERENCES currency(id)',
      'payment_method_id uuid NOT NULL REFERENCES payment_method(id)',
      'shipping_method_id uuid NOT NULL REFERENCES shipping_method(id)',
      'country_id uuid NOT NULL REFERENCES country(id)',
      'customer_group_id uuid NOT NULL REFERENCES customer_group(id)',
      'navigation_category_id uuid NOT NULL',
      'active boolean NOT NULL DEFAULT true',
      'maintenance boolean NOT NULL DEFAULT false',
      'configuration jsonb NULL',
    ]);
    await createEntityTable(db, 'sales_channel_domain', [
      'sales_channel_id uuid NOT NULL REFERENCES sales_channel(id) ON DELETE CASCADE',
      'url varchar(255) NOT NULL UNIQUE',
      'language_id uuid NOT NULL REFERENCES language(id)',
      'currency_id uuid NOT NULL REFERENCES currency(id)',
    ]);
    await createMappingTable(db, 'sales_channel_language', ['sales_channel_id', 'sales_channel'], ['language_id', 'language']);
    await createMappingTable(db, 'sales_channel_currency', ['sales_channel_id', 'sales_channel'], ['currency_id', 'currency']);
    await createMappingTable(db, 'sales_channel_country', ['sales_channel_id', 'sales_channel'], ['country_id', 'country']);
    await createMappingTable(db, 'sales_channel_payment_method', ['sales_channel_id', 'sales_channel'], ['payment_method_id', 'payment_method']);
    await createMappingTable(db, 'sales_channel_shipping_method', ['sales_channel_id', 'sales_channel'], ['shipping_method_id', 'shipping_method']);
    await executeStatements(db, [
      // the Store API context behind `sw-context-token`: chosen currency, payment, customer...
      `CREATE TABLE sales_channel_api_context (
        token varchar(255) PRIMARY KEY,
        sales_channel_id uuid NOT NULL REFERENCES sales_channel(id) ON DELETE CASCADE,
        customer_id uuid NULL,
        payload jsonb NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX sales_channel_api_context_customer_idx ON sales_channel_api_context (customer_id)',
      // system config per sales channel now has a sales channel to point at
      `DELETE FROM system_config WHERE sales_channel_id IS NOT NULL`,
      `ALTER TABLE system_config ADD CONSTRAINT system_config_sales_channel_fk
        FOREIGN KEY (sales_channel_id) REFERENCES sales_channel(id) ON DELETE CASCADE`,
    ]);
  },
};
