import { executeStatements, createEntityTable } from '../database/schema.js';
import type { Migration } from '../database/migrations.js';
import { defaultShopId } from '../first-start/default-ids.js';

/** Shopware's salutations, which registration forms and addresses offer (same ids on every installation). */
export const DEFAULT_SALUTATIONS = [
  { key: 'mr', displayName: 'Mr.', letterName: 'Dear Mr.', position: 1 },
  { key: 'mrs', displayName: 'Mrs.', letterName: 'Dear Mrs.', position: 2 },
  { key: 'not_specified', displayName: 'Not specified', letterName: '', position: 3 },
] as const;

/**
 * Salutations and the states of countries (Shopware's `salutation` and `country_state`). The
 * salutations are data every shop needs and ship with the table; states come with the first start.
 */
export const salutationCountryStateMigration: Migration = {
  name: '0023_system_salutation_country_state',
  async up(db) {
    await createEntityTable(db, 'salutation', [
      'salutation_key varchar(255) NOT NULL UNIQUE',
      'display_name varchar(255) NOT NULL',
      'letter_name varchar(255) NOT NULL',
      'position int NOT NULL DEFAULT 1',
    ]);
    await createEntityTable(db, 'country_state', [
      'country_id uuid NOT NULL REFERENCES country(id) ON DELETE CASCADE',
      'short_code varchar(255) NOT NULL UNIQUE',
      'name varchar(255) NOT NULL',
      'position int NOT NULL DEFAULT 1',
      'active boolean NOT NULL DEFAULT true',
    ]);
    await executeStatements(db, ['CREATE INDEX country_state_country_idx ON country_state (country_id)']);
    await db
      .insertInto('salutation')
      .values(
        DEFAULT_SALUTATIONS.map((s) => ({
          id: defaultShopId('salutation', s.key),
          salutation_key: s.key,
          display_name: s.displayName,
          letter_name: s.letterName,
          position: s.position,
        })),
      )
      .execute();
  },
};
