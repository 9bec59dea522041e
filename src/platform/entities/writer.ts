import { sql } from 'kysely';
import { requirePrivileges, type ApiContext } from '../acl/context.js';
import type { UnitOfWork } from '../database/transaction.js';
import { errors, throwProblems } from '../errors/app-error.js';
import type { EventDispatcher } from '../events/dispatcher.js';
import { hashPassword } from '../security/password.js';
import type { SecretBox } from '../security/secret-box.js';
import type { SecretCustomFields } from '../custom-fields/secret-custom-fields.js';
import { mapDatabaseError } from './db-errors.js';
import { columnName, tableName, type EntityDefinition } from './definition.js';
import type { EntityRegistry } from './registry.js';
import type { LinkCommand, RowCommand, WriteCommand, WritePlan } from './write-plan.js';
import { isId } from '../ids.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { WritePlanner, type WriteMode, type WriteOptions } from './write-planner.js';

export type { WriteOptions } from './write-planner.js';

/** Rows per multi-row INSERT: far below PostgreSQL's 65,535 parameters for any table here. */
const MAX_ROWS_PER_INSERT = 200;

function sameTableInserts(first: WriteCommand, next: WriteCommand): boolean {
  return first.kind === 'row' && next.kind === 'row' && first.op === 'insert' && next.op === 'insert' && first.def === next.def;
}

/** Payload of `<entity>.written`, dispatched after commit. */
export interface EntityWrittenEvent {
  entity: string;
  ids: string[];
  /** The subset of `ids` that were inserted (the others were updated). */
  inserted: string[];
}

/** Payload of `<entity>.deleted`, dispatched after commit. */
export interface EntityDeletedEvent {
  entity: string;
  ids: string[];
}

/**
 * Plans, authorises and executes writes inside the caller's unit of work. Nothing is written unless
 * the whole payload is valid and every privilege is present; a database error rolls back everything
 * (the unit of work's transaction) and is reported as a 400 when it is a constraint violation.
 */
export class EntityWriter {
  constructor(
    private readonly registry: EntityRegistry,
    private readonly dispatcher: EventDispatcher,
    private readonly secretBox?: SecretBox,
    private readonly secretCustomFields?: SecretCustomFields,
  ) {}

  /** `data` as one object reports pointers like `/name`; as an array like `/0/name`. */
  async write(uow: UnitOfWork, def: EntityDefinition, data: unknown, mode: WriteMode, context: ApiContext, options: WriteOptions = {}): Promise<string[]> {
    const planner = new WritePlanner(this.registry, uow.db, context, options, this.secretCustomFields);
    const records = Array.isArray(data) ? data : [data];
    if (options.batched) {
      for (const [entity, ids] of this.#idsByEntity(def, records)) await planner.primeExisting(this.registry.get(entity), ids);
    }
    const ids: string[] = [];
    for (const [i, record] of records.entries()) {
      const id = await planner.record(def, record, Array.isArray(data) ? `/${i}` : '', mode);
      if (id) ids.push(id);
    }
    const { plan } = planner;
    // Privileges first: a caller without rights learns nothing about the validity of the payload.
    requirePrivileges(context, plan.privileges);
    throwProblems(plan.problems);
    if (options.batched && plan.commands.every((c) => c.kind === 'link' || c.op === 'insert')) await this.#executeBatched(uow, plan);
    else await this.#execute(uow, plan);
    for (const [entity, written] of plan.written) {
      const inserted = [...(plan.inserted.get(entity) ?? [])];
      await this.dispatcher.dispatch(uow, `${entity}.written`, { entity, ids: [...written], inserted } satisfies EntityWrittenEvent);
    }
    return ids;
  }

  async #execute(uow: UnitOfWork, plan: WritePlan): Promise<void> {
    const now = new Date().toISOString();
    const { commands } = plan;
    for (let start = 0; start < commands.length; ) {
      // consecutive inserts into one table (an array payload, a list of children) go out as one statement
      let end = start + 1;
      while (end < commands.length && end - start < MAX_ROWS_PER_INSERT && sameTableInserts(commands[start]!, commands[end]!)) end++;
      const batch = commands.slice(start, end);
      try {
        if (batch.length > 1) await this.#insertRows(uow, batch as RowCommand[], now);
        else await this.#run(uow, batch[0]!, now);
      } catch (error) {
        throw mapDatabaseError(error, batch[0]!.def, batch[0]!.pointer) ?? error;
      }
      start = end;
    }
  }

  /** The given ids of the records and of their nested one-to-many children, by entity (for one existence query each). */
  #idsByEntity(def: EntityDefinition, records: unknown[], into = new Map<string, string[]>()): Map<string, string[]> {
    for (const record of records) {
      if (!isPlainObject(record)) continue;
      const id = typeof record.id === 'string' ? record.id.toLowerCase() : undefined;
      if (isId(id)) {
        const ids = into.get(def.name);
        if (ids) ids.push(id);
        else into.set(def.name, [id]);
      }
      for (const [key, association] of Object.entries(def.associations ?? {})) {
        if (association.type !== 'one-to-many' || !this.registry.has(association.entity)) continue;
        const value = record[key];
        const children = Array.isArray(value) ? value : isPlainObject(value) ? [value] : [];
        if (children.length > 0) this.#idsByEntity(this.registry.get(association.entity), children, into);
      }
    }
    return into;
  }

  /** Inserts grouped per table (first appearance order): multi-row statements instead of one per row. */
  async #executeBatched(uow: UnitOfWork, plan: WritePlan): Promise<void> {
    const now = new Date().toISOString();
    const groups = new Map<string, WriteCommand[]>();
    for (const command of plan.commands) {
      const key = command.kind === 'row' ? `row:${tableName(command.def)}` : `link:${command.mappingTable}:${command.localColumn}:${command.referenceColumn}`;
      const group = groups.get(key);
      if (group) group.push(command);
      else groups.set(key, [command]);
    }
    for (const commands of groups.values()) {
      for (let i = 0; i < commands.length; i += MAX_ROWS_PER_INSERT) {
        const chunk = commands.slice(i, i + MAX_ROWS_PER_INSERT);
        const first = chunk[0]!;
        try {
          if (first.kind === 'link') await this.#insertLinks(uow, chunk as LinkCommand[]);
          else await this.#insertRows(uow, chunk as RowCommand[], now);
        } catch (error) {
          throw mapDatabaseError(error, first.def, first.pointer) ?? error;
        }
      }
    }
  }

  /** Adds the links that are missing, in one statement. */
  async #insertLinks(uow: UnitOfWork, links: LinkCommand[]): Promise<void> {
    const { mappingTable, localColumn, referenceColumn } = links[0]!;
    const pairs = [...new Map(links.map((l) => [`${l.localId}|${l.referenceId}`, l])).values()];
    const mapping = sql.table(mappingTable);
    const local = sql.ref(localColumn);
    const reference = sql.ref(referenceColumn);
    const values = sql.join(pairs.map((l) => sql`(${l.localId}::uuid, ${l.referenceId}::uuid)`));
    await sql`INSERT INTO ${mapping} (${local}, ${reference}) SELECT v.l, v.r FROM (VALUES ${values}) AS v(l, r)
      WHERE NOT EXISTS (SELECT 1 FROM ${mapping} m WHERE m.${local} = v.l AND m.${reference} = v.r)`.execute(uow.db);
  }

  async #insertRows(uow: UnitOfWork, commands: RowCommand[], now: string): Promise<void> {
    // password hashes of the rows run side by side on the thread pool
    const rows = await Promise.all(commands.map(async (command) => ({ id: command.id, ...(await this.#insertValues(command, now)) })));
    // rows without a column get its DEFAULT (Kysely fills the gaps of a multi-row VALUES list)
    await uow.db.insertInto(tableName(commands[0]!.def)).values(rows).execute();
  }

  async #rowValues(command: RowCommand): Promise<Record<string, unknown>> {
    const values = { ...command.values };
    for (const [column, password] of Object.entries(command.passwords)) values[column] = await hashPassword(password);
    for (const [column, secret] of Object.entries(command.secrets)) {
      if (!this.secretBox) throw new Error(`${command.def.name}: secret fields need the platform's secret box`);
      values[column] = this.secretBox.encrypt(secret);
    }
    return values;
  }

  async #insertValues(command: RowCommand, now: string): Promise<Record<string, unknown>> {
    const values = await this.#rowValues(command);
    values[columnName('createdAt', command.def.fields.createdAt)] ??= now;
    if (command.customFields) values[command.customFields.column] = command.customFields.json;
    return values;
  }

  async #run(uow: UnitOfWork, command: WriteCommand, now: string): Promise<void> {
    if (command.kind === 'link') {
      const mapping = sql.table(command.mappingTable);
      const local = sql.ref(command.localColumn);
      const reference = sql.ref(command.referenceColumn);
      // Adds the link unless present; works whether or not the mapping table has a unique key.
      await sql`INSERT INTO ${mapping} (${local}, ${reference}) SELECT ${command.localId}::uuid, ${command.referenceId}::uuid
        WHERE NOT EXISTS (SELECT 1 FROM ${mapping} WHERE ${local} = ${command.localId}::uuid AND ${reference} = ${command.referenceId}::uuid)`.execute(uow.db);
      return;
    }
    const table = tableName(command.def);
    if (command.op === 'insert') {
      await uow.db
        .insertInto(table)
        .values({ id: command.id, ...(await this.#insertValues(command, now)) })
        .execute();
      return;
    }
    const values = await this.#rowValues(command);
    const updatedAt = columnName('updatedAt', command.def.fields.updatedAt);
    values[updatedAt] ??= now;
    if (command.customFields) values[command.customFields.column] = customFieldsUpdate(command.customFields);
    await uow.db.updateTable(table).set(values).where('id', '=', command.id).execute();
  }

  /**
   * Deletes records (404 for the first missing id). Children of `cascadeDelete` associations are
   * deleted first, and many-to-many links of the records are removed; Shopware checks privileges
   * only for the records asked for, not for what cascades.
   */
  async delete(uow: UnitOfWork, def: EntityDefinition, ids: string[], context: ApiContext): Promise<void> {
    requirePrivileges(context, [`${def.name}:delete`]);
    const found = ids.length === 0 ? [] : await uow.db.selectFrom(tableName(def)).select('id').where('id', 'in', ids).execute();
    const existing = new Set(found.map((r) => r.id as string));
    const absent = ids.find((id) => !existing.has(id));
    if (absent) throw errors.notFound(def.name, absent);
    await this.#deleteRows(uow, def, [...existing]);
  }

  async #deleteRows(uow: UnitOfWork, def: EntityDefinition, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    for (const association of Object.values(def.associations ?? {})) {
      if (association.type === 'one-to-many' && association.cascadeDelete && this.registry.has(association.entity)) {
        const child = this.registry.get(association.entity);
        const fk = columnName(association.foreignKey, child.fields[association.foreignKey]);
        const children = await uow.db.selectFrom(tableName(child)).select('id').where(fk, 'in', ids).execute();
        await this.#deleteRows(
          uow,
          child,
          children.map((c) => c.id as string),
        );
      }
      if (association.type === 'many-to-many') {
        await uow.db.deleteFrom(association.mappingTable).where(association.localColumn, 'in', ids).execute();
      }
    }
    try {
      await uow.db.deleteFrom(tableName(def)).where('id', 'in', ids).execute();
    } catch (error) {
      throw mapDatabaseError(error, def, '') ?? error;
    }
    await this.dispatcher.dispatch(uow, `${def.name}.deleted`, { entity: def.name, ids } satisfies EntityDeletedEvent);
  }
}

function customFieldsUpdate(change: NonNullable<RowCommand['customFields']>) {
  if (change.mode === 'replace') return change.json;
  return sql`COALESCE(${sql.ref(change.column)}, '{}'::jsonb) || ${change.json}::jsonb`;
}
