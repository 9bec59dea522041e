import { executeStatements } from '../database/schema.js';
import type { Migration } from '../database/migrations.js';

/**
 * What a listing's filters and aggregations read besides the products themselves (manufacturers,
 * properties and variant options, approved reviews for the rating) raises the catalogue version too,
 * so the listing cache (store/listing-cache.ts) keeps filtered pages and aggregations until one of
 * them changes. Same deferred, once-per-transaction trigger as migration-listing-version.ts.
 */
const FILTER_TABLES = ['product_manufacturer', 'property_group', 'property_group_option', 'product_property', 'product_option', 'product_review'] as const;

export const listingVersionFiltersMigration: Migration = {
  name: '0024_catalog_listing_version_filters',
  async up(db) {
    await executeStatements(
      db,
      FILTER_TABLES.map(
        (table) => `CREATE CONSTRAINT TRIGGER ${table}_listing_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_listing_version_raise()`,
      ),
    );
  },
};
