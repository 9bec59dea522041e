import type { EntityRegistry } from '../../entities/registry.js';
import type { PlatformServices } from '../../platform-services.js';
import { availabilityKey, removeUnavailableOperations, type Availability } from './availability.js';
import { operationsOf, type OpenApiDocument } from './document.js';
import { entityComponentName, entitySchema, type OpenApiSchema } from './entity-schemas.js';

export interface DocumentSources extends Availability {
  registry: EntityRegistry;
}

/** What the platform's documents are completed from. */
export function documentSources(platform: Pick<PlatformServices, 'entities' | 'isEntityAvailable' | 'extensions'>): DocumentSources {
  return {
    registry: platform.entities,
    isEntityAvailable: (entity) => platform.isEntityAvailable(entity),
    isExtensionActive: (extension) => platform.extensions.isActive(extension),
  };
}

/** `all`: a schema for every available entity (the Admin API routes them all); `referenced`: those the document refers to. */
export type EntityComponents = 'all' | 'referenced';

const completed = new WeakMap<OpenApiDocument, { key: string; document: OpenApiDocument }>();

/**
 * The document served now: `routes` (what @fastify/swagger generated from the route schemas, never
 * changed) without the operations of unavailable entities and inactive extensions, with the entity
 * schemas generated from the registry as it is now (extensions register entities at boot). Kept until
 * the set of available entities or active extensions changes.
 */
export function completeDocument(routes: OpenApiDocument, sources: DocumentSources, entities: EntityComponents): OpenApiDocument {
  const definitions = sources.registry.all();
  const key = availabilityKey(routes, definitions.map((definition) => definition.name), sources);
  const cached = completed.get(routes);
  if (cached?.key === key) return cached.document;

  const document = structuredClone(routes);
  removeUnavailableOperations(document, sources);
  const available = new Map(definitions.filter((d) => sources.isEntityAvailable(d.name)).map((d) => [entityComponentName(d.name), d]));
  const includes = (entity: string) => available.has(entityComponentName(entity));
  const add = (names: Iterable<string>) => {
    for (const name of names) {
      const definition = available.get(name);
      if (definition && !document.components.schemas[name]) document.components.schemas[name] = entitySchema(definition, includes);
    }
  };
  if (entities === 'all') add(available.keys());
  // entity schemas refer to other entities: add until every reference has its schema
  for (let missing = referencedComponents(document); missing.length > 0; missing = referencedComponents(document)) {
    const before = Object.keys(document.components.schemas).length;
    add(missing);
    if (Object.keys(document.components.schemas).length === before) break;
  }
  completed.set(routes, { key, document });
  return document;
}

/** Component names the document refers to but does not define. */
function referencedComponents(document: OpenApiDocument): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const ref = (value as OpenApiSchema).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) names.add(ref.slice('#/components/schemas/'.length));
    Object.values(value).forEach(visit);
  };
  visit(operationsOf(document).map(({ operation }) => operation));
  visit(document.components.schemas);
  return [...names].filter((name) => !document.components.schemas[name]);
}
