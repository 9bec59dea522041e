import type { EntityDefinition, FieldDefinition } from './definition.js';

/** An entity as the API returns it: camelCase fields, `id`, `apiAlias`, loaded associations. */
export type EntityRecord = Record<string, unknown> & { id: string; apiAlias: string };

/** Fields a read returns: everything except password and write-only fields. */
export function readableFields(def: EntityDefinition): ReadonlyArray<[string, FieldDefinition]> {
  // every read serializes every row through this list: computed once per definition's field set
  let fields = readable.get(def.fields);
  if (!fields) {
    fields = Object.entries(def.fields).filter(([, f]) => !f.writeOnly && f.type !== 'password' && f.type !== 'secret');
    readable.set(def.fields, fields);
  }
  return fields;
}

const readable = new WeakMap<EntityDefinition['fields'], Array<[string, FieldDefinition]>>();

/**
 * Converts a row (selected with field names as column aliases) to the API form. NUMERIC comes back
 * from pg as a string and timestamps as Date; the API gives numbers and ISO strings. Rows built by
 * row_to_json (association trees) carry uuids with dashes and timestamps as strings with microseconds. Empty or NULL
 * customFields read as `{}` (as Shopware answers them), so clients never need a null check.
 */
export function serializeRow(def: EntityDefinition, row: Record<string, unknown>): EntityRecord {
  const entity: Record<string, unknown> = { id: convert(ID_FIELD, row.id) };
  for (const [name, field] of readableFields(def)) {
    if (name === 'id') continue;
    entity[name] = convert(field, row[name]);
  }
  if ('customFields' in def.fields && (entity.customFields === null || entity.customFields === undefined)) entity.customFields = {};
  entity.apiAlias = def.name;
  return entity as EntityRecord;
}

const ID_FIELD: FieldDefinition = { type: 'id' };

function convert(field: FieldDefinition, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'float':
    case 'int':
      return typeof value === 'string' ? Number(value) : value;
    case 'datetime':
      if (value instanceof Date) return value.toISOString();
      // row_to_json renders timestamptz as "2026-11-24T15:31:18.123456+00:00"; the API form has milliseconds
      return typeof value === 'string' ? new Date(value).toISOString() : value;
    case 'id':
      return typeof value === 'string' && value.length === 36 ? value.replace(/-/g, '') : value;
    default:
      return value;
  }
}

/**
 * Trims entities to `includes[apiAlias]` (Shopware's partial output), keeping `id` and `apiAlias`;
 * nested entities are trimmed by their own alias.
 */
export function applyIncludes(value: unknown, includes: Record<string, string[]> | undefined): unknown {
  if (!includes || Object.keys(includes).length === 0) return value;
  if (Array.isArray(value)) return value.map((v) => applyIncludes(v, includes));
  if (typeof value !== 'object' || value === null || typeof (value as EntityRecord).apiAlias !== 'string') return value;
  const entity = value as EntityRecord;
  const keep = includes[entity.apiAlias];
  const result: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(entity)) {
    if (keep && key !== 'id' && key !== 'apiAlias' && !keep.includes(key)) continue;
    result[key] = applyIncludes(v, includes);
  }
  return result;
}
