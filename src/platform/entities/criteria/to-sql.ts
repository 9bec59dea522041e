import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { columnName, tableName, type EntityDefinition } from '../definition.js';
import type { EntityRegistry } from '../registry.js';
import { resolveFieldPath, type PathHop, type ResolvedPath } from './field-path.js';
import type { Criteria, Filter, ScalarValue, Sorting } from './types.js';
import { normalizeFilterValue, normalizeRangeValue } from './values.js';

type Condition = RawBuilder<SqlBool>;

/**
 * Translates criteria into SQL fragments. Identifiers come only from definitions (sql.ref / sql.table);
 * every user value is a bound parameter. Paths through associations become EXISTS subqueries, so a
 * match in a to-many association never duplicates root rows; sort paths (to-one only: many-to-one or
 * a `single` one-to-many) become scalar subqueries.
 */
export class CriteriaSql {
  #aliasCounter = 0;
  constructor(readonly registry: EntityRegistry) {}

  /** A fresh table alias; one builder instance is used per statement so aliases never clash. */
  nextAlias(): string {
    return `t${++this.#aliasCounter}`;
  }

  /** ids, filter, post-filter and term of one criteria level, AND-ed. */
  conditions(def: EntityDefinition, alias: string, criteria: Criteria): Condition[] {
    const result: Condition[] = [];
    if (criteria.ids) result.push(this.inList(sql.ref(`${alias}.id`), criteria.ids));
    for (const filter of [...(criteria.filter ?? []), ...(criteria.postFilter ?? [])]) result.push(this.filter(def, alias, filter));
    if (criteria.term) result.push(this.term(def, alias, criteria.term));
    return result;
  }

  filter(def: EntityDefinition, alias: string, filter: Filter): Condition {
    switch (filter.type) {
      case 'multi':
      case 'not': {
        const parts = filter.queries.map((q) => this.filter(def, alias, q));
        const joined = sql<SqlBool>`(${sql.join(parts, filter.operator === 'OR' ? sql` OR ` : sql` AND `)})`;
        return filter.type === 'not' ? sql<SqlBool>`NOT ${joined}` : joined;
      }
      default: {
        const path = resolveFieldPath(this.registry, def, filter.field, '');
        // "equals null" through associations means "no related value": NOT EXISTS of a non-null one,
        // which also matches rows without any related row (as a LEFT JOIN would).
        if (filter.type === 'equals' && filter.value === null && path.hops.length > 0) {
          return sql<SqlBool>`NOT ${this.#through(path, path.hops, alias, (column) => sql<SqlBool>`${column} IS NOT NULL`)}`;
        }
        return this.#through(path, path.hops, alias, (column) => this.#leaf(path, column, filter));
      }
    }
  }

  /** Case-insensitive substring match over the searchable fields (all string fields if none is marked). */
  term(def: EntityDefinition, alias: string, term: string): Condition {
    // Secrets are never searchable: a term must not become an oracle for write-only values.
    const readable = Object.entries(def.fields).filter(([, f]) => !f.writeOnly && f.type !== 'password' && f.type !== 'secret');
    const fields = readable.filter(([, f]) => f.searchable);
    const candidates = fields.length > 0 ? fields : readable.filter(([, f]) => f.type === 'string' || f.type === 'text');
    if (candidates.length === 0) return sql<SqlBool>`FALSE`;
    const pattern = `%${escapeLike(term)}%`;
    return sql<SqlBool>`(${sql.join(
      candidates.map(([name, f]) => sql`${sql.ref(`${alias}.${columnName(name, f)}`)}::text ILIKE ${pattern}`),
      sql` OR `,
    )})`;
  }

  /** ORDER BY items (`expr ASC`) for the sortings, then the definition default, then id for stable pages. */
  orderBy(def: EntityDefinition, alias: string, sort: Sorting[] | undefined): RawBuilder<unknown>[] {
    const sortings = sort && sort.length > 0 ? sort : (def.defaultSort ?? [{ field: 'createdAt', order: 'ASC' as const }]);
    const items = sortings.map((s) => {
      const path = resolveFieldPath(this.registry, def, s.field, '', 'FRAMEWORK__INVALID_SORT_QUERY');
      return sql`${this.#sortValue(path, path.hops, alias)} ${sql.raw(s.order === 'DESC' ? 'DESC' : 'ASC')}`;
    });
    items.push(sql`${sql.ref(`${alias}.id`)} ASC`);
    return items;
  }

  /** Walks the hops with EXISTS subqueries and applies `leaf` to the final column. */
  #through(path: ResolvedPath, hops: PathHop[], alias: string, leaf: (column: RawBuilder<unknown>) => Condition): Condition {
    if (hops.length === 0) return leaf(columnExpression(path, alias));
    const [hop, ...rest] = hops;
    const next = this.nextAlias();
    const inner = this.#through(path, rest, next, leaf);
    const target = sql`${sql.table(tableName(hop.to))} AS ${sql.id(next)}`;
    const association = hop.association;
    switch (association.type) {
      case 'many-to-one':
        return sql<SqlBool>`EXISTS (SELECT 1 FROM ${target} WHERE ${sql.ref(`${next}.id`)} = ${sql.ref(`${alias}.${fkColumn(hop.from, association.foreignKey)}`)} AND ${inner})`;
      case 'one-to-many':
        return sql<SqlBool>`EXISTS (SELECT 1 FROM ${target} WHERE ${sql.ref(`${next}.${fkColumn(hop.to, association.foreignKey)}`)} = ${sql.ref(`${alias}.id`)} AND ${inner})`;
      case 'many-to-many': {
        const mapping = this.nextAlias();
        return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.table(association.mappingTable)} AS ${sql.id(mapping)} JOIN ${target} ON ${sql.ref(`${next}.id`)} = ${sql.ref(`${mapping}.${association.referenceColumn}`)} WHERE ${sql.ref(`${mapping}.${association.localColumn}`)} = ${sql.ref(`${alias}.id`)} AND ${inner})`;
      }
    }
  }

  #sortValue(path: ResolvedPath, hops: PathHop[], alias: string): RawBuilder<unknown> {
    if (hops.length === 0) return columnExpression(path, alias);
    const [hop, ...rest] = hops;
    const association = hop.association;
    const next = this.nextAlias();
    const target = sql`${sql.table(tableName(hop.to))} AS ${sql.id(next)}`;
    if (association.type === 'many-to-one') {
      return sql`(SELECT ${this.#sortValue(path, rest, next)} FROM ${target} WHERE ${sql.ref(`${next}.id`)} = ${sql.ref(`${alias}.${fkColumn(hop.from, association.foreignKey)}`)})`;
    }
    if (association.type !== 'one-to-many' || !association.single) throw new Error(`sorting through to-many association ${hop.name}`);
    // a single (one-to-one) child: the one the reader shows, should the table hold more than one
    const first = sql.join(this.orderBy(hop.to, next, undefined));
    return sql`(SELECT ${this.#sortValue(path, rest, next)} FROM ${target} WHERE ${sql.ref(`${next}.${fkColumn(hop.to, association.foreignKey)}`)} = ${sql.ref(`${alias}.id`)} ORDER BY ${first} LIMIT 1)`;
  }

  #leaf(path: ResolvedPath, column: RawBuilder<unknown>, filter: Exclude<Filter, { type: 'multi' | 'not' }>): Condition {
    const json = path.jsonPath.length > 0;
    switch (filter.type) {
      case 'equals': {
        const value = normalizeFilterValue(path, filter.value, '');
        if (value === null) return sql<SqlBool>`${column} IS NULL`;
        return sql<SqlBool>`${column} = ${json ? String(value) : value}`;
      }
      case 'equalsAny': {
        const values = filter.value.map((v) => normalizeFilterValue(path, v, ''));
        const present = values.filter((v): v is Exclude<ScalarValue, null> => v !== null).map((v) => (json ? String(v) : v));
        const inList = present.length > 0 ? this.inList(column, present) : sql<SqlBool>`FALSE`;
        return values.includes(null) ? sql<SqlBool>`(${inList} OR ${column} IS NULL)` : inList;
      }
      case 'contains':
        return sql<SqlBool>`${column}::text ILIKE ${`%${escapeLike(filter.value)}%`}`;
      case 'prefix':
        return sql<SqlBool>`${column}::text ILIKE ${`${escapeLike(filter.value)}%`}`;
      case 'suffix':
        return sql<SqlBool>`${column}::text ILIKE ${`%${escapeLike(filter.value)}`}`;
      case 'range': {
        const operators = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;
        const parts = (Object.keys(operators) as Array<keyof typeof operators>)
          .filter((key) => filter.parameters[key] !== undefined)
          .map((key) => {
            const bound = normalizeRangeValue(path, filter.parameters[key], '');
            // JSON values compare numerically only when the stored value is a JSON number.
            const left = json && typeof bound === 'number' ? numericJson(column) : column;
            return sql<SqlBool>`${left} ${sql.raw(operators[key])} ${bound}`;
          });
        return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
      }
    }
  }

  inList(column: RawBuilder<unknown>, values: ReadonlyArray<string | number | boolean>): Condition {
    if (values.length === 0) return sql<SqlBool>`FALSE`;
    return sql<SqlBool>`${column} IN (${sql.join(values.map((v) => sql.val(v)))})`;
  }
}

function fkColumn(def: EntityDefinition, field: string): string {
  return columnName(field, def.fields[field]);
}

/** The column, or the text at a JSON path inside it (`customFields.x` → `custom_fields #>> '{x}'`). */
function columnExpression(path: ResolvedPath, alias: string): RawBuilder<unknown> {
  const ref = sql.ref(`${alias}.${columnName(path.field, path.fieldDefinition)}`);
  if (path.jsonPath.length === 0) return sql`${ref}`;
  return sql`(${ref} #>> ${sql.val(path.jsonPath)}::text[])`;
}

function numericJson(text: RawBuilder<unknown>): RawBuilder<unknown> {
  // Cast only text that looks like a number, so a string stored under the key never fails the query.
  return sql`(CASE WHEN ${text} ~ '^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$' THEN (${text})::numeric END)`;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
