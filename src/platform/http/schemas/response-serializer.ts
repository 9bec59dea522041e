import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { stringifyAnyDepth } from './deep-json.js';
import { isUnconstrained } from './unconstrained.js';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own serializer compiler, except for documentation-only response schemas (`{}` to fastify):
 * those answers are written with JSON.stringify, as fast-json-stringify would for an empty schema,
 * without compiling one serializer per route and status, and written whole however deep they nest
 * (JSON.stringify alone overflows the stack some thousands of levels down). Pass it as
 * `schemaController.compilersFactory.buildSerializer`.
 */
export function responseSerializerFactory(): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => (isUnconstrained(route.schema) ? stringifyAnyDepth : compile(route));
  };
}
