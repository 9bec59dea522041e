import { availableParallelism } from 'node:os';

/**
 * The hard limits of untrusted evaluation (sandbox.ts): what one task may cost before it is stopped.
 * Read once from the environment; docs/reliability.md and docs/configuration.md list the variables.
 */
export interface SandboxLimits {
  /** Wall-clock time of one task once a worker runs it; past it the worker is terminated and replaced. */
  timeoutMs: number;
  /** Heap of each worker thread (V8's old generation); a task that needs more ends its worker. */
  memoryMb: number;
  /** The largest answer a task may give, measured as JSON (a rendered payload, a parsed definition). */
  maxResultBytes: number;
  /** The deepest an answer may nest (objects and arrays). */
  maxResultDepth: number;
  /** The longest text a task may parse (JSON, YAML), refused before parsing. */
  maxTextBytes: number;
  /** How many YAML aliases a text may use (each may expand a whole anchored subtree). */
  maxYamlAliases: number;
  /** Worker threads at most; further tasks wait for a free one. */
  threads: number;
}

export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = {
  timeoutMs: 2000,
  memoryMb: 64,
  maxResultBytes: 1024 * 1024,
  maxResultDepth: 64,
  maxTextBytes: 1024 * 1024,
  maxYamlAliases: 100,
  threads: Math.max(1, Math.min(4, availableParallelism())),
};

const VARIABLES: ReadonlyArray<[keyof SandboxLimits, string]> = [
  ['timeoutMs', 'SANDBOX_TIMEOUT_MS'],
  ['memoryMb', 'SANDBOX_MEMORY_MB'],
  ['maxResultBytes', 'SANDBOX_MAX_RESULT_BYTES'],
  ['maxResultDepth', 'SANDBOX_MAX_RESULT_DEPTH'],
  ['maxTextBytes', 'SANDBOX_MAX_TEXT_BYTES'],
  ['maxYamlAliases', 'SANDBOX_MAX_YAML_ALIASES'],
  ['threads', 'SANDBOX_THREADS'],
];

/** The limits from `SANDBOX_*` variables over the defaults; a value that is no positive integer stops the start. */
export function readSandboxLimits(source: NodeJS.ProcessEnv): SandboxLimits {
  const limits = { ...DEFAULT_SANDBOX_LIMITS };
  for (const [key, variable] of VARIABLES) {
    const raw = source[variable];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${variable} must be a positive integer, got "${raw}"`);
    limits[key] = value;
  }
  return limits;
}
