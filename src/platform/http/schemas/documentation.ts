import { Type, type TSchema, type TUnknown, type TUnsafe } from '@sinclair/typebox';

/** A schema as the OpenAPI document shows it: TypeBox or a plain OpenAPI 3.0 schema object. */
export type DocumentedSchema = TSchema | { [keyword: string]: unknown };

// Symbols: ajv, fastify's serializer and JSON never read them, so nothing but the documents sees them
const DOCUMENTED_AS = Symbol.for('platform.http.schemas.documentedAs');
const COMPONENT = Symbol.for('platform.http.schemas.component');

type Marked = { [DOCUMENTED_AS]?: DocumentedSchema; [COMPONENT]?: { name: string; schema: DocumentedSchema } };

/**
 * `validated` is what fastify checks and what the handler's types come from; the OpenAPI document
 * shows `documented` in its place. For input the route's own code checks more closely than a schema
 * could (Shopware's error codes and JSON pointers), and for path parameters that are strings either way.
 */
export function describedAs<V extends TSchema>(documented: DocumentedSchema, validated: V): V {
  return { ...validated, [DOCUMENTED_AS]: documented };
}

/** Documents `schema` and validates nothing: the handler gets `unknown` and checks it itself. */
export function documentedOnly(schema: DocumentedSchema): TUnknown {
  return describedAs(schema, Type.Unknown());
}

/** `{"$ref": "#/components/schemas/<name>"}`, for a component the document has anyway (entities, or a component referring to itself). */
export function componentRef(name: string, description?: string): TUnsafe<unknown> {
  const ref = `#/components/schemas/${name}`;
  return Type.Unsafe(description === undefined ? { $ref: ref } : { $ref: ref, description });
}

/**
 * A named component, for documented schemas only: the document shows a reference and lists `schema`
 * once under `components.schemas` (registered from the route schemas that use it, see
 * openapi/register-documents.ts). Write component schemas for OpenAPI 3.0: StringEnum for choices,
 * `{ nullable: true }` for null.
 */
export function component(name: string, schema: DocumentedSchema, description?: string): TUnsafe<unknown> {
  return { ...componentRef(name, description), [COMPONENT]: { name, schema } } as TUnsafe<unknown>;
}

/** A copy of a route schema (or any part of it) with every describedAs/documentedOnly/component part replaced by what it documents. */
export function documentationOf<T>(schema: T): T {
  return replaceDocumented(schema) as T;
}

/** The components (see `component`) a route schema uses, directly or through other components, by name. */
export function componentsOf(schema: unknown, found = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(schema)) {
    for (const item of schema) componentsOf(item, found);
    return found;
  }
  if (typeof schema !== 'object' || schema === null) return found;
  const marked = schema as Marked;
  const declared = marked[COMPONENT];
  if (declared && !found.has(declared.name)) {
    found.set(declared.name, documentedComponent(declared.schema));
    componentsOf(declared.schema, found);
  }
  if (marked[DOCUMENTED_AS] !== undefined) componentsOf(marked[DOCUMENTED_AS], found);
  for (const value of Object.values(schema)) componentsOf(value, found);
  return found;
}

// a component (an entity's schema) is used by many routes: documented once, when the first registers
const documentedComponents = new WeakMap<object, unknown>();

function documentedComponent(schema: DocumentedSchema): unknown {
  let documented = documentedComponents.get(schema);
  if (documented === undefined) documentedComponents.set(schema, (documented = documentationOf(schema)));
  return documented;
}

function replaceDocumented(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(replaceDocumented);
  if (typeof value !== 'object' || value === null) return value;
  const documented = (value as Marked)[DOCUMENTED_AS];
  if (documented !== undefined) return replaceDocumented(documented);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceDocumented(item)]));
}
