import { payloadHash } from '../payload-hash.js';
import { InvalidMappingError, type CompiledMapping } from './compiled-mapping.js';
import { checkDefinition } from './definition-validation.js';
import { DEFAULT_EXPRESSION_LIMITS, type ExpressionLimits } from './expression-guard.js';

/** The hash a definition is cached under when no mapping version id is at hand. */
export function definitionHash(definition: unknown): string {
  return payloadHash(definition);
}

/** Validates and compiles a definition; throws InvalidMappingError with validation's problems. */
export function compileMapping(definition: unknown, options: { key?: string; limits?: ExpressionLimits } = {}): CompiledMapping {
  const { problems, fields } = checkDefinition(definition, options.limits ?? DEFAULT_EXPRESSION_LIMITS);
  if (!fields) throw new InvalidMappingError(problems);
  return { key: options.key ?? `hash:${definitionHash(definition)}`, fields };
}
