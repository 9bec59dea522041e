import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import type { CustomFieldSetDeclaration } from '../extensions.js';
import { newId } from '../ids.js';

/**
 * Writes the custom field sets extensions declare. Sync is idempotent and keyed by name: a set or field
 * that exists is updated in place (its id, and so every reference to it, survives), a missing one is
 * created, and fields or relations the declaration no longer lists are removed from the set.
 */
export class CustomFieldService {
  async syncSets(within: Db | UnitOfWork, declarations: CustomFieldSetDeclaration[]): Promise<void> {
    const db = executorOf(within);
    for (const declaration of declarations) {
      const config = JSON.stringify({ label: declaration.label ?? { 'en-GB': declaration.name } });
      const set = await db
        .insertInto('custom_field_set')
        .values({ id: newId(), name: declaration.name, config, active: true })
        .onConflict((oc) => oc.column('name').doUpdateSet({ config, updated_at: sql`now()` }))
        .returning('id')
        .executeTakeFirstOrThrow();

      for (const field of declaration.fields) {
        const fieldConfig = JSON.stringify({ label: field.label ?? { 'en-GB': field.name }, ...field.config });
        await db
          .insertInto('custom_field')
          .values({ id: newId(), name: field.name, type: field.type, config: fieldConfig, custom_field_set_id: set.id })
          .onConflict((oc) =>
            oc.column('name').doUpdateSet({ type: field.type, config: fieldConfig, custom_field_set_id: set.id, updated_at: sql`now()` }),
          )
          .execute();
      }
      const names = declaration.fields.map((f) => f.name);
      let stale = db.deleteFrom('custom_field').where('custom_field_set_id', '=', set.id);
      if (names.length > 0) stale = stale.where('name', 'not in', names);
      await stale.execute();

      for (const entityName of declaration.relations) {
        await db
          .insertInto('custom_field_set_relation')
          .values({ id: newId(), custom_field_set_id: set.id, entity_name: entityName })
          .onConflict((oc) => oc.columns(['custom_field_set_id', 'entity_name']).doNothing())
          .execute();
      }
      let staleRelations = db.deleteFrom('custom_field_set_relation').where('custom_field_set_id', '=', set.id);
      if (declaration.relations.length > 0) staleRelations = staleRelations.where('entity_name', 'not in', declaration.relations);
      await staleRelations.execute();
    }
  }

  /** Removes the sets with their fields and relations (the values on entities stay as they are). */
  async removeSets(within: Db | UnitOfWork, names: string[]): Promise<void> {
    if (names.length === 0) return;
    await executorOf(within).deleteFrom('custom_field_set').where('name', 'in', names).execute();
  }
}
