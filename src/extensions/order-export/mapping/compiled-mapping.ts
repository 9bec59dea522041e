import type { FieldType } from './definition-types.js';
import type { GuardedExpression } from './expression-guard.js';

/** A field ready to render: expressions parsed and guarded, literals normalised to JSON. */
export type CompiledField =
  | { kind: 'expr'; name: string; path: string; expression: GuardedExpression; type?: FieldType; required: boolean; default?: unknown }
  | { kind: 'value'; name: string; path: string; value: unknown; type?: FieldType }
  | { kind: 'nested'; name: string; path: string; fields: CompiledField[] };

/** A validated definition, compiled once and rendered many times (see CompiledMappingCache). */
export interface CompiledMapping {
  /** what the mapping was cached under: a mapping version id or the definition's hash */
  readonly key: string;
  readonly fields: readonly CompiledField[];
}

/** Thrown when a definition that does not validate is compiled; `problems` are validation's strings. */
export class InvalidMappingError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid mapping definition: ${problems.length} problem(s), first: ${problems[0]}`);
    this.name = 'InvalidMappingError';
  }
}
