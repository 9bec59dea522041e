import type { OpenApiSchema } from './entity-schemas.js';

/** The parts of an OpenAPI 3.0 document the platform reads and completes. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, OpenApiSchema>; [part: string]: unknown };
  [field: string]: unknown;
}

/** An operation of a path (`paths[url][method]`). */
export type OpenApiOperation = Record<string, unknown> & { requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> } };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document with its path and method. */
export function operationsOf(document: OpenApiDocument): Array<{ path: string; method: string; operation: OpenApiOperation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => ({ path, method, operation: item[method] as OpenApiOperation })),
  );
}
