import { createMappingTable, executeStatements } from '../database/schema.js';
import type { Migration } from '../database/migrations.js';

/**
 * Shopware's registration settings of a customer group: whether shoppers may register into it (and
 * in which sales channels), with the title and introduction of its registration page.
 */
export const customerGroupRegistrationMigration: Migration = {
  name: '0024_system_customer_group_registration',
  async up(db) {
    await executeStatements(db, [
      `ALTER TABLE customer_group
        ADD COLUMN registration_active boolean NOT NULL DEFAULT false,
        ADD COLUMN registration_title varchar(255) NULL,
        ADD COLUMN registration_introduction text NULL,
        ADD COLUMN registration_only_company_registration boolean NOT NULL DEFAULT false,
        ADD COLUMN registration_seo_meta_description text NULL`,
    ]);
    await createMappingTable(db, 'customer_group_registration_sales_channels', ['customer_group_id', 'customer_group'], ['sales_channel_id', 'sales_channel']);
  },
};
