import { executeStatements } from '../database/schema.js';
import type { Migration } from '../database/migrations.js';

/**
 * Shopware's product SEO texts (`metaTitle`, `metaDescription`, `keywords`), the default language's on the
 * product and another language's on its translation as name and description are, and the shop's reply to
 * a review (`product_review.comment`), which the storefront shows under the review.
 */
export const productMetaReviewCommentMigration: Migration = {
  name: '0064_catalog_product_meta_review_comment',
  async up(db) {
    await executeStatements(db, [
      ...['product', 'product_translation'].map((table) => `ALTER TABLE ${table} ADD COLUMN meta_title varchar(255) NULL, ADD COLUMN meta_description text NULL, ADD COLUMN keywords text NULL`),
      'ALTER TABLE product_review ADD COLUMN comment text NULL',
    ]);
  },
};
