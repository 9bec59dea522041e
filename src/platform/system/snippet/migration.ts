import type { Migration } from '../../database/migrations.js';
import { createEntityTable, executeStatements } from '../../database/schema.js';
import { defaultShopId } from '../../first-start/default-ids.js';

/** The locale of the system language, whose snippet set ships with the table. */
export const DEFAULT_SNIPPET_LOCALE = 'en-GB';

/**
 * Translations a front end reads (Shopware's `snippet_set` per locale and its `snippet` rows, key to
 * value). The storefront has no translatable strings of its own, so the default set starts empty and
 * holds what shop staff write through the Admin API.
 */
export const snippetMigration: Migration = {
  name: '0036_system_snippet',
  async up(db) {
    await createEntityTable(db, 'snippet_set', ['name varchar(255) NOT NULL', 'base_file varchar(255) NOT NULL', 'iso varchar(255) NOT NULL']);
    await createEntityTable(db, 'snippet', [
      'set_id uuid NOT NULL REFERENCES snippet_set(id) ON DELETE CASCADE',
      'translation_key varchar(255) NOT NULL',
      'value text NOT NULL',
      'author varchar(255) NOT NULL',
      'UNIQUE (set_id, translation_key)',
    ]);
    await executeStatements(db, ['CREATE INDEX snippet_set_iso_idx ON snippet_set (iso)']);
    await db
      .insertInto('snippet_set')
      .values({ id: defaultShopId('snippet_set', DEFAULT_SNIPPET_LOCALE), name: `BASE ${DEFAULT_SNIPPET_LOCALE}`, base_file: `messages.${DEFAULT_SNIPPET_LOCALE}`, iso: DEFAULT_SNIPPET_LOCALE })
      .execute();
  },
};
