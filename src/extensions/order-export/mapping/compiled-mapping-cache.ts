import type { CompiledMapping } from './compiled-mapping.js';
import { compileMapping, definitionHash } from './compile-mapping.js';
import { DEFAULT_EXPRESSION_LIMITS, type ExpressionLimits } from './expression-guard.js';

export interface CompiledMappingCacheOptions {
  /** least recently used entries are dropped beyond this; default 200 */
  maxEntries?: number;
  limits?: ExpressionLimits;
}

/**
 * Compiled mappings by key, least recently used first out. Compiling costs about a millisecond per
 * expression, rendering a few microseconds, so every export and preview goes through here.
 *
 * The key is the mapping version id when there is one: a saved version never changes, so its id stands
 * for its definition and no hashing is needed. Unsaved definitions (preview, validate) are keyed by the
 * hash of their canonical JSON. Invalid definitions are not cached: compiling them throws every time.
 */
export class CompiledMappingCache {
  private readonly entries = new Map<string, CompiledMapping>();
  private readonly maxEntries: number;
  private readonly limits: ExpressionLimits;

  constructor(options: CompiledMappingCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 200;
    this.limits = options.limits ?? DEFAULT_EXPRESSION_LIMITS;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The compiled form of a saved mapping version (immutable, so its id is the key). */
  forVersion(versionId: string, definition: unknown): CompiledMapping {
    return this.lookup(`version:${versionId}`, definition);
  }

  /** The compiled form of any definition, keyed by its content. */
  forDefinition(definition: unknown): CompiledMapping {
    return this.lookup(`hash:${definitionHash(definition)}`, definition);
  }

  clear(): void {
    this.entries.clear();
  }

  private lookup(key: string, definition: unknown): CompiledMapping {
    const cached = this.entries.get(key);
    if (cached) {
      // re-insert: a Map iterates in insertion order, so the first key is the least recently used
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const compiled = compileMapping(definition, { key, limits: this.limits });
    this.entries.set(key, compiled);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return compiled;
  }
}
