import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import { AppError } from '../errors/app-error.js';
import type { SecretBox } from '../security/secret-box.js';
import { ChangeCache } from '../database/change-cache.js';
import type { TableChanges } from '../database/table-changes.js';
import { overridesGlobal } from './inheritance.js';

/** How a stored secret appears in reads: whether one is set, never the value. */
export interface SecretFlag {
  secretSet: true;
}

/** One read of a settings domain: the global values, and the values in effect for the sales channel asked for. */
/** Every scope of a domain, read at once (see getDomainScopes). */
export interface DomainScopes {
  /** The sales channels that have values of their own. */
  channelIds: string[];
  layersFor(salesChannelId: string | null): DomainLayers;
}

export interface DomainLayers {
  global: Record<string, unknown>;
  effective: Record<string, unknown>;
}

type StoredValue = { _value: unknown } | { _encrypted: string };

interface ConfigRow {
  configuration_key: string;
  configuration_value: StoredValue;
  sales_channel_id: string | null;
}

/**
 * `Domain.config.key` (at least three segments), each segment starting with a letter: no `__proto__`
 * and friends, which would be stored but could never be read back through an object.
 */
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*){2,}$/;
const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(['constructor', 'prototype']);

/**
 * Scoped configuration: global (sales channel NULL) or per sales channel, with Shopware's inheritance.
 * Keys registered as secret are encrypted at rest and never returned by the read methods meant for
 * clients (`readForApi`); code reads them decrypted with `get`/`getString`.
 */
export class SystemConfigService {
  readonly #secretKeys = new Set<string>();
  /** The whole table, under the single key `all`. */
  readonly #table: ChangeCache<'all', ConfigRow[]>;

  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox,
    changes: TableChanges,
  ) {
    this.#table = new ChangeCache(changes, ['system_config']);
  }

  /** Full keys, e.g. `ExtPayB.config.secretKey`. */
  registerSecretKeys(keys: Iterable<string>): void {
    for (const key of keys) this.#secretKeys.add(key);
  }

  isSecret(key: string): boolean {
    return this.#secretKeys.has(key);
  }

  /** The effective value: the channel's when it overrides, else the global one; null when unset. */
  async get(key: string, salesChannelId: string | null = null, within: Db | UnitOfWork = this.db): Promise<unknown> {
    const rows = await this.#rows({ key }, within);
    const global = rows.find((r) => r.sales_channel_id === null);
    const channel = salesChannelId ? rows.find((r) => r.sales_channel_id === salesChannelId) : undefined;
    const channelValue = channel ? this.#decode(channel.configuration_value) : undefined;
    if (channel && overridesGlobal(channelValue)) return channelValue;
    return global ? this.#decode(global.configuration_value) : null;
  }

  /** Global scope only, whatever a sales channel says (e.g. webhook hashes). */
  async getGlobal(key: string, within: Db | UnitOfWork = this.db): Promise<unknown> {
    return this.get(key, null, within);
  }

  async getString(key: string, salesChannelId: string | null = null): Promise<string | null> {
    const value = await this.get(key, salesChannelId);
    return value === null || value === undefined ? null : String(value);
  }

  async getBool(key: string, salesChannelId: string | null = null): Promise<boolean> {
    const value = await this.get(key, salesChannelId);
    return value === true || value === 'true' || value === 1 || value === '1';
  }

  async getNumber(key: string, salesChannelId: string | null = null): Promise<number | null> {
    const value = await this.get(key, salesChannelId);
    if (value === null || value === undefined || value === '') return null;
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }

  /**
   * Values of every key below `domain` (e.g. `ExtPayB.config`) for clients: secrets appear as
   * `{secretSet: true}`. With a sales channel and `inherit`, global values fill what the channel lacks.
   */
  async readForApi(domain: string | undefined, salesChannelId: string | null, inherit: boolean): Promise<Record<string, unknown>> {
    return this.#readDomain(domain, salesChannelId, inherit, (stored) => this.#forApi(stored));
  }

  /**
   * The effective values (secrets decrypted) of every key below `domain` in one query, for code that
   * needs a whole settings group, e.g. a payment handler on every cart view. Keys are full keys.
   */
  async getDomain(domain: string, salesChannelId: string | null = null): Promise<Record<string, unknown>> {
    return this.#readDomain(domain, salesChannelId, true, (stored) => this.#decode(stored));
  }

  /**
   * Both layers of a domain in one query (secrets decrypted): settings that only count globally (e.g.
   * webhook secrets) read `global`, the others `effective`. Keys are full keys.
   */
  async getDomainLayers(domain: string, salesChannelId: string | null = null, within?: Db | UnitOfWork): Promise<DomainLayers> {
    return (await this.getDomainScopes(domain, within)).layersFor(salesChannelId);
  }

  /**
   * Every scope of a domain in one query (secrets decrypted): for code that learns the sales channel only
   * later, or must try each channel's values (a webhook signed with some channel's key), without a
   * query per channel. `layersFor` resolves a channel exactly as getDomainLayers does.
   */
  async getDomainScopes(domain: string, within?: Db | UnitOfWork): Promise<DomainScopes> {
    return this.#scopesOf(await this.#rows({ prefix: domainPrefix(domain) }, within));
  }

  /**
   * The stored rows of one key or of every key below a prefix, all scopes, in key order. Outside a
   * transaction they come from the per-process copy of the table (kept until the table changes, see
   * TableChanges): settings are read on every cart view and webhook and written a few times a day. Inside
   * one they are read there, so a transaction sees its own writes.
   */
  async #rows(match: { key: string } | { prefix: string }, within: Db | UnitOfWork = this.db): Promise<ConfigRow[]> {
    const keep = 'key' in match ? (row: ConfigRow) => row.configuration_key === match.key : (row: ConfigRow) => row.configuration_key.startsWith(match.prefix);
    if (within === this.db) return (await this.#table.get('all', () => this.#readTable(this.db))).filter(keep);
    return this.#readTable(executorOf(within), match);
  }

  async #readTable(db: Db, match?: { key: string } | { prefix: string }): Promise<ConfigRow[]> {
    let query = db.selectFrom('system_config').select(['configuration_key', 'configuration_value', 'sales_channel_id']);
    if (match && 'key' in match) query = query.where('configuration_key', '=', match.key);
    else if (match?.prefix) query = query.where('configuration_key', 'like', `${escapeLike(match.prefix)}%`);
    return (await query.orderBy('configuration_key').execute()) as ConfigRow[];
  }

  #scopesOf(rows: ConfigRow[]): DomainScopes {
    const global: Record<string, unknown> = {};
    const channels = new Map<string, Record<string, unknown>>();
    for (const row of rows) {
      const value = this.#decode(row.configuration_value);
      if (row.sales_channel_id === null) global[row.configuration_key] = value;
      else channels.set(row.sales_channel_id, { ...channels.get(row.sales_channel_id), [row.configuration_key]: value });
    }
    return {
      channelIds: [...channels.keys()],
      layersFor(salesChannelId) {
        const effective: Record<string, unknown> = { ...global };
        const own = salesChannelId ? channels.get(salesChannelId) : undefined;
        for (const [key, value] of Object.entries(own ?? {})) if (!(key in effective) || overridesGlobal(value)) effective[key] = value;
        return { global, effective };
      },
    };
  }

  async #readDomain(
    domain: string | undefined,
    salesChannelId: string | null,
    inherit: boolean,
    present: (stored: StoredValue) => unknown,
  ): Promise<Record<string, unknown>> {
    const rows = await this.#rows({ prefix: domain ? domainPrefix(domain) : '' });
    const result: Record<string, unknown> = {};
    // global rows first (unless only the channel's own are asked for), then channel rows override where they count
    if (!salesChannelId || inherit) {
      for (const row of rows) if (row.sales_channel_id === null) result[row.configuration_key] = present(row.configuration_value);
    }
    if (!salesChannelId) return result;
    for (const row of rows) {
      if (row.sales_channel_id !== salesChannelId) continue;
      const value = this.#decode(row.configuration_value);
      if (!inherit || !(row.configuration_key in result) || overridesGlobal(value)) result[row.configuration_key] = present(row.configuration_value);
    }
    return result;
  }

  /**
   * Writes one value. `null` (and, for secrets, `""`) deletes the row. Writing a secret's read form
   * (`{secretSet: ...}`) back keeps the stored secret, so a form can round-trip what it read.
   */
  async set(within: Db | UnitOfWork, key: string, value: unknown, salesChannelId: string | null = null): Promise<void> {
    assertKey(key);
    const db = executorOf(within);
    const secret = this.isSecret(key);
    if (secret && isSecretFlag(value)) return;
    const scope = (eb: ExpressionBuilder<any, any>) => (salesChannelId ? eb('sales_channel_id', '=', salesChannelId) : eb('sales_channel_id', 'is', null));
    if (value === null || value === undefined || (secret && value === '')) {
      await db.deleteFrom('system_config').where('configuration_key', '=', key).where(scope).execute();
      return;
    }
    if (secret && typeof value !== 'string') {
      throw new AppError(400, 'SYSTEM__INVALID_CONFIG_VALUE', `The secret "${key}" must be a string.`, { meta: { parameters: { key } } });
    }
    const stored: StoredValue = secret ? { _encrypted: this.secrets.encrypt(value as string) } : { _value: value };
    await db
      .insertInto('system_config')
      .values({ configuration_key: key, configuration_value: JSON.stringify(stored), sales_channel_id: salesChannelId })
      .onConflict((oc) =>
        oc.columns(['configuration_key', 'sales_channel_id']).doUpdateSet({
          configuration_value: sql`excluded.configuration_value`,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }

  /** Writes defaults for `<prefix>`; `override` false keeps values already present (extension update). */
  async writeDefaults(within: Db | UnitOfWork, prefix: string, defaults: Record<string, unknown>, override: boolean): Promise<void> {
    for (const [name, value] of Object.entries(defaults)) {
      const key = `${prefix}${name}`;
      if (!override) {
        const existing = await executorOf(within)
          .selectFrom('system_config')
          .select('id')
          .where('configuration_key', '=', key)
          .where('sales_channel_id', 'is', null)
          .executeTakeFirst();
        if (existing) continue;
      }
      await this.set(within, key, value, null);
    }
  }

  /** Removes every key below the prefix in every scope (extension uninstall without keeping data). */
  async deleteByPrefix(within: Db | UnitOfWork, prefix: string): Promise<void> {
    await executorOf(within).deleteFrom('system_config').where('configuration_key', 'like', `${escapeLike(prefix)}%`).execute();
  }

  #decode(stored: StoredValue): unknown {
    if ('_encrypted' in stored) return this.secrets.decrypt(stored._encrypted);
    return ownCopy(stored._value);
  }

  #forApi(stored: StoredValue): unknown {
    if ('_encrypted' in stored) return { secretSet: true } satisfies SecretFlag;
    return ownCopy(stored._value);
  }
}

export function isSecretFlag(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'secretSet' in value && Object.keys(value).length === 1;
}

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 255 || key.split('.').some((segment) => RESERVED_SEGMENTS.has(segment))) {
    throw new AppError(400, 'SYSTEM__INVALID_CONFIG_KEY', `"${key}" is not a valid configuration key.`, { meta: { parameters: { key } } });
  }
}

/** Stored rows are shared by every read of the process's copy: a caller gets objects and lists of its own to change. */
function ownCopy(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

function domainPrefix(domain: string): string {
  return domain.endsWith('.') ? domain : `${domain}.`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
