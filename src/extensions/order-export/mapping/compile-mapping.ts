import { createHash } from 'node:crypto';
import { InvalidMappingError, type CompiledMapping } from './compiled-mapping.js';
import { checkDefinition } from './definition-validation.js';
import { DEFAULT_EXPRESSION_LIMITS, type ExpressionLimits } from './expression-guard.js';

/**
 * The hash a definition is cached under when no mapping version id is at hand. Member order counts
 * (unlike the payload hash): the fields' order is the rendered payload's member order.
 */
export function definitionHash(definition: unknown): string {
  return createHash('sha256').update(JSON.stringify(definition) ?? 'undefined', 'utf8').digest('hex');
}

/** Validates and compiles a definition; throws InvalidMappingError with validation's problems. */
export function compileMapping(definition: unknown, options: { key?: string; limits?: ExpressionLimits } = {}): CompiledMapping {
  const { problems, fields } = checkDefinition(definition, options.limits ?? DEFAULT_EXPRESSION_LIMITS);
  if (!fields) throw new InvalidMappingError(problems);
  return { key: options.key ?? `hash:${definitionHash(definition)}`, fields };
}
