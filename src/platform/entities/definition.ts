/**
 * Entity definitions are data: the generic repository, the criteria language, the Admin API routes,
 * the OpenAPI document and the privilege checks are all derived from them.
 *
 * Conventions: entity names are snake_case (`acl_role`), field names camelCase (`taxRate`), columns
 * snake_case of the field name unless `column` says otherwise. Every entity has `id` (uuid primary key),
 * `createdAt`, `updatedAt` and, unless `customFields: false`, a `customFields` JSON column.
 */

export type FieldType =
  /** uuid; the primary key or a foreign key, 32 hex characters in the API */
  | 'id'
  | 'string'
  | 'text'
  | 'int'
  /** exact decimal (numeric column, number in JSON) */
  | 'float'
  | 'bool'
  | 'datetime'
  | 'json'
  /** write-only: hashed with scrypt on write, never read back */
  | 'password'
  /**
   * write-only: encrypted at rest (AES-256-GCM, the platform's secret box) on write, never read back
   * through the API; code that needs the value reads the column and decrypts it (`host.secrets`)
   */
  | 'secret'
  /** one of `values` */
  | 'enum';

export interface FieldDefinition {
  type: FieldType;
  /** Must be present (and not null) on create. */
  required?: boolean;
  /** Set by the system only; writes through the API are rejected. */
  readOnly?: boolean;
  /** Never part of a read (password hashes, sealed secrets). */
  writeOnly?: boolean;
  /** Column name; defaults to the snake_case field name. */
  column?: string;
  maxLength?: number;
  /** Allowed values of an enum field. */
  values?: readonly string[];
  /** Applied on create when the field is absent. */
  default?: unknown | (() => unknown);
  /** Taken into account by the criteria `term`. */
  searchable?: boolean;
  /** Allows null (default: true unless required). */
  nullable?: boolean;
  /**
   * A check beyond the type (e.g. the shape of a JSON value): returns what is wrong, phrased to follow
   * `The value of "<field>" ...`, or undefined when the value is fine. Not called for null.
   */
  validate?: (value: unknown) => string | undefined;
}

export type AssociationDefinition =
  | {
      type: 'many-to-one';
      /** Target entity name. */
      entity: string;
      /** The field of this entity holding the target id, e.g. `taxId`. */
      foreignKey: string;
    }
  | {
      type: 'one-to-many';
      entity: string;
      /** The field of the target entity pointing back here, e.g. `orderId`. */
      foreignKey: string;
      /** Delete children when the parent is deleted (else the database decides: restrict or set null). */
      cascadeDelete?: boolean;
      /**
       * One-to-one seen from the side without the foreign key (e.g. `order.orderCustomer`): reads as
       * an object or null and is written as an object.
       */
      single?: boolean;
    }
  | {
      type: 'many-to-many';
      entity: string;
      /** The mapping table, e.g. `sales_channel_payment_method`. */
      mappingTable: string;
      /** Column of the mapping table holding this entity's id. */
      localColumn: string;
      /** Column of the mapping table holding the target's id. */
      referenceColumn: string;
    };

export interface EntityDefinition {
  /** snake_case entity name; the Admin API resource is the same with `-` for `_`. */
  name: string;
  /** Table name; defaults to `name`. */
  table?: string;
  fields: Record<string, FieldDefinition>;
  associations?: Record<string, AssociationDefinition>;
  /** Adds the `customFields` JSON field (default true). */
  customFields?: boolean;
  /** Default sort when a criteria gives none (default `createdAt` ascending, then `id`). */
  defaultSort?: Array<{ field: string; order: 'ASC' | 'DESC' }>;
  /** Read-only through the generic API (no create/update/delete routes), e.g. state machine tables. */
  readOnlyEntity?: boolean;
}

/** Whether the association holds at most one record: many-to-one, or one-to-many marked `single`. */
export function isToOneAssociation(association: AssociationDefinition): boolean {
  return association.type === 'many-to-one' || (association.type === 'one-to-many' && association.single === true);
}

/**
 * The field named `name`, or undefined. Own properties only: names that come from a request, like
 * `constructor` or `__proto__`, must never resolve to members of Object.prototype.
 */
export function fieldOf(entity: EntityDefinition, name: string): FieldDefinition | undefined {
  return Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
}

/** The association named `name`, or undefined (own properties only, as for fieldOf). */
export function associationOf(entity: EntityDefinition, name: string): AssociationDefinition | undefined {
  return entity.associations && Object.hasOwn(entity.associations, name) ? entity.associations[name] : undefined;
}

export function resourceName(entityName: string): string {
  return entityName.replace(/_/g, '-');
}

export function columnName(field: string, definition?: FieldDefinition): string {
  return definition?.column ?? field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function tableName(entity: EntityDefinition): string {
  return entity.table ?? entity.name;
}

/** The definition with the implicit fields (`id`, `createdAt`, `updatedAt`, `customFields`) filled in. */
export function withImplicitFields(entity: EntityDefinition): EntityDefinition {
  const fields: Record<string, FieldDefinition> = {
    id: { type: 'id' },
    ...entity.fields,
    createdAt: { type: 'datetime', readOnly: true },
    updatedAt: { type: 'datetime', readOnly: true },
  };
  if (entity.customFields !== false) fields.customFields = { ...entity.fields.customFields, type: 'json' };
  return { ...entity, fields };
}
