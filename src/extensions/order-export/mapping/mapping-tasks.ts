/**
 * What runs inside the platform's sandbox workers (host.sandbox.run; mapping-sandbox.ts sends the tasks):
 * everything that evaluates or parses what a caller wrote. Imports only the light part of the SDK
 * (sdk/sandboxed.js), so a worker starts with little more than jsonata and yaml.
 */
import type { SandboxLimits } from '../../../platform/sdk/sandboxed.js';
import { CompiledMappingCache } from './compiled-mapping-cache.js';
import { InvalidMappingError } from './compiled-mapping.js';
import { validateMappingDefinition, type MappingValidationResult } from './definition-validation.js';
import { DEFAULT_EXPRESSION_LIMITS } from './expression-guard.js';
import { exportMappingText, importMappingText, type MappingImportResult, type MappingTextFormat } from './mapping-text.js';
import { renderMapping, type RenderResult } from './renderer.js';

let cache: CompiledMappingCache | undefined;

/**
 * Compiled mappings of this worker, kept between tasks: saved versions by id, other definitions by content.
 * No text an expression makes may be longer than a whole payload may be.
 */
function mappings(limits: SandboxLimits): CompiledMappingCache {
  cache ??= new CompiledMappingCache({ limits: { ...DEFAULT_EXPRESSION_LIMITS, maxTextLength: limits.maxResultBytes } });
  return cache;
}

export interface RenderInput {
  definition: unknown;
  /** a saved mapping version: compiled once per worker under its id */
  versionId?: string;
  order: unknown;
}

/** Validation's problems when the definition does not compile, otherwise the render. */
export type RenderAnswer = { problems: string[] } | RenderResult;

export function validate(input: { definition: unknown }): MappingValidationResult {
  return validateMappingDefinition(input.definition);
}

export async function render(input: RenderInput, limits: SandboxLimits): Promise<RenderAnswer> {
  let compiled;
  try {
    const cached = mappings(limits);
    compiled = input.versionId === undefined ? cached.forDefinition(input.definition) : cached.forVersion(input.versionId, input.definition);
  } catch (error) {
    if (error instanceof InvalidMappingError) return { problems: error.problems };
    throw error;
  }
  // the render's own budget ends before the sandbox's time limit, so fields that were still to come are
  // named in the answer; one call that does not return (a regular expression) is stopped by the sandbox
  return renderMapping(compiled, input.order, { budgetMs: Math.floor(limits.timeoutMs * 0.8) });
}

export function importText(input: { content: string; format: MappingTextFormat }, limits: SandboxLimits): MappingImportResult {
  return importMappingText(input.content, input.format, limits);
}

export function exportText(input: { definition: unknown; format: MappingTextFormat }): { content: string; format: MappingTextFormat } {
  return exportMappingText(input.definition, input.format);
}
