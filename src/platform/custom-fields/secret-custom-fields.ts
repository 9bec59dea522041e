import { sql } from 'kysely';
import type { Executor } from '../database/transaction.js';
import type { AppError } from '../errors/app-error.js';
import { tableName } from '../entities/definition.js';
import type { EntityRegistry } from '../entities/registry.js';
import type { EntityRecord } from '../entities/serializer.js';
import { violation } from '../entities/write-validation.js';
import { SecretBox } from '../security/secret-box.js';
import { isPlainObject } from '../util/is-plain-object.js';

const MASK = '*';
/** Characters a mask leaves visible at the end. */
const VISIBLE = 4;
/** What a read shows of a value that does not open (sealed under another APP_SECRET, damaged). */
const UNREADABLE = MASK.repeat(VISIBLE);
/** Rows the sealing migration reads per statement. */
const SEAL_BATCH = 500;
const MASKED = /^\*+[^*]{0,4}$/;

/**
 * The one masking format of secret values, in API answers, pages and logs: one `*` per hidden
 * character and the last four shown (`0690000031` -> `******0031`); a value of four characters or fewer
 * is hidden whole.
 */
export function maskSecretValue(plain: string): string {
  const visible = plain.length > VISIBLE ? plain.slice(-VISIBLE) : '';
  return MASK.repeat(plain.length - visible.length) + visible;
}

/** Whether a written value is a mask a client read and sent back (it then leaves the stored value alone). */
export function isMaskedSecretValue(value: string): boolean {
  return MASKED.test(value);
}

/**
 * Custom fields that extensions declare `secret` (customers' account numbers and BVNs): sealed with the
 * platform's secret box when written through any repository write (the Admin API's generic routes, the
 * storefront), masked in every entity read (roots, associations, searches, the Store API: a read
 * decorator), opened only by `open`/`read` (the audited Admin API route, `host.secrets.openCustomFields`).
 */
export class SecretCustomFields {
  /** entity -> names of its secret fields */
  readonly #secret = new Map<string, Set<string>>();
  /** entity -> every field of the sets that hold a secret one (a bank account's name and code too) */
  readonly #related = new Map<string, Set<string>>();

  constructor(
    private readonly box: SecretBox,
    private readonly registry: EntityRegistry,
  ) {}

  /**
   * Takes the set's secret fields into account for each entity it relates to (every known extension's,
   * whatever its state). `set` is an extension's CustomFieldSetDeclaration; only what is read here is named,
   * so this service (under the repositories the SDK's host types name) does not import extensions.ts back.
   */
  declare(set: { relations: readonly string[]; fields: ReadonlyArray<{ name: string; secret?: boolean }> }): void {
    const secret = set.fields.filter((field) => field.secret === true).map((field) => field.name);
    if (secret.length === 0) return;
    for (const entity of set.relations) {
      let names = this.#secret.get(entity);
      if (!names) {
        const declared = (names = new Set());
        this.#secret.set(entity, declared);
        this.#related.set(entity, new Set());
        this.registry.addReadDecorator(entity, (record) => this.#mask(declared, record));
      }
      for (const name of secret) names.add(name);
      for (const field of set.fields) this.#related.get(entity)!.add(field.name);
    }
  }

  /** The secret custom fields of `entity` (empty for most). */
  namesOf(entity: string): ReadonlySet<string> {
    return this.#secret.get(entity) ?? NONE;
  }

  /**
   * A write's custom fields with the secret ones sealed: a text is sealed, null stays (it clears the
   * value), a mask sent back is left out (the stored value stays); anything else is a problem (the value is
   * never quoted).
   */
  forWrite(entity: string, customFields: Record<string, unknown>, pointer: string, problems: AppError[]): Record<string, unknown> {
    const secret = this.#secret.get(entity);
    if (!secret) return customFields;
    const written: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(customFields)) {
      if (!secret.has(name) || value === null) written[name] = value;
      else if (typeof value !== 'string') {
        problems.push(violation(`${pointer}/${name}`, `The value of "customFields.${name}" must be a text.`, { field: `customFields.${name}` }));
      } else if (!isMaskedSecretValue(value)) written[name] = this.box.encrypt(value);
    }
    return written;
  }

  /**
   * The custom fields of the sets holding secret fields, secret values opened (null when one does not
   * open): what the audited route answers. Other custom fields are left out.
   */
  open(entity: string, customFields: unknown): Record<string, unknown> {
    const secret = this.#secret.get(entity);
    const related = this.#related.get(entity);
    const opened: Record<string, unknown> = {};
    if (!secret || !related || !isPlainObject(customFields)) return opened;
    for (const name of related) {
      if (!Object.hasOwn(customFields, name)) continue;
      const value = customFields[name];
      opened[name] = secret.has(name) && value !== null ? this.#plainOf(value) : value;
    }
    return opened;
  }

  /**
   * THE read of secret values: the record's custom fields of the sets holding secret fields, secret ones
   * opened; undefined when there is no such record. Everything that needs an account number whole goes
   * through here.
   */
  async read(db: Executor, entity: string, id: string): Promise<Record<string, unknown> | undefined> {
    const row = await db.selectFrom(tableName(this.registry.get(entity))).select('custom_fields').where('id', '=', id).executeTakeFirst();
    return row ? this.open(entity, row.custom_fields) : undefined;
  }

  /**
   * Seals the values of `names` still stored in clear (written before they were declared secret); sealed
   * ones stay as they are, so a second run changes nothing. Returns how many rows it changed. For the
   * migrations of the extensions that declare the fields.
   */
  async sealStored(db: Executor, entity: string, names: readonly string[]): Promise<number> {
    const undeclared = names.filter((name) => !this.namesOf(entity).has(name));
    if (undeclared.length > 0) throw new Error(`${entity}: ${undeclared.join(', ')} are not secret custom fields`);
    const table = sql.table(tableName(this.registry.get(entity)));
    let changed = 0;
    let after: string | null = null;
    for (;;) {
      const page: Array<{ id: string; custom_fields: unknown }> = (
        await sql<{ id: string; custom_fields: unknown }>`SELECT id, custom_fields FROM ${table}
          WHERE custom_fields ?| ${[...names]}::text[] ${after === null ? sql`` : sql`AND id > ${after}`} ORDER BY id LIMIT ${SEAL_BATCH}`.execute(db)
      ).rows;
      for (const row of page) {
        const patch = this.#sealedPatch(row.custom_fields, names);
        if (!patch) continue;
        await sql`UPDATE ${table} SET custom_fields = custom_fields || ${JSON.stringify(patch)}::jsonb WHERE id = ${row.id}`.execute(db);
        changed++;
      }
      if (page.length < SEAL_BATCH) return changed;
      after = page[page.length - 1]!.id;
    }
  }

  /** The sealed values of the names a row still holds in clear; undefined when it holds none. */
  #sealedPatch(customFields: unknown, names: readonly string[]): Record<string, string> | undefined {
    if (!isPlainObject(customFields)) return undefined;
    const patch: Record<string, string> = {};
    for (const name of names) {
      const value = customFields[name];
      if (value === undefined || value === null || (typeof value === 'string' && SecretBox.isSealed(value))) continue;
      // a number written before the field was declared text: its digits as text
      patch[name] = this.box.encrypt(typeof value === 'string' ? value : JSON.stringify(value));
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }

  /** The read decorator: every secret value of the record replaced by its mask. */
  #mask(names: ReadonlySet<string>, record: EntityRecord): void {
    const customFields = record.customFields;
    if (!isPlainObject(customFields)) return;
    for (const name of names) {
      const value = customFields[name];
      if (value === undefined || value === null) continue;
      const plain = this.#plainOf(value);
      customFields[name] = plain === null ? UNREADABLE : maskSecretValue(plain);
    }
  }

  /** A stored secret value opened; a value stored in clear (not migrated yet) as it is; null when it does not open. */
  #plainOf(value: unknown): string | null {
    if (typeof value !== 'string') return JSON.stringify(value);
    if (!SecretBox.isSealed(value)) return value;
    try {
      return this.box.decrypt(value, { keep: false });
    } catch {
      return null;
    }
  }
}

const NONE: ReadonlySet<string> = new Set();
