import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../database/transaction.js';
import { CriteriaSql } from './criteria/to-sql.js';
import type { Criteria } from './criteria/types.js';
import { columnName, tableName, type AssociationDefinition, type EntityDefinition } from './definition.js';
import type { EntityRegistry } from './registry.js';
import { readableFields, serializeRow, type EntityRecord } from './serializer.js';

export interface SearchIdsResult {
  total: number;
  ids: string[];
}

export interface ReadResult {
  total: number;
  entities: EntityRecord[];
}

/** The column the page query carries an exact total in (not a field: serializers never see it). */
const TOTAL_COLUMN = '__total';

const exactTotalWanted = (criteria: Criteria) => !criteria.ids && criteria.limit !== undefined && criteria.totalCountMode === 'exact';

/**
 * Runs criteria against the database: one statement for the page of root rows and its exact total
 * (a count beside the page; a separate count only for a page past the end or the next-pages mode). Requested
 * associations, at any depth, come as JSON columns of the same statement, or of one more statement for a
 * page (never one per row or per association).
 */
export class EntityReader {
  constructor(private readonly registry: EntityRegistry) {}

  async searchIds(exec: Executor, def: EntityDefinition, criteria: Criteria): Promise<SearchIdsResult> {
    const builder = new CriteriaSql(this.registry);
    const rows = await this.#page(exec, def, criteria, builder, sql`${sql.ref('t0.id')} AS ${sql.id('id')}`);
    const ids = rows.map((r) => r.id as string);
    return { total: await this.#total(exec, def, criteria, rows), ids };
  }

  async search(exec: Executor, def: EntityDefinition, criteria: Criteria): Promise<ReadResult> {
    const builder = new CriteriaSql(this.registry);
    const wanted = requestedAssociations(def, criteria);
    // Without paging every root row is returned, so the association tree rides on the root statement.
    // A page goes first alone: PostgreSQL may evaluate select-list subqueries before it sorts and cuts.
    const inline = wanted.length > 0 && (criteria.ids !== undefined || criteria.limit === undefined);
    const select = inline ? this.#rowSelect(builder, def, 't0', criteria) : selectList(def, 't0');
    const rows = await this.#page(exec, def, criteria, builder, select);
    if (wanted.length > 0 && !inline && rows.length > 0) await this.#readAssociationTrees(exec, def, wanted, rows);
    const entities = rows.map((row) => this.#hydrate(def, row, criteria));
    return { total: await this.#total(exec, def, criteria, rows), entities };
  }

  /** The association trees of a page's rows in one statement, merged into the rows by id. */
  async #readAssociationTrees(exec: Executor, def: EntityDefinition, wanted: RequestedAssociation[], rows: Record<string, unknown>[]): Promise<void> {
    const builder = new CriteriaSql(this.registry);
    const ids = rows.map((row) => row.id as string);
    const result = await sql<Record<string, unknown>>`SELECT t0.id AS "id", ${this.#associationColumns(builder, def, 't0', wanted)}
      FROM ${sql.table(tableName(def))} AS t0 WHERE ${builder.inList(sql.ref('t0.id'), ids)}`.execute(exec);
    const trees = new Map(result.rows.map((tree) => [tree.id as string, tree]));
    for (const row of rows) Object.assign(row, trees.get(row.id as string), { id: row.id });
  }

  /**
   * One JSON column per requested association of `alias`: a correlated subquery building the associated
   * rows (and, recursively, their own associations) with row_to_json, so a whole tree costs no statement
   * of its own. To-one reads follow the foreign key (a nested filter would hide the parent's link);
   * to-many apply the nested criteria's filter, sort and paging per parent.
   */
  #associationColumns(builder: CriteriaSql, def: EntityDefinition, alias: string, wanted: RequestedAssociation[]): RawBuilder<unknown> {
    const columns: RawBuilder<unknown>[] = [];
    for (const [name, association, nested] of wanted) {
      const target = this.registry.get(association.entity);
      const a = builder.nextAlias();
      const fields = this.#rowSelect(builder, target, a, nested);
      let json: RawBuilder<unknown>;
      if (association.type === 'many-to-one') {
        const foreignKey = sql.ref(`${alias}.${columnName(association.foreignKey, def.fields[association.foreignKey])}`);
        json = sql`SELECT row_to_json(x) FROM (SELECT ${fields} FROM ${sql.table(tableName(target))} AS ${sql.id(a)} WHERE ${sql.ref(`${a}.id`)} = ${foreignKey}) AS x`;
      } else {
        let from: RawBuilder<unknown>;
        let parent: RawBuilder<unknown>;
        if (association.type === 'one-to-many') {
          from = sql`${sql.table(tableName(target))} AS ${sql.id(a)}`;
          parent = sql.ref(`${a}.${columnName(association.foreignKey, target.fields[association.foreignKey])}`);
        } else {
          const mapping = builder.nextAlias();
          from = sql`${sql.table(association.mappingTable)} AS ${sql.id(mapping)} JOIN ${sql.table(tableName(target))} AS ${sql.id(a)} ON ${sql.ref(`${a}.id`)} = ${sql.ref(`${mapping}.${association.referenceColumn}`)}`;
          parent = sql.ref(`${mapping}.${association.localColumn}`);
        }
        const where = allOf([sql<SqlBool>`${parent} = ${sql.ref(`${alias}.id`)}`, ...builder.conditions(target, a, nested)]);
        const order = sql.join(builder.orderBy(target, a, nested.sort));
        const paging = nested.limit ? sql`LIMIT ${nested.limit} OFFSET ${nested.limit * ((nested.page ?? 1) - 1)}` : sql``;
        json = sql`SELECT coalesce(json_agg(x ORDER BY x."__rn"), '[]'::json) FROM (
          SELECT ${fields}, row_number() OVER (ORDER BY ${order}) AS "__rn" FROM ${from} WHERE ${where} ORDER BY ${order} ${paging}) AS x`;
      }
      columns.push(sql`(${json}) AS ${sql.id(name)}`);
    }
    return sql.join(columns);
  }

  /** A row's columns and, as JSON columns, the associations `criteria` asks for. */
  #rowSelect(builder: CriteriaSql, def: EntityDefinition, alias: string, criteria: Criteria): RawBuilder<unknown> {
    const wanted = requestedAssociations(def, criteria);
    return wanted.length > 0 ? sql`${selectList(def, alias)}, ${this.#associationColumns(builder, def, alias, wanted)}` : selectList(def, alias);
  }

  /** A row (root columns, or an object from row_to_json) with its association trees, in the API form. */
  #hydrate(def: EntityDefinition, row: Record<string, unknown>, criteria: Criteria): EntityRecord {
    const entity = this.#serialize(def, row);
    for (const [name, association, nested] of requestedAssociations(def, criteria)) {
      const target = this.registry.get(association.entity);
      const value = row[name];
      if (association.type === 'many-to-one') {
        entity[name] = value === null || value === undefined ? null : this.#hydrate(target, value as Record<string, unknown>, nested);
        continue;
      }
      const list = ((value ?? []) as Record<string, unknown>[]).map((child) => this.#hydrate(target, child, nested));
      entity[name] = association.type === 'one-to-many' && association.single === true ? (list[0] ?? null) : list;
    }
    return entity;
  }

  #serialize(def: EntityDefinition, row: Record<string, unknown>): EntityRecord {
    const entity = serializeRow(def, row);
    this.registry.decorateRead(def.name, entity);
    return entity;
  }

  /** The root statement: conditions, sorting and paging. `ids` replaces paging (Shopware). */
  async #page(exec: Executor, def: EntityDefinition, criteria: Criteria, builder: CriteriaSql, select: RawBuilder<unknown>): Promise<Record<string, unknown>[]> {
    const where = allOf(builder.conditions(def, 't0', criteria));
    const order = sql.join(builder.orderBy(def, 't0', criteria.sort));
    const paging =
      !criteria.ids && criteria.limit !== undefined ? sql`LIMIT ${criteria.limit} OFFSET ${criteria.limit * ((criteria.page ?? 1) - 1)}` : sql``;
    const table = sql.table(tableName(def));
    if (!exactTotalWanted(criteria)) {
      return (await sql<Record<string, unknown>>`SELECT ${select} FROM ${table} AS t0 WHERE ${where} ORDER BY ${order} ${paging}`.execute(exec)).rows;
    }
    // an exact total comes with the page, as an uncorrelated count the database runs once beside it. The
    // page sorts ids only (a product page of 20,000 sorted whole rows, JSON prices and all, before being
    // cut to 25) and stops at the page's end where an index gives the order (100,000 orders read through
    // `order_date_time`); a window count over the matches made every match pass through the sort
    const position = '__position';
    const counted = allOf(builder.conditions(def, 't0', criteria));
    const result = await sql<Record<string, unknown>>`
      WITH page AS (
        SELECT t0.id, row_number() OVER (ORDER BY ${order}) AS ${sql.id(position)}
        FROM ${table} AS t0 WHERE ${where} ORDER BY ${order} ${paging})
      SELECT ${select}, (SELECT count(*) FROM ${table} AS t0 WHERE ${counted}) AS ${sql.id(TOTAL_COLUMN)}
      FROM page JOIN ${table} AS t0 ON t0.id = page.id ORDER BY page.${sql.id(position)}`.execute(exec);
    return result.rows;
  }

  async #total(exec: Executor, def: EntityDefinition, criteria: Criteria, rows: Record<string, unknown>[]): Promise<number> {
    const mode = criteria.ids ? 'none' : (criteria.totalCountMode ?? 'none');
    if (mode === 'none' || criteria.limit === undefined) return rows.length;
    if (mode === 'exact') {
      if (rows.length > 0) return Number(rows[0]![TOTAL_COLUMN]);
      // a page past the end has no row to carry the count; the first page is simply empty
      if ((criteria.page ?? 1) === 1) return 0;
    }
    const builder = new CriteriaSql(this.registry);
    const where = allOf(builder.conditions(def, 't0', criteria));
    if (mode === 'exact') {
      const row = await exec.selectFrom(`${tableName(def)} as t0`).select(sql<number>`count(*)`.as('count')).where(where).executeTakeFirstOrThrow();
      return Number(row.count);
    }
    // next-pages: look up to five pages ahead (limit*6+1 rows from the page start, as Shopware reads),
    // so a pager can show the next pages without counting the whole table.
    const offset = criteria.limit * ((criteria.page ?? 1) - 1);
    const window = exec
      .selectFrom(`${tableName(def)} as t0`)
      .select('t0.id')
      .where(where)
      .orderBy('t0.id')
      .offset(offset)
      .limit(criteria.limit * 6 + 1);
    const row = await exec.selectFrom(window.as('w')).select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
    return offset + Number(row.count);
  }

  /**
   * The target ids of a many-to-many association per parent, read from the mapping table alone (no
   * target rows): for callers that only compare links, e.g. a seeder adding the missing ones.
   */
  async linkedIds(exec: Executor, def: EntityDefinition, name: string, parentIds: readonly string[]): Promise<Map<string, string[]>> {
    const association = def.associations?.[name];
    if (association?.type !== 'many-to-many') throw new Error(`${def.name}.${name} is not a many-to-many association`);
    const linked = new Map<string, string[]>(parentIds.map((id) => [id, []]));
    if (parentIds.length === 0) return linked;
    const parent = sql.ref(`m.${association.localColumn}`);
    const result = await sql<{ parent: string; id: string }>`
      SELECT ${parent} AS "parent", ${sql.ref(`m.${association.referenceColumn}`)} AS "id"
      FROM ${sql.table(association.mappingTable)} AS "m" WHERE ${new CriteriaSql(this.registry).inList(parent, parentIds)}`.execute(exec);
    for (const row of result.rows) linked.get(row.parent)?.push(row.id);
    return linked;
  }
}

/**
 * `alias.column AS "field"` for every readable field. Identifiers come from definitions only; the list is
 * built once per definition and alias (a tree read names dozens of columns, and composing them as
 * separate references costs more than the database takes to run the statement).
 */
type RequestedAssociation = [name: string, association: AssociationDefinition, nested: Criteria];

/** The associations `criteria` asks for that `def` has, with their nested criteria. */
function requestedAssociations(def: EntityDefinition, criteria: Criteria): RequestedAssociation[] {
  const wanted: RequestedAssociation[] = [];
  for (const [name, nested] of Object.entries(criteria.associations ?? {})) {
    const association = def.associations?.[name];
    if (association) wanted.push([name, association, nested]);
  }
  return wanted;
}

function selectList(def: EntityDefinition, alias: string): RawBuilder<unknown> {
  let byAlias = selectLists.get(def.fields);
  if (!byAlias) selectLists.set(def.fields, (byAlias = new Map()));
  let list = byAlias.get(alias);
  if (list === undefined) {
    list = readableFields(def)
      .map(([name, field]) => `${quoteIdentifier(alias)}.${quoteIdentifier(columnName(name, field))} AS ${quoteIdentifier(name)}`)
      .join(', ');
    byAlias.set(alias, list);
  }
  return sql.raw(list);
}

const selectLists = new WeakMap<EntityDefinition['fields'], Map<string, string>>();

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

function allOf(conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return conditions.length === 0 ? sql<SqlBool>`TRUE` : sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;
}
