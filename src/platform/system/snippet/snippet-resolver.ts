import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../../database/transaction.js';

/** One language's snippets as `GET /store-api/snippet` answers them (Shopware's SnippetSetResult). */
export interface SnippetSetResult {
  languageId: string;
  locale: string;
  /** Null: the platform has one language and no snippet files, so nothing falls back to another locale. */
  fallbackLocale: null;
  /** The set read, the first of the language's locale; null when there is none. */
  snippetSetId: string | null;
  /** Content hash of `snippets`. */
  hash: string;
  snippets: Record<string, string>;
  apiAlias: 'snippet_set_result';
}

interface LanguageSnippetsRow {
  language_id: string;
  locale_code: string;
  set_id: string | null;
  snippets: Record<string, string> | null;
}

/**
 * The snippets of `languageIds` (each assigned to the channel: the others are left out, the caller
 * checks) in one statement: per language the snippet set of its locale and that set's rows, keys
 * limited to `prefixes` (a prefix matches whole key segments) when any are given.
 */
export async function resolveSnippets(db: Executor, salesChannelId: string, languageIds: string[], prefixes: string[]): Promise<SnippetSetResult[]> {
  const keyFilter =
    prefixes.length === 0 ? sql`true` : sql`(sn.translation_key = ANY(${prefixes}::text[]) OR ${sql.join(prefixes.map((prefix) => sql`starts_with(sn.translation_key, ${`${prefix}.`})`), sql` OR `)})`;
  const result = await sql<LanguageSnippetsRow>`
    SELECT l.id AS language_id, l.locale_code, s.id AS set_id,
      (SELECT json_object_agg(sn.translation_key, sn.value ORDER BY sn.translation_key) FROM snippet sn WHERE sn.set_id = s.id AND ${keyFilter}) AS snippets
    FROM language l
    LEFT JOIN LATERAL (SELECT ss.id FROM snippet_set ss WHERE ss.iso = l.locale_code ORDER BY ss.created_at, ss.id LIMIT 1) s ON true
    WHERE l.id = ANY(${languageIds}::uuid[])
      AND EXISTS (SELECT 1 FROM sales_channel_language scl WHERE scl.language_id = l.id AND scl.sales_channel_id = ${salesChannelId})`.execute(db);
  const byId = new Map(result.rows.map((row) => [row.language_id, row]));
  return languageIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const snippets = row.snippets ?? {};
    return [{ languageId: id, locale: row.locale_code, fallbackLocale: null, snippetSetId: row.set_id, hash: contentHash(JSON.stringify(snippets)), snippets, apiAlias: 'snippet_set_result' as const }];
  });
}

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}
