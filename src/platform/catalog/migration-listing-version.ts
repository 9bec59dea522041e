import { executeStatements } from '../database/schema.js';
import type { Migration } from '../database/migrations.js';

/** The tables a product listing's ids depend on (see store/product-listing-query.ts). */
const LISTING_TABLES = ['product_visibility', 'product_category', 'category', 'currency'] as const;

/**
 * A catalogue version for the listing cache (store/listing-cache.ts): one number that every committed
 * change to what a listing shows raises, whoever writes it (the Admin API, the seeder, plain SQL, any
 * process). The triggers are deferred constraint triggers, so the raise happens at commit, in the
 * writing transaction, once per transaction: a reader never sees the new version without the new rows,
 * and two writers only queue at their commits (no lock taken mid-transaction, so no deadlock).
 * A product update that only moves stock (order placement) leaves the version alone unless the
 * product runs out or comes back, which changes which variant a listing shows.
 */
export const listingVersionMigration: Migration = {
  name: '0019_catalog_listing_version',
  async up(db) {
    await executeStatements(db, [
      `CREATE TABLE catalog_listing_version (id smallint PRIMARY KEY CHECK (id = 1), version bigint NOT NULL)`,
      `INSERT INTO catalog_listing_version (id, version) VALUES (1, 1)`,
      `CREATE FUNCTION catalog_listing_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          -- once per transaction: the flag is transaction-local and names the transaction
          IF coalesce(current_setting('catalog.listing_version_raised', true), '') <> txid_current()::text THEN
            UPDATE catalog_listing_version SET version = version + 1 WHERE id = 1;
            PERFORM set_config('catalog.listing_version_raised', txid_current()::text, true);
          END IF;
          RETURN NULL;
        END $$`,
      `CREATE CONSTRAINT TRIGGER product_listing_version_write AFTER INSERT OR DELETE ON product
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_listing_version_raise()`,
      `CREATE CONSTRAINT TRIGGER product_listing_version_update AFTER UPDATE ON product
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
        WHEN ((OLD.stock > 0) IS DISTINCT FROM (NEW.stock > 0)
          OR (to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at'))
        EXECUTE FUNCTION catalog_listing_version_raise()`,
      ...LISTING_TABLES.map(
        (table) => `CREATE CONSTRAINT TRIGGER ${table}_listing_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_listing_version_raise()`,
      ),
    ]);
  },
};
