import { errors } from '../../errors/app-error.js';
import { associationOf, fieldOf, type AssociationDefinition, type EntityDefinition, type FieldDefinition } from '../definition.js';
import type { EntityRegistry } from '../registry.js';

/** One association step of a field path, e.g. `transactions` of `order`. */
export interface PathHop {
  name: string;
  association: AssociationDefinition;
  from: EntityDefinition;
  to: EntityDefinition;
}

/** A field path resolved against the definitions: association hops, then a field (maybe into JSON). */
export interface ResolvedPath {
  hops: PathHop[];
  entity: EntityDefinition;
  field: string;
  fieldDefinition: FieldDefinition;
  /** Keys inside a JSON field (`customFields.myKey` → `['myKey']`). */
  jsonPath: string[];
}

/**
 * Resolves `tax.name`, `name`, `order.stateMachineState.technicalName` or `customFields.x`.
 * The leading entity name is optional (Shopware accepts both). A path ending on an association
 * means its id (`tax` → `tax.id`). Unknown or unreadable fields are a 400 pointing at `pointer`.
 */
export function resolveFieldPath(
  registry: EntityRegistry,
  root: EntityDefinition,
  path: string,
  pointer: string,
  code = 'FRAMEWORK__INVALID_FILTER_QUERY',
): ResolvedPath {
  const parts = path.split('.');
  if (parts.length > 1 && parts[0] === root.name && !isProperty(root, parts[0])) parts.shift();
  const hops: PathHop[] = [];
  let entity = root;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const field = fieldOf(entity, part);
    if (field && !field.writeOnly && field.type !== 'password' && field.type !== 'secret') {
      const rest = parts.slice(i + 1);
      if (rest.length > 0 && field.type !== 'json') break;
      return { hops, entity, field: part, fieldDefinition: field, jsonPath: rest };
    }
    const association = associationOf(entity, part);
    if (!association || !registry.has(association.entity)) break;
    const to = registry.get(association.entity);
    hops.push({ name: part, association, from: entity, to });
    entity = to;
    if (i === parts.length - 1) return { hops, entity, field: 'id', fieldDefinition: to.fields.id, jsonPath: [] };
  }
  throw errors.badRequest(code, `Field "${path}" does not exist in entity "${root.name}".`, pointer, { field: path });
}

function isProperty(entity: EntityDefinition, name: string): boolean {
  return name in entity.fields || name in (entity.associations ?? {});
}

