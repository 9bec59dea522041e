import type { EntityDefinition } from '../definition.js';
import type { EntityRegistry } from '../registry.js';
import { resolveFieldPath } from './field-path.js';
import type { Criteria, Filter } from './types.js';

/**
 * The read privileges a search needs (Shopware's rule): `<entity>:read` for the root, for every
 * loaded association, and for every association a filter or sorting path goes through.
 */
export function readPrivileges(registry: EntityRegistry, def: EntityDefinition, criteria: Criteria): string[] {
  const result = new Set<string>([`${def.name}:read`]);
  collect(registry, def, criteria, result);
  return [...result];
}

function collect(registry: EntityRegistry, def: EntityDefinition, criteria: Criteria, into: Set<string>): void {
  const fields = [...flatten([...(criteria.filter ?? []), ...(criteria.postFilter ?? [])]), ...(criteria.sort ?? []).map((s) => s.field)];
  for (const field of fields) {
    for (const hop of resolveFieldPath(registry, def, field, '').hops) into.add(`${hop.to.name}:read`);
  }
  for (const [name, nested] of Object.entries(criteria.associations ?? {})) {
    const association = def.associations?.[name];
    if (!association) continue;
    const target = registry.get(association.entity);
    into.add(`${target.name}:read`);
    collect(registry, target, nested, into);
  }
}

function flatten(filters: Filter[]): string[] {
  return filters.flatMap((f) => (f.type === 'multi' || f.type === 'not' ? flatten(f.queries) : [f.field]));
}
