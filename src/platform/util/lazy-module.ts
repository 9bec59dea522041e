import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded when first used instead of when the process starts: for packages only
 * some requests or commands need (expression languages, YAML, image codecs, the pretty log printer).
 * Every package loaded at start adds to the time before the server answers.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
