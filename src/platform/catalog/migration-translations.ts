import { createEntityTable, executeStatements } from '../database/schema.js';
import type { Migration } from '../database/migrations.js';

/**
 * Translated names and descriptions of products and categories (the decision is in docs/storefront.md):
 * the entity's own columns are the default language's text, a translation row holds another language's.
 * One row per entity and language. A translation changes what the (cached) navigation shows, so both
 * tables raise the catalogue version like the tables of migration-listing-version.ts.
 */
export const translationsMigration: Migration = {
  name: '0063_catalog_translations',
  async up(db) {
    await createEntityTable(db, 'product_translation', [
      'product_id uuid NOT NULL REFERENCES product(id) ON DELETE CASCADE',
      'language_id uuid NOT NULL REFERENCES language(id) ON DELETE CASCADE',
      'name varchar(255) NULL',
      'description text NULL',
    ]);
    await createEntityTable(db, 'category_translation', [
      'category_id uuid NOT NULL REFERENCES category(id) ON DELETE CASCADE',
      'language_id uuid NOT NULL REFERENCES language(id) ON DELETE CASCADE',
      'name varchar(255) NULL',
      'description text NULL',
    ]);
    await executeStatements(db, [
      'CREATE UNIQUE INDEX product_translation_language_uniq ON product_translation (product_id, language_id)',
      'CREATE UNIQUE INDEX category_translation_language_uniq ON category_translation (category_id, language_id)',
      ...['product_translation', 'category_translation'].map(
        (table) => `CREATE CONSTRAINT TRIGGER ${table}_listing_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_listing_version_raise()`,
      ),
    ]);
  },
};
