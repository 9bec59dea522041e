import { requirePrivileges, type ApiContext } from '../acl/context.js';
import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';
import type { EventDispatcher } from '../events/dispatcher.js';
import { readPrivileges } from './criteria/privileges.js';
import type { Criteria } from './criteria/types.js';
import type { EntityDefinition } from './definition.js';
import { EntityReader } from './reader.js';
import type { EntityRegistry } from './registry.js';
import { applyIncludes, type EntityRecord } from './serializer.js';
import { EntityWriter, type WriteOptions } from './writer.js';
import type { SecretBox } from '../security/secret-box.js';
import type { SecretCustomFields } from '../custom-fields/secret-custom-fields.js';

export interface EntitySearchResult {
  /** Per `total-count-mode`: rows returned (none), all matches (exact), or matches up to five pages ahead. */
  total: number;
  entities: EntityRecord[];
  criteria: Criteria;
  /** The page and limit that were applied (limit undefined: everything). */
  page: number;
  limit?: number;
}

/** A write payload: one record, or several (pointers then carry the index: `/0/name`). */
export type WritePayload = Record<string, unknown> | Array<Record<string, unknown>>;

export interface RepositoryDeps {
  registry: EntityRegistry;
  dispatcher: EventDispatcher;
  /** Used by reads called without a unit of work. */
  db: Db;
  /** Encrypts `secret` fields on write. */
  secretBox?: SecretBox;
  /** Seals secret custom fields on write. */
  secretCustomFields?: SecretCustomFields;
}

/**
 * The generic repository of one entity. Reads take an optional unit of work (pass it when inside a
 * transaction: the embedded database has one connection); writes always take one, so everything a
 * write does commits or rolls back together and its events run after commit.
 */
export class EntityRepository {
  readonly #reader: EntityReader;
  readonly #writer: EntityWriter;

  constructor(
    readonly definition: EntityDefinition,
    private readonly deps: RepositoryDeps,
  ) {
    this.#reader = new EntityReader(deps.registry);
    this.#writer = new EntityWriter(deps.registry, deps.dispatcher, deps.secretBox, deps.secretCustomFields);
  }

  /** Checks read privileges (root, associations, filter/sort paths), then loads the page. */
  async search(criteria: Criteria, context: ApiContext, within?: Db | UnitOfWork): Promise<EntitySearchResult> {
    requirePrivileges(context, readPrivileges(this.deps.registry, this.definition, criteria));
    const { total, entities } = await this.#reader.search(executorOf(within ?? this.deps.db), this.definition, criteria);
    return {
      total,
      entities: applyIncludes(entities, collectIncludes(criteria)) as EntityRecord[],
      criteria,
      page: criteria.page ?? 1,
      limit: criteria.limit,
    };
  }

  async searchIds(criteria: Criteria, context: ApiContext, within?: Db | UnitOfWork): Promise<{ total: number; ids: string[] }> {
    requirePrivileges(context, readPrivileges(this.deps.registry, this.definition, criteria));
    return this.#reader.searchIds(executorOf(within ?? this.deps.db), this.definition, criteria);
  }

  /** The records with these ids (in database order; missing ids are simply absent). */
  async read(ids: string[], context: ApiContext, within?: Db | UnitOfWork, criteria: Criteria = {}): Promise<EntityRecord[]> {
    if (ids.length === 0) return [];
    return (await this.search({ ...criteria, ids }, context, within)).entities;
  }

  /** One record or undefined. */
  async get(id: string, context: ApiContext, within?: Db | UnitOfWork, criteria: Criteria = {}): Promise<EntityRecord | undefined> {
    return (await this.read([id], context, within, criteria))[0];
  }

  /**
   * The ids linked to each of `ids` through a many-to-many association (every id of `ids` is a key; no
   * links: an empty list). One statement on the mapping table, whatever the number of ids.
   */
  async linkedIds(ids: readonly string[], association: string, context: ApiContext, within?: Db | UnitOfWork): Promise<Map<string, string[]>> {
    requirePrivileges(context, readPrivileges(this.deps.registry, this.definition, { associations: { [association]: {} } }));
    return this.#reader.linkedIds(executorOf(within ?? this.deps.db), this.definition, association, ids);
  }

  /**
   * Inserts; an id that exists already is a 400. Returns the ids of the root records. `{batched: true}`
   * writes many homogeneous records with multi-row statements (see WriteOptions).
   */
  create(data: WritePayload, context: ApiContext, uow: UnitOfWork, options?: WriteOptions): Promise<string[]> {
    return this.#writer.write(uow, this.definition, data, 'create', context, options);
  }

  /** Updates existing records (404 when a root id does not exist); nested records are upserted. */
  update(data: WritePayload, context: ApiContext, uow: UnitOfWork): Promise<string[]> {
    return this.#writer.write(uow, this.definition, data, 'update', context);
  }

  /** Inserts or updates by id. */
  upsert(data: WritePayload, context: ApiContext, uow: UnitOfWork): Promise<string[]> {
    return this.#writer.write(uow, this.definition, data, 'upsert', context);
  }

  /** Deletes the records; 404 when one does not exist. */
  delete(ids: string[], context: ApiContext, uow: UnitOfWork): Promise<void> {
    return this.#writer.delete(uow, this.definition, ids, context);
  }
}

/** Includes may be given on nested criteria too; they all apply by apiAlias. */
function collectIncludes(criteria: Criteria, into: Record<string, string[]> = {}): Record<string, string[]> {
  for (const [alias, fields] of Object.entries(criteria.includes ?? {})) into[alias] = [...(into[alias] ?? []), ...fields];
  for (const nested of Object.values(criteria.associations ?? {})) collectIncludes(nested, into);
  return into;
}

/** Gives the repository of any registered entity; repositories are cached per entity. */
export class RepositoryFactory {
  readonly #cache = new Map<string, EntityRepository>();

  constructor(private readonly deps: RepositoryDeps) {}

  get(entityName: string): EntityRepository {
    let repository = this.#cache.get(entityName);
    if (!repository) {
      repository = new EntityRepository(this.deps.registry.get(entityName), this.deps);
      this.#cache.set(entityName, repository);
    }
    return repository;
  }
}
