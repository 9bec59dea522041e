import { parentPort } from 'node:worker_threads';
import { answerProblem, type AnswerProblem } from './answer-size.js';
import type { SandboxLimits } from './sandbox-limits.js';

/**
 * The worker side of the sandbox (sandbox.ts): what each worker thread of the pool runs per task. Kept
 * free of the platform's services so a worker starts with little more than the task's own module.
 */

/** The message a worker sends when it starts a task (its module loaded): the task's time limit runs from then. */
export const TASK_STARTED = 'sandbox:taskStarted';

export interface SandboxRequest {
  /** the main thread's number for the task */
  id: number;
  /** file URL of the module whose export runs */
  module: string;
  task: string;
  input: unknown;
  limits: SandboxLimits;
}

export type SandboxAnswer = { ok: true; value: unknown } | ({ ok: false } & AnswerProblem);

/** A task: a module's export taking the input and the limits (a task applies the parsing limits itself). */
type Task = (input: unknown, limits: SandboxLimits) => unknown;

// modules are loaded once per worker: what they keep at module level (compiled mappings) stays, and a
// task pays no import() (a resolution through the module loader, and its hooks when run from sources)
const modules = new Map<string, Promise<Record<string, unknown>>>();

export default async function runSandboxTask(request: SandboxRequest): Promise<SandboxAnswer> {
  let loading = modules.get(request.module);
  if (!loading) {
    loading = import(request.module) as Promise<Record<string, unknown>>;
    modules.set(request.module, loading);
  }
  const module = await loading;
  const task = module[request.task];
  if (typeof task !== 'function') throw new Error(`the sandbox module has no task "${request.task}"`);
  // the clock starts with the task itself, not with a new worker loading its module
  parentPort?.postMessage({ [TASK_STARTED]: request.id });
  const value = await (task as Task)(request.input, request.limits);
  // the answer is copied to the main thread: measured first, so an oversized one never leaves the worker
  const problem = answerProblem(value, request.limits.maxResultBytes, request.limits.maxResultDepth);
  return problem ? { ok: false, ...problem } : { ok: true, value };
}
