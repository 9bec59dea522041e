import { operationsOf, type OpenApiDocument } from './document.js';

/** Route schema keys (copied onto the operations) naming what a route belongs to. */
export const ENTITY_KEY = 'x-entity';
export const EXTENSION_KEY = 'x-extension';

export interface Availability {
  isEntityAvailable(entity: string): boolean;
  isExtensionActive(extension: string): boolean;
}

/**
 * Removes the operations whose entity or extension is not available now: their routes answer 404
 * (inactive or uninstalled extensions), so the document does not offer them. Changes `document`.
 */
export function removeUnavailableOperations(document: OpenApiDocument, availability: Availability): void {
  for (const { path, method, operation } of operationsOf(document)) {
    const entity = operation[ENTITY_KEY];
    const extension = operation[EXTENSION_KEY];
    const gone =
      (typeof entity === 'string' && !availability.isEntityAvailable(entity)) || (typeof extension === 'string' && !availability.isExtensionActive(extension));
    if (!gone) continue;
    delete document.paths[path]![method];
    if (Object.keys(document.paths[path]!).every((key) => key === 'parameters')) delete document.paths[path];
  }
}

/** What decides the document's content now: the available entities and the active extensions it names. */
export function availabilityKey(document: OpenApiDocument, entities: string[], availability: Availability): string {
  const extensions = new Set(operationsOf(document).map(({ operation }) => operation[EXTENSION_KEY]).filter((name): name is string => typeof name === 'string'));
  return [
    entities.filter((name) => availability.isEntityAvailable(name)).join(','),
    [...extensions].filter((name) => availability.isExtensionActive(name)).join(','),
  ].join('|');
}
