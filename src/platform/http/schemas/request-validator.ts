import { AjvCompiler, type BuildCompilerFromPool, type Options as AjvOptions } from '@fastify/ajv-compiler';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { isUnconstrained } from './unconstrained.js';
import { finiteNumbersOnly, withIntegerBounds } from './query-integers.js';

type Compile = (route: FastifyRouteSchemaDef<unknown>) => unknown;

const acceptAll = () => true;

/**
 * Fastify's own ajv compiler, twice: query strings, path parameters and headers are text, so their
 * values are coerced to the declared types (`?limit=5` → 5); JSON bodies carry their own types and are
 * validated as sent, because coercion there would quietly accept `"5"` for a number, `null` for `""`
 * or `["<id>"]` for an id. Pass it as `schemaController.compilersFactory.buildValidator`; the ajv
 * options are fastify's `ajv` option, with `coerceTypes` switched off for bodies. Coerced parts get
 * bounded integers and finite numbers only (query-integers.ts).
 */
export function requestValidatorFactory(): BuildCompilerFromPool {
  const pool = AjvCompiler();
  const factory = (externalSchemas: Parameters<BuildCompilerFromPool>[0], options?: { customOptions?: AjvOptions }) => {
    // the pool's compile functions take fastify's route definition ({schema, httpPart, ...}), which
    // the package's typings call `schema`
    const coercing = pool(externalSchemas, options) as unknown as Compile;
    const exact = pool(externalSchemas, { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } }) as unknown as Compile;
    return (route: FastifyRouteSchemaDef<unknown>) => {
      if (isUnconstrained(route.schema)) return acceptAll;
      if (route.httpPart === 'body') return exact(route);
      return finiteNumbersOnly(coercing({ ...route, schema: withIntegerBounds(route.schema) }) as Parameters<typeof finiteNumbersOnly>[0]);
    };
  };
  return factory as unknown as BuildCompilerFromPool;
}
