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
 * (a window count; a separate count only for a page past the end or the next-pages mode), and one per
 * requested association level (never one per row).
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
    const rows = await this.#page(exec, def, criteria, builder, selectList(def, 't0'));
    const entities = rows.map((row) => this.#serialize(def, row));
    await this.#loadAssociations(exec, def, entities, criteria);
    return { total: await this.#total(exec, def, criteria, rows), entities };
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
    // an exact total comes with the page: the window counts every match before LIMIT, one scan instead of two
    const total = exactTotalWanted(criteria) ? sql`, count(*) OVER () AS ${sql.id(TOTAL_COLUMN)}` : sql``;
    const result = await sql<Record<string, unknown>>`SELECT ${select}${total} FROM ${sql.table(tableName(def))} AS t0 WHERE ${where} ORDER BY ${order} ${paging}`.execute(exec);
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

  async #loadAssociations(exec: Executor, def: EntityDefinition, entities: EntityRecord[], criteria: Criteria): Promise<void> {
    if (entities.length === 0) return;
    for (const [name, nested] of Object.entries(criteria.associations ?? {})) {
      const association = def.associations?.[name];
      if (!association) continue;
      const target = this.registry.get(association.entity);
      if (association.type === 'many-to-one') await this.#loadToOne(exec, entities, name, association.foreignKey, target, nested);
      else await this.#loadToMany(exec, entities, name, association, target, nested);
    }
  }

  /** To-one: the nested criteria only contributes its own associations (a filter would hide the parent's link). */
  async #loadToOne(exec: Executor, entities: EntityRecord[], name: string, foreignKey: string, target: EntityDefinition, nested: Criteria): Promise<void> {
    const ids = [...new Set(entities.map((e) => e[foreignKey]).filter((v): v is string => typeof v === 'string'))];
    const found = ids.length > 0 ? (await this.search(exec, target, { ids, associations: nested.associations })).entities : [];
    const byId = new Map(found.map((e) => [e.id, e]));
    for (const entity of entities) entity[name] = byId.get(entity[foreignKey] as string) ?? null;
  }

  /**
   * To-many: one statement for all parents; filter, sort and paging of the nested criteria apply per
   * parent, using row_number() partitioned by the parent id.
   */
  async #loadToMany(
    exec: Executor,
    entities: EntityRecord[],
    name: string,
    association: Exclude<AssociationDefinition, { type: 'many-to-one' }>,
    target: EntityDefinition,
    nested: Criteria,
  ): Promise<void> {
    const builder = new CriteriaSql(this.registry);
    const alias = builder.nextAlias();
    const parentIds = entities.map((e) => e.id);
    let from: RawBuilder<unknown>;
    let parent: RawBuilder<unknown>;
    if (association.type === 'one-to-many') {
      from = sql`${sql.table(tableName(target))} AS ${sql.id(alias)}`;
      parent = sql`${sql.ref(`${alias}.${columnName(association.foreignKey, target.fields[association.foreignKey])}`)}`;
    } else {
      const mapping = builder.nextAlias();
      from = sql`${sql.table(association.mappingTable)} AS ${sql.id(mapping)} JOIN ${sql.table(tableName(target))} AS ${sql.id(alias)} ON ${sql.ref(`${alias}.id`)} = ${sql.ref(`${mapping}.${association.referenceColumn}`)}`;
      parent = sql`${sql.ref(`${mapping}.${association.localColumn}`)}`;
    }
    const where = allOf([builder.inList(parent, parentIds), ...builder.conditions(target, alias, nested)]);
    const order = sql.join(builder.orderBy(target, alias, nested.sort));
    const offset = nested.limit ? nested.limit * ((nested.page ?? 1) - 1) : 0;
    const window = nested.limit
      ? sql`WHERE ${sql.ref('x.__rn')} > ${offset} AND ${sql.ref('x.__rn')} <= ${offset + nested.limit}`
      : sql``;
    const result = await sql<Record<string, unknown>>`
      SELECT * FROM (
        SELECT ${selectList(target, alias)}, ${parent} AS "__parent", row_number() OVER (PARTITION BY ${parent} ORDER BY ${order}) AS "__rn"
        FROM ${from} WHERE ${where}
      ) AS x ${window} ORDER BY "__parent", "__rn"`.execute(exec);
    const children = result.rows.map((row) => ({ parent: row.__parent as string, entity: this.#serialize(target, row) }));
    await this.#loadAssociations(
      exec,
      target,
      children.map((c) => c.entity),
      nested,
    );
    const byParent = new Map<string, EntityRecord[]>(parentIds.map((id) => [id, []]));
    for (const child of children) byParent.get(child.parent)?.push(child.entity);
    const single = association.type === 'one-to-many' && association.single === true;
    for (const entity of entities) {
      const list = byParent.get(entity.id) ?? [];
      entity[name] = single ? (list[0] ?? null) : list;
    }
  }
}

function selectList(def: EntityDefinition, alias: string): RawBuilder<unknown> {
  return sql.join(readableFields(def).map(([name, field]) => sql`${sql.ref(`${alias}.${columnName(name, field)}`)} AS ${sql.id(name)}`));
}

function allOf(conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return conditions.length === 0 ? sql<SqlBool>`TRUE` : sql<SqlBool>`${sql.join(conditions, sql` AND `)}`;
}
