import { isToOneAssociation, type AssociationDefinition, type EntityDefinition, type FieldDefinition } from '../../entities/definition.js';
import { ID_PATTERN } from '../../ids.js';

/** An OpenAPI 3.0 schema object (these are written to the document as they are, not converted). */
export type OpenApiSchema = { [keyword: string]: unknown };

const COMPONENTS = '#/components/schemas/';

/** `order_line_item` → `OrderLineItem`, the component name Shopware gives an entity's schema. */
export function entityComponentName(entity: string): string {
  return entity
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

export function entityRef(entity: string): OpenApiSchema {
  return { $ref: `${COMPONENTS}${entityComponentName(entity)}` };
}

/** The fields a create must carry (`required`, not read-only): what the create body adds to the entity schema. */
export function requiredOnCreate(def: EntityDefinition): string[] {
  return Object.entries(def.fields)
    .filter(([, field]) => field.required && !field.readOnly)
    .map(([name]) => name);
}

/**
 * One entity as a component schema, from its definition: every field with its type, read-only and
 * write-only flags, and the associations as nested schemas (a reference, or an array of references
 * for to-many). `includes(entity)` says which entities the document has: an association to any other
 * is left out, so every reference resolves. No `required`: the same schema serves reads and partial
 * updates; the create body adds requiredOnCreate.
 */
export function entitySchema(def: EntityDefinition, includes: (entity: string) => boolean): OpenApiSchema {
  const properties: Record<string, OpenApiSchema> = {};
  for (const [name, field] of Object.entries(def.fields)) properties[name] = fieldSchema(name, field);
  for (const [name, association] of Object.entries(def.associations ?? {})) {
    if (includes(association.entity)) properties[name] = associationSchema(association);
  }
  properties.apiAlias = { type: 'string', enum: [def.name], readOnly: true };
  const resource = def.name.replace(/_/g, '-');
  const description = def.readOnlyEntity ? `${def.name} records (read-only: \`/api/${resource}\`).` : `${def.name} records (\`/api/${resource}\`).`;
  return { type: 'object', description, properties };
}

function fieldSchema(name: string, field: FieldDefinition): OpenApiSchema {
  const schema: OpenApiSchema = name === 'customFields' ? { type: 'object', additionalProperties: true, description: 'Custom fields by name; merged on update, `null` clears them.' } : typeSchema(field);
  if (field.readOnly) schema.readOnly = true;
  if (field.writeOnly || field.type === 'password' || field.type === 'secret') schema.writeOnly = true;
  // the primary key is never null; other fields are unless required (definition.ts). OpenAPI 3.0
  // reads `nullable` only beside a `type`: a JSON field without one allows null anyway
  if (name !== 'id' && schema.type !== undefined && (field.nullable ?? !field.required)) schema.nullable = true;
  if (field.default !== undefined && typeof field.default !== 'function') schema.default = field.default;
  return schema;
}

function typeSchema(field: FieldDefinition): OpenApiSchema {
  switch (field.type) {
    case 'id':
      return { type: 'string', pattern: ID_PATTERN.source };
    case 'string':
      return field.maxLength === undefined ? { type: 'string' } : { type: 'string', maxLength: field.maxLength };
    case 'text':
      return { type: 'string' };
    case 'int':
      return { type: 'integer' };
    case 'float':
      return { type: 'number' };
    case 'bool':
      return { type: 'boolean' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'password':
    case 'secret':
      return { type: 'string', format: 'password' };
    case 'enum':
      return { type: 'string', enum: [...(field.values ?? [])] };
    case 'json':
      // any JSON value (prices are lists, others objects): the entity's own check decides
      return { description: 'A JSON value.' };
  }
}

function associationSchema(association: AssociationDefinition): OpenApiSchema {
  if (isToOneAssociation(association)) return entityRef(association.entity);
  const description = association.type === 'many-to-many' ? 'Written as a list of records or `{id}`s; writes only add links.' : 'Nested records, written with the parent.';
  return { type: 'array', items: entityRef(association.entity), description };
}
