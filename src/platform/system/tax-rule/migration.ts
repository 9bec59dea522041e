import type { Migration } from '../../database/migrations.js';
import { createEntityTable, executeStatements } from '../../database/schema.js';
import { defaultShopId } from '../../first-start/default-ids.js';
import { TAX_RULE_TYPES } from './tax-rule-types.js';

/**
 * Taxes by country (Shopware's `tax_rule` and `tax_rule_type`): a tax's rate for one country, optionally
 * narrowed to states, a zip code or a zip code range (`data`), from `active_from` on.
 */
export const taxRuleMigration: Migration = {
  name: '0035_system_tax_rule',
  async up(db) {
    await createEntityTable(db, 'tax_rule_type', ['technical_name varchar(255) NOT NULL UNIQUE', 'type_name varchar(255) NOT NULL', 'position int NOT NULL']);
    await createEntityTable(db, 'tax_rule', [
      'tax_rule_type_id uuid NOT NULL REFERENCES tax_rule_type(id)',
      'country_id uuid NOT NULL REFERENCES country(id) ON DELETE CASCADE',
      'tax_id uuid NOT NULL REFERENCES tax(id) ON DELETE CASCADE',
      'tax_rate numeric(10,3) NOT NULL CHECK (tax_rate >= 0 AND tax_rate < 100)',
      'data jsonb NULL',
      'active_from timestamptz NULL',
    ]);
    // prices look rules up by tax and the shipping country
    await executeStatements(db, ['CREATE INDEX tax_rule_tax_country_idx ON tax_rule (tax_id, country_id)', 'CREATE INDEX tax_rule_country_idx ON tax_rule (country_id)']);
    await db
      .insertInto('tax_rule_type')
      .values(TAX_RULE_TYPES.map((type) => ({ id: defaultShopId('tax_rule_type', type.technicalName), technical_name: type.technicalName, type_name: type.typeName, position: type.position })))
      .execute();
  },
};
