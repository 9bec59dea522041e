import type { Migration } from '../database/migrations.js';
import { createEntityTable, executeStatements } from '../database/schema.js';

/** Languages, currencies, countries, taxes, price rules, customer groups and number ranges. */
export const systemMigration: Migration = {
  name: '0006_system',
  async up(db) {
    await createEntityTable(db, 'language', ['name varchar(255) NOT NULL', "locale_code varchar(16) NOT NULL DEFAULT 'en-GB'"]);
    await createEntityTable(db, 'currency', [
      'iso_code char(3) NOT NULL UNIQUE',
      'name varchar(255) NOT NULL',
      'short_name varchar(255) NULL',
      'symbol varchar(16) NOT NULL',
      'factor numeric(20,10) NOT NULL DEFAULT 1 CHECK (factor > 0)',
      'decimals smallint NOT NULL CHECK (decimals BETWEEN 0 AND 4)',
      'position int NOT NULL DEFAULT 1',
    ]);
    await createEntityTable(db, 'country', [
      'name varchar(255) NOT NULL',
      'iso char(2) NOT NULL UNIQUE',
      'iso3 char(3) NULL',
      'active boolean NOT NULL DEFAULT true',
      'shipping_available boolean NOT NULL DEFAULT true',
      'position int NOT NULL DEFAULT 1',
    ]);
    await createEntityTable(db, 'tax', [
      'name varchar(255) NOT NULL',
      'tax_rate numeric(10,3) NOT NULL CHECK (tax_rate >= 0 AND tax_rate < 100)',
      'position int NOT NULL DEFAULT 1',
    ]);
    await createEntityTable(db, 'rule', [
      'name varchar(255) NOT NULL',
      'priority int NOT NULL DEFAULT 1',
      'description text NULL',
      'conditions jsonb NULL',
      'invalid boolean NOT NULL DEFAULT false',
    ]);
    await createEntityTable(db, 'customer_group', ['name varchar(255) NOT NULL', 'display_gross boolean NOT NULL DEFAULT true']);
    await createEntityTable(db, 'number_range', [
      'name varchar(255) NOT NULL',
      'technical_name varchar(255) NOT NULL UNIQUE',
      "pattern varchar(255) NOT NULL DEFAULT '{n}'",
      'start bigint NOT NULL DEFAULT 10000 CHECK (start >= 0)',
    ]);
    // the last number handed out; reserving the next one is one atomic UPDATE ... RETURNING
    await executeStatements(db, [
      `CREATE TABLE number_range_state (
        number_range_id uuid PRIMARY KEY REFERENCES number_range(id) ON DELETE CASCADE,
        last_value bigint NOT NULL
      )`,
    ]);
  },
};
