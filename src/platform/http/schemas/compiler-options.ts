import type { FastifyServerOptions } from 'fastify';
import { requestValidatorFactory } from './request-validator.js';
import { responseSerializerFactory } from './response-serializer.js';

/**
 * The fastify options for schemas: query strings and path parameters are coerced to their
 * declared types, JSON bodies never; one error is reported per request (allErrors would let a crafted
 * body make ajv work through every property); nothing is removed from the input. Documentation-only
 * parts compile to nothing (unconstrained.ts).
 */
export function schemaCompilerOptions(): Pick<FastifyServerOptions, 'ajv' | 'schemaController'> {
  return {
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    schemaController: { compilersFactory: { buildValidator: requestValidatorFactory(), buildSerializer: responseSerializerFactory() } },
  };
}
