/** Reading OpenAPI 3.0 documents in tests: operations, reference resolution, request body coverage. */

type Schema = Record<string, unknown>;
export interface Document {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
  security?: unknown[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export function operations(doc: Document): Array<{ path: string; method: string; operation: Schema }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );
}

/** The schema a `$ref` names; throws for a reference the document does not define. */
export function resolve(doc: Document, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = doc.components.schemas[name];
  if (!target) throw new Error(`unresolved reference ${ref}`);
  return resolve(doc, target);
}

/** Whether a schema names properties, directly, through a reference or in an allOf part. */
export function hasProperties(doc: Document, schema: Schema | undefined): boolean {
  if (!schema) return false;
  const resolved = resolve(doc, schema);
  if (Array.isArray(resolved.allOf)) return (resolved.allOf as Schema[]).some((part) => hasProperties(doc, part));
  return typeof resolved.properties === 'object' && resolved.properties !== null && Object.keys(resolved.properties).length > 0;
}

export function bodySchema(operation: Schema): Schema | undefined {
  const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
  return content ? Object.values(content)[0]?.schema : undefined;
}

/** Every `$ref` string anywhere in `value`. */
export function referencesIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => referencesIn(item, into));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') into.push(item);
      else referencesIn(item, into);
    }
  }
  return into;
}
