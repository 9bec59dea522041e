import { AppError } from '../errors/app-error.js';
import { type EntityDefinition, withImplicitFields } from './definition.js';
import type { EntityRecord } from './serializer.js';

/** Adds values computed at read time to a record (e.g. a public URL from a stored path and APP_URL). */
export type ReadDecorator = (record: EntityRecord) => void;

/** All entity definitions of the platform and its extensions, by entity name. */
export class EntityRegistry {
  readonly #entities = new Map<string, EntityDefinition>();
  readonly #owners = new Map<string, string>();
  readonly #readDecorators = new Map<string, ReadDecorator[]>();

  /** `owner` is the extension name, or undefined for the platform's own entities. */
  register(definition: EntityDefinition, owner?: string): void {
    if (this.#entities.has(definition.name)) throw new Error(`Entity ${definition.name} is defined twice`);
    this.#entities.set(definition.name, withImplicitFields(definition));
    if (owner) this.#owners.set(definition.name, owner);
  }

  has(name: string): boolean {
    return this.#entities.has(name);
  }

  get(name: string): EntityDefinition {
    const definition = this.#entities.get(name);
    if (!definition) throw new AppError(404, 'FRAMEWORK__DEFINITION_NOT_FOUND', `Definition for entity "${name}" does not exist.`);
    return definition;
  }

  /** The extension owning the entity, if any. */
  ownerOf(name: string): string | undefined {
    return this.#owners.get(name);
  }

  /**
   * Runs `decorate` on every record of `entity` the entity reader returns, before includes are applied.
   * For values that depend on runtime settings and so cannot live in the (static) definition.
   */
  addReadDecorator(entity: string, decorate: ReadDecorator): void {
    this.#readDecorators.set(entity, [...(this.#readDecorators.get(entity) ?? []), decorate]);
  }

  decorateRead(entity: string, record: EntityRecord): void {
    for (const decorate of this.#readDecorators.get(entity) ?? []) decorate(record);
  }

  all(): EntityDefinition[] {
    return [...this.#entities.values()];
  }
}
