import { sql, type RawBuilder } from 'kysely';

/**
 * The new value of a row's `custom_fields` with `fields` merged in, for a SET clause: keys present
 * replace their values, other keys stay, a null value removes its key. One expression, so the merge
 * can ride along with another change of the same row (a state move) in one statement.
 */
export function mergedCustomFields(fields: Record<string, unknown>): RawBuilder<unknown> {
  const removed = Object.keys(fields).filter((key) => fields[key] === null);
  const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
  return sql`(COALESCE(custom_fields, '{}'::jsonb) || ${JSON.stringify(set)}::jsonb) - ${removed}::text[]`;
}
