import { Type, type TSchema, type TUnknown } from '@sinclair/typebox';

/** A schema as the OpenAPI document shows it: TypeBox or a plain OpenAPI 3.0 schema object. */
export type DocumentedSchema = TSchema | { [keyword: string]: unknown };

// A symbol: ajv and fastify only read string keys, so they never see what is documented
const DOCUMENTED_AS = Symbol.for('platform.http.schemas.documentedAs');

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

/** `{"$ref": "#/components/schemas/<name>"}`: a component of the document. Only inside documented schemas, never validated ones. */
export function componentRef(name: string, description?: string): DocumentedSchema {
  return description === undefined ? { $ref: `#/components/schemas/${name}` } : { $ref: `#/components/schemas/${name}`, description };
}

/** A copy of a route schema (or any part of it) with every describedAs/documentedOnly part replaced by what it documents. */
export function documentationOf<T>(schema: T): T {
  return replaceDocumented(schema) as T;
}

function replaceDocumented(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(replaceDocumented);
  if (typeof value !== 'object' || value === null) return value;
  const documented = (value as { [DOCUMENTED_AS]?: unknown })[DOCUMENTED_AS];
  if (documented !== undefined) return replaceDocumented(documented);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceDocumented(item)]));
}
