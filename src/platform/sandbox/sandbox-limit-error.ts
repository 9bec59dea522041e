/** Which limit stopped a sandbox task (sandbox-limits.ts). */
export type SandboxLimit = 'time' | 'memory' | 'size' | 'depth';

/**
 * A sandbox task stopped by one of its limits: an expected outcome of untrusted input, which the caller
 * answers in its route's shape. The message says which limit, never what the input was.
 */
export class SandboxLimitError extends Error {
  constructor(
    readonly limit: SandboxLimit,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxLimitError';
  }
}
