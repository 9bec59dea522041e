import { AjvCompiler, type BuildCompilerFromPool, type Options as AjvOptions } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';

type Compile = (route: FastifyRouteSchemaDef<unknown>) => unknown;

/**
 * Fastify's own ajv compiler, twice: query strings, path parameters and headers are text, so their
 * values are coerced to the declared types (`?limit=5` → 5); JSON bodies carry their own types and are
 * validated as sent, because coercion there would quietly accept `"5"` for a number, `null` for `""`
 * or `["<id>"]` for an id. Pass it as `schemaController.compilersFactory.buildValidator`; the ajv
 * options are fastify's `ajv` option, with `coerceTypes` switched off for bodies.
 */
export function requestValidatorFactory(): BuildCompilerFromPool {
  const pool = AjvCompiler();
  const factory = (externalSchemas: Parameters<BuildCompilerFromPool>[0], options?: { customOptions?: AjvOptions }) => {
    // the pool's compile functions take fastify's route definition ({schema, httpPart, ...}), which
    // the package's typings call `schema`
    const coercing = pool(externalSchemas, options) as unknown as Compile;
    const exact = pool(externalSchemas, { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } }) as unknown as Compile;
    return (route: FastifyRouteSchemaDef<unknown>) => (route.httpPart === 'body' ? exact : coercing)(route);
  };
  return factory as unknown as BuildCompilerFromPool;
}

/**
 * The fastify options for request validation: query strings and path parameters are coerced to their
 * declared types, JSON bodies never; one error is reported per request (allErrors would let a crafted
 * body make ajv work through every property); nothing is removed from the input.
 */
export function requestValidationOptions(): Pick<FastifyServerOptions, 'ajv' | 'schemaController'> {
  return {
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    schemaController: { compilersFactory: { buildValidator: requestValidatorFactory() } },
  };
}
