/**
 * The part of the SDK that code running inside a sandbox worker may import (the modules an extension
 * hands to `host.sandbox.run`): value helpers and limits, no platform service. Importing the whole SDK
 * (index.ts) there would load the platform into every worker: hundreds of milliseconds and tens of
 * megabytes per worker. index.ts exports the same names for everything else.
 */
export { isPlainObject, isObjectLiteral } from '../util/is-plain-object.js';
export { lazyModule } from '../util/lazy-module.js';
export type { SandboxLimits } from '../sandbox/sandbox-limits.js';
// the size and depth of JSON data, measured without copying it (what the sandbox checks answers with)
export { answerProblem, type AnswerProblem } from '../sandbox/answer-size.js';
export { MAX_INPUT_DEPTH } from '../http/input-guard.js';
