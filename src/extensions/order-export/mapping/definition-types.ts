/** The value types a field may declare; the renderer coerces or rejects results accordingly. */
export const FIELD_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

interface FieldOptions {
  /** coerce the result to this type, or fail the field */
  type?: FieldType;
  /** an undefined result (after `default`) fails the field; default false */
  required?: boolean;
  /** used when the expression yields nothing (undefined); not when it yields null */
  default?: unknown;
}

/** A JSONata expression evaluated against the order document. */
export interface ExpressionField extends FieldOptions {
  expr: string;
}

/** A literal written into the payload as is. */
export interface ValueField extends FieldOptions {
  value: unknown;
}

/** A nested object whose members are fields themselves; it always renders an object. */
export interface NestedField {
  fields: FieldMap;
  type?: 'object';
}

export type FieldDefinition = ExpressionField | ValueField | NestedField;
export type FieldMap = Record<string, FieldDefinition>;

/** A mapping definition as stored in a mapping version: `{ "fields": { "<name>": <field> } }`. */
export interface MappingDefinition {
  fields: FieldMap;
}

/** Limits a definition must stay within (validation refuses larger ones). */
export const DEFINITION_LIMITS = {
  maxExpressionLength: 10_000,
  maxFieldNameLength: 64,
  maxFields: 500,
  maxNesting: 8,
} as const;
