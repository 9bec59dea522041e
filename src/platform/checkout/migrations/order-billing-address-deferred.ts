import { sql } from 'kysely';
import type { Migration } from '../../database/migrations.js';

/**
 * An order and its billing address reference each other. With the order's key checked at commit, order
 * placement inserts the order already pointing at the address it inserts next, instead of inserting it
 * without and updating it afterwards (one statement less per order).
 */
export const orderBillingAddressDeferredMigration: Migration = {
  name: '0017_order_billing_address_deferred',
  async up(db) {
    await sql`ALTER TABLE "order" ALTER CONSTRAINT order_billing_address_fk DEFERRABLE INITIALLY DEFERRED`.execute(db);
  },
};
