import { sql, type RawBuilder } from 'kysely';
import { LANGUAGE_SYSTEM } from '../../first-start/default-ids.js';

/**
 * The name of product row `alias` (a listing's derived row: `id`, `parent_id` and the inherited `name`) in
 * `languageId`: its translation, else its parent's, else its own name, as the product loader reads it. In the
 * system language the own name is that language's text, so no translation is looked up.
 */
export function productNameSql(alias: string, languageId: string): RawBuilder<string> {
  const t = sql.ref(alias);
  if (languageId === LANGUAGE_SYSTEM) return sql<string>`${t}.name`;
  const translated = (productColumn: string) =>
    sql`(SELECT pt.name FROM product_translation pt WHERE pt.product_id = ${sql.ref(`${alias}.${productColumn}`)} AND pt.language_id = ${languageId})`;
  return sql<string>`coalesce(${translated('id')}, ${translated('parent_id')}, ${t}.name)`;
}
