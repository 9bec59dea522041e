import { executeStatements } from '../database/schema.js';
import type { Migration } from '../database/migrations.js';

/**
 * The roots of a sales channel's footer and service navigations (Shopware's `footerCategoryId` and
 * `serviceCategoryId`), which the Store API's `footer-navigation` and `service-navigation` name.
 */
export const footerServiceCategoriesMigration: Migration = {
  name: '0024_sales_channel_footer_service_categories',
  async up(db) {
    await executeStatements(db, [
      `ALTER TABLE sales_channel
        ADD COLUMN footer_category_id uuid NULL REFERENCES category(id) ON DELETE SET NULL,
        ADD COLUMN service_category_id uuid NULL REFERENCES category(id) ON DELETE SET NULL`,
    ]);
  },
};
