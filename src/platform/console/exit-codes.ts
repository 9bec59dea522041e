/** Exit codes of `bin/console`: success, failure, wrong invocation. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;
