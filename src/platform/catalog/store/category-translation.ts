import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';

/**
 * The name of category `alias` in `languageId`: its translation (category_translation), else its own name
 * (the default language's text). A SQL expression for a select list.
 */
export function categoryNameSql(alias: string, languageId: string) {
  return sql<string>`coalesce((SELECT ct.name FROM category_translation ct
    WHERE ct.category_id = ${sql.ref(`${alias}.id`)} AND ct.language_id = ${languageId}), ${sql.ref(`${alias}.name`)})`;
}

export interface CategoryText {
  name: string | null;
  description: string | null;
}

/** The translations of categories `ids` in `languageId` (one statement; ids without one are missing from the map). */
export async function categoryTranslations(within: Db | UnitOfWork, languageId: string, ids: Iterable<string>): Promise<Map<string, CategoryText>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await executorOf(within)
    .selectFrom('category_translation')
    .select(['category_id', 'name', 'description'])
    .where('language_id', '=', languageId)
    .where('category_id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.category_id as string, { name: row.name as string | null, description: row.description as string | null }]));
}
