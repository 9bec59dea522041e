import type { EntityRegistry } from '../entities/registry.js';
import { isToOneAssociation, resourceName } from '../entities/definition.js';
import type { TotalCountMode } from '../entities/criteria/types.js';
import type { EntityRecord } from '../entities/serializer.js';

/** One JSON:API resource object. */
interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  links: { self: string };
  relationships: Record<string, { data: { type: string; id: string } | Array<{ type: string; id: string }> | null; links: { related: string } }>;
  meta: null;
}

const COUNT_MODE_NUMBER: Record<TotalCountMode, number> = { none: 0, exact: 1, 'next-pages': 2 };

/**
 * Shopware's JSON:API rendering: attributes are the plain fields, loaded
 * associations become relationships whose records are listed once each in `included`.
 */
export class JsonApiRenderer {
  readonly #included = new Map<string, Resource>();

  constructor(
    private readonly registry: EntityRegistry,
    /** e.g. `http://localhost:8000/api` */
    private readonly apiBase: string,
  ) {}

  resource(entity: EntityRecord): Resource {
    const def = this.registry.get(entity.apiAlias);
    const self = `${this.apiBase}/${resourceName(def.name)}/${entity.id}`;
    const attributes: Record<string, unknown> = {};
    const relationships: Resource['relationships'] = {};
    for (const [key, value] of Object.entries(entity)) {
      if (key === 'id' || key === 'apiAlias' || def.associations?.[key]) continue;
      attributes[key] = value;
    }
    for (const [name, association] of Object.entries(def.associations ?? {})) {
      const related = `${self}/${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      const loaded = entity[name];
      // a `single` one-to-many is a one-to-one: its relationship is an object or null like a many-to-one
      const toMany = !isToOneAssociation(association);
      let data: Resource['relationships'][string]['data'] = toMany ? [] : null;
      if (Array.isArray(loaded)) data = loaded.map((child) => this.#include(child as EntityRecord));
      else if (loaded && typeof loaded === 'object') data = this.#include(loaded as EntityRecord);
      relationships[name] = { data, links: { related } };
    }
    return { id: entity.id, type: def.name, attributes, links: { self }, relationships, meta: null };
  }

  included(): Resource[] {
    return [...this.#included.values()];
  }

  #include(entity: EntityRecord): { type: string; id: string } {
    const key = `${entity.apiAlias}:${entity.id}`;
    if (!this.#included.has(key)) this.#included.set(key, this.resource(entity));
    return { type: entity.apiAlias, id: entity.id };
  }
}

export interface ListingLinks {
  self: string;
  first?: string;
  prev?: string;
  next?: string;
  last?: string;
}

export function renderJsonApiListing(
  renderer: JsonApiRenderer,
  entities: EntityRecord[],
  meta: { total: number; totalCountMode: TotalCountMode },
  links: ListingLinks,
): Record<string, unknown> {
  const data = entities.map((e) => renderer.resource(e));
  return { data, included: renderer.included(), links, meta: { totalCountMode: COUNT_MODE_NUMBER[meta.totalCountMode], total: meta.total }, aggregations: [] };
}

export function renderJsonApiDetail(renderer: JsonApiRenderer, entity: EntityRecord): Record<string, unknown> {
  const data = renderer.resource(entity);
  return { data, included: renderer.included(), links: { self: data.links.self }, meta: null };
}
