import { sql } from 'kysely';
import type { ApiContext } from '../acl/context.js';
import type { Executor } from '../database/transaction.js';
import { errors } from '../errors/app-error.js';
import { isId, newId } from '../ids.js';
import { CriteriaSql } from './criteria/to-sql.js';
import { associationOf, columnName, fieldOf, tableName, type AssociationDefinition, type EntityDefinition, type FieldDefinition } from './definition.js';
import type { EntityRegistry } from './registry.js';
import { WritePlan, type RowCommand } from './write-plan.js';
import { acceptsNull, checkFieldValue, violation } from './write-validation.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { SecretCustomFields } from '../custom-fields/secret-custom-fields.js';

export type WriteMode = 'create' | 'update' | 'upsert';

export interface WriteOptions {
  /**
   * For many homogeneous records at once (bulk seeding): the existence of the given ids (roots and nested
   * children) is read in one query per entity, and a plan that only inserts runs as one multi-row statement
   * per table (and per mapping table for links), tables in the order they first appear. Validation,
   * privileges and events are the same; a constraint error names the first record of the failing table.
   */
  batched?: boolean;
  /**
   * For the platform's own inserts of fresh ids that point at rows it just read (order placement): skip the
   * existence reads of the new ids and of their foreign keys. The database's primary and foreign keys still
   * refuse a bad row, as a 400 from the constraint, only without the planner's friendlier wording.
   */
  trustReferences?: boolean;
}

/** Fields the repository maintains; only the system may set them (e.g. demo data with historic dates). */
const SYSTEM_FIELDS = new Set(['id', 'createdAt', 'updatedAt']);

/**
 * Turns a write payload into a WritePlan, reading (never writing) to decide insert vs update and to
 * check references. Every problem is collected instead of thrown, so a client sees all of them at
 * once; nested records are planned in dependency order (many-to-one targets before the record,
 * one-to-many children and many-to-many links after it).
 */
export class WritePlanner {
  readonly plan = new WritePlan();
  readonly #existing = new Map<string, Map<string, boolean>>();
  readonly #system: boolean;
  readonly #trustReferences: boolean;

  constructor(
    private readonly registry: EntityRegistry,
    private readonly exec: Executor,
    context: ApiContext,
    options: WriteOptions = {},
    /** Seals the secret custom fields extensions declare (customers' account numbers). */
    private readonly secretCustomFields?: SecretCustomFields,
  ) {
    this.#system = context.source.type === 'system';
    this.#trustReferences = options.trustReferences === true && this.#system;
  }

  /** Plans one record; returns its id, or undefined when it is too broken to reference. */
  async record(def: EntityDefinition, input: unknown, pointer: string, mode: WriteMode, fixed: Record<string, string> = {}): Promise<string | undefined> {
    if (!isPlainObject(input)) {
      this.#problem(pointer, `Expected an object describing a ${def.name}.`);
      return undefined;
    }
    let id: string | undefined;
    if (input.id !== undefined && input.id !== null) {
      if (typeof input.id !== 'string' || !isId(input.id.toLowerCase())) {
        this.#problem(`${pointer}/id`, 'The value of "id" is not a valid id (32 hexadecimal characters).', { field: 'id' });
        return undefined;
      }
      id = input.id.toLowerCase();
    }
    const exists = id !== undefined && !(this.#trustReferences && mode === 'create') && (await this.#exists(def, id));
    let op: 'insert' | 'update';
    if (mode === 'create') {
      if (exists) {
        this.#problem(`${pointer}/id`, `A ${def.name} with id ${id} already exists.`, { field: 'id' });
        return undefined;
      }
      op = 'insert';
    } else if (mode === 'update') {
      if (id === undefined) {
        this.#problem(`${pointer}/id`, `An update of ${def.name} needs the id of the record.`, { field: 'id' });
        return undefined;
      }
      if (!exists) throw errors.notFound(def.name, id);
      op = 'update';
    } else {
      op = exists ? 'update' : 'insert';
    }
    const recordId = id ?? newId();
    this.plan.privileges.add(`${def.name}:${op === 'insert' ? 'create' : 'update'}`);
    if (def.readOnlyEntity && !this.#system) this.#problem(pointer, `The ${def.name} entity cannot be written through the API.`);

    const command: RowCommand = { kind: 'row', def, op, id: recordId, values: {}, passwords: {}, secrets: {}, pointer };
    const given = new Set<string>();
    const linkedByAssociation = new Set<string>();
    const afterRecord: Array<() => Promise<void>> = [];

    for (const [key, value] of Object.entries(input)) {
      if (key === 'id') continue;
      const at = `${pointer}/${key}`;
      const field = fieldOf(def, key);
      if (field) {
        this.#field(command, key, field, value, at, given);
        continue;
      }
      const association = associationOf(def, key);
      if (association && this.registry.has(association.entity)) {
        if (association.type === 'many-to-one') {
          await this.#toOne(command, association, key, value, at, given, linkedByAssociation);
        } else {
          afterRecord.push(() => this.#toMany(command, association, key, value, at));
        }
        continue;
      }
      this.#problem(at, `The field "${key}" does not exist in entity "${def.name}".`, { field: key });
    }
    for (const [field, value] of Object.entries(fixed)) {
      command.values[columnName(field, def.fields[field])] = value;
      given.add(field);
      linkedByAssociation.add(field);
    }
    if (op === 'insert') this.#defaultsAndRequired(command, given);
    await this.#checkForeignKeys(command, linkedByAssociation);
    this.plan.add(command);
    for (const work of afterRecord) await work();
    return recordId;
  }

  #field(command: RowCommand, name: string, field: FieldDefinition, value: unknown, at: string, given: Set<string>): void {
    const column = columnName(name, field);
    if ((field.readOnly || SYSTEM_FIELDS.has(name)) && !this.#system) {
      this.#problem(at, `The field "${name}" is read-only.`, { field: name });
      return;
    }
    given.add(name);
    if (value === null) {
      if (!acceptsNull(field)) this.#problem(at, `The field "${name}" must not be null.`, { field: name });
      else if (name === 'customFields') command.customFields = { column, mode: 'replace', json: null };
      else command.values[column] = null;
      return;
    }
    if (name === 'customFields') {
      if (!isPlainObject(value)) {
        this.#problem(at, 'The value of "customFields" must be an object.', { field: name });
        return;
      }
      // Updates merge keys into the stored object; `{}` resets it (Shopware's rule for custom fields).
      const merge = command.op === 'update' && Object.keys(value).length > 0;
      const written = this.secretCustomFields ? this.secretCustomFields.forWrite(command.def.name, value, at, this.plan.problems) : value;
      command.customFields = { column, mode: merge ? 'merge' : 'replace', json: JSON.stringify(written) };
      return;
    }
    const checked = checkFieldValue(name, field, value, at);
    if (!checked.ok) this.plan.problems.push(checked.problem);
    else if (field.type === 'password') command.passwords[column] = checked.value as string;
    else if (field.type === 'secret' && typeof checked.value === 'string') command.secrets[column] = checked.value;
    else command.values[column] = checked.value;
  }

  async #toOne(
    command: RowCommand,
    association: Extract<AssociationDefinition, { type: 'many-to-one' }>,
    name: string,
    value: unknown,
    at: string,
    given: Set<string>,
    linked: Set<string>,
  ): Promise<void> {
    const fkField = association.foreignKey;
    const fkDef = command.def.fields[fkField];
    const column = columnName(fkField, fkDef);
    given.add(fkField);
    if (value === null) {
      if (fkDef && !acceptsNull(fkDef)) this.#problem(at, `The association "${name}" must not be null.`, { field: name });
      else command.values[column] = null;
      return;
    }
    const target = this.registry.get(association.entity);
    const id = await this.#linkOrWrite(target, value, at);
    if (id) {
      command.values[column] = id;
      linked.add(fkField);
    }
  }

  async #toMany(
    command: RowCommand,
    association: Exclude<AssociationDefinition, { type: 'many-to-one' }>,
    name: string,
    value: unknown,
    at: string,
  ): Promise<void> {
    const target = this.registry.get(association.entity);
    if (association.type === 'one-to-many' && association.single) {
      if (!isPlainObject(value)) {
        this.#problem(at, `The value of "${name}" must be an object.`, { field: name });
        return;
      }
      // Without an id the object means the parent's one child: update it if there is one, else a
      // second row would be added (and reads would keep showing the first).
      const existingId = value.id === undefined || value.id === null ? await this.#singleChildId(target, association.foreignKey, command) : undefined;
      await this.record(target, existingId ? { ...value, id: existingId } : value, at, 'upsert', { [association.foreignKey]: command.id });
      return;
    }
    if (!Array.isArray(value)) {
      this.#problem(at, `The value of "${name}" must be an array.`, { field: name });
      return;
    }
    for (const [i, item] of value.entries()) {
      if (association.type === 'one-to-many') {
        await this.record(target, item, `${at}/${i}`, 'upsert', { [association.foreignKey]: command.id });
        continue;
      }
      const referenceId = await this.#linkOrWrite(target, item, `${at}/${i}`);
      if (!referenceId) continue;
      // The mapping is an entity of its own in Shopware (e.g. sales_channel_payment_method:create).
      this.plan.privileges.add(`${association.mappingTable}:create`);
      this.plan.add({
        kind: 'link',
        def: command.def,
        mappingTable: association.mappingTable,
        localColumn: association.localColumn,
        referenceColumn: association.referenceColumn,
        localId: command.id,
        referenceId,
        pointer: `${at}/${i}`,
      });
    }
  }

  /** The child a `single` association shows for the record (the reader's first), if the record exists and has one. */
  async #singleChildId(target: EntityDefinition, foreignKey: string, command: RowCommand): Promise<string | undefined> {
    if (command.op === 'insert') return undefined;
    const order = sql.join(new CriteriaSql(this.registry).orderBy(target, 't0', undefined));
    const fk = sql.ref(`t0.${columnName(foreignKey, target.fields[foreignKey])}`);
    const result = await sql<{ id: string }>`SELECT t0.id FROM ${sql.table(tableName(target))} AS t0 WHERE ${fk} = ${command.id} ORDER BY ${order} LIMIT 1`.execute(this.exec);
    return result.rows[0]?.id;
  }

  /** `{id}` alone references an existing record; more fields upsert the target (Shopware). */
  async #linkOrWrite(target: EntityDefinition, value: unknown, at: string): Promise<string | undefined> {
    if (!isPlainObject(value)) {
      this.#problem(at, `Expected an object describing a ${target.name}.`);
      return undefined;
    }
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === 'id') {
      const id = typeof value.id === 'string' ? value.id.toLowerCase() : undefined;
      if (!id || !isId(id)) {
        this.#problem(`${at}/id`, 'The value of "id" is not a valid id (32 hexadecimal characters).', { field: 'id' });
        return undefined;
      }
      if (!(await this.#exists(target, id))) {
        this.#problem(`${at}/id`, `The ${target.name} with id ${id} does not exist.`, { entity: target.name, id });
        return undefined;
      }
      return id;
    }
    return this.record(target, value, at, 'upsert');
  }

  #defaultsAndRequired(command: RowCommand, given: Set<string>): void {
    for (const [name, field] of Object.entries(command.def.fields)) {
      if (given.has(name) || SYSTEM_FIELDS.has(name) || name === 'customFields') continue;
      if (field.default !== undefined) {
        const value = typeof field.default === 'function' ? (field.default as () => unknown)() : field.default;
        const checked = value === null ? ({ ok: true, value: null } as const) : checkFieldValue(name, field, value, `${command.pointer}/${name}`);
        if (!checked.ok) throw new Error(`Invalid default for ${command.def.name}.${name}: ${checked.problem.message}`);
        if (field.type === 'password' && typeof checked.value === 'string') command.passwords[columnName(name, field)] = checked.value;
        else if (field.type === 'secret' && typeof checked.value === 'string') command.secrets[columnName(name, field)] = checked.value;
        else command.values[columnName(name, field)] = checked.value;
      } else if (field.required) {
        this.#problem(`${command.pointer}/${name}`, `The field "${name}" is required.`, { field: name });
      }
    }
  }

  /** Foreign keys given as plain ids must point at existing (or in this write inserted) records. */
  async #checkForeignKeys(command: RowCommand, linked: Set<string>): Promise<void> {
    if (this.#trustReferences) return;
    for (const association of Object.values(command.def.associations ?? {})) {
      if (association.type !== 'many-to-one' || linked.has(association.foreignKey) || !this.registry.has(association.entity)) continue;
      const value = command.values[columnName(association.foreignKey, command.def.fields[association.foreignKey])];
      if (typeof value !== 'string') continue;
      const target = this.registry.get(association.entity);
      if (!(await this.#exists(target, value))) {
        this.#problem(`${command.pointer}/${association.foreignKey}`, `The ${target.name} with id ${value} does not exist.`, {
          field: association.foreignKey,
          entity: target.name,
          id: value,
        });
      }
    }
  }

  /** Looks up which of these ids exist in one query, so planning many records does not ask row by row. */
  async primeExisting(def: EntityDefinition, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const rows = await this.exec.selectFrom(tableName(def)).select('id').where('id', 'in', unique).execute();
    const found = new Set(rows.map((r) => r.id as string));
    const cache = this.#existing.get(def.name) ?? new Map<string, boolean>();
    this.#existing.set(def.name, cache);
    for (const id of unique) cache.set(id, found.has(id));
  }

  async #exists(def: EntityDefinition, id: string): Promise<boolean> {
    if (this.plan.isInserted(def.name, id)) return true;
    const cache = this.#existing.get(def.name) ?? new Map<string, boolean>();
    this.#existing.set(def.name, cache);
    const known = cache.get(id);
    if (known !== undefined) return known;
    const row = await this.exec.selectFrom(tableName(def)).select('id').where('id', '=', id).executeTakeFirst();
    cache.set(id, row !== undefined);
    return row !== undefined;
  }

  #problem(pointer: string, detail: string, parameters: Record<string, unknown> = {}): void {
    this.plan.problems.push(violation(pointer, detail, parameters));
  }
}
