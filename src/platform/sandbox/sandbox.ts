import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Piscina } from 'piscina';
import { lazyModule } from '../util/lazy-module.js';
import { SandboxLimitError } from './sandbox-limit-error.js';
import type { SandboxLimits } from './sandbox-limits.js';
import { TASK_STARTED, type SandboxAnswer, type SandboxRequest } from './sandbox-worker.js';

// loaded with the first task, not at start
const piscina = lazyModule<typeof import('piscina')>('piscina');

// run from the TypeScript sources, the worker needs a loader of its own (typescript-worker.mjs)
const WORKER_FILE = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './typescript-worker.mjs' : './sandbox-worker.js', import.meta.url));

export interface SandboxRunOptions {
  /** A shorter time limit for this task; never longer than the sandbox's own. */
  timeoutMs?: number;
}

interface RunningTask {
  controller: AbortController;
  timeoutMs: number;
  timer?: NodeJS.Timeout;
}

const TIMED_OUT = Symbol('timed out');

/**
 * Untrusted evaluation (mapping expressions, text parsing) off the event loop: tasks run in a pool of
 * worker threads the main thread can terminate. A task that runs longer than the time limit (counted
 * from when a worker starts it, not while it waits for one), or whose worker needs more heap than the
 * memory limit, ends its worker: the pool starts another one, and the caller gets a SandboxLimitError.
 * So does an answer larger or deeper than allowed, measured inside the worker before it is copied out.
 * A regular expression that backtracks for minutes, an alias bomb or a huge string cost the process one
 * worker for at most the time limit, never the requests the main thread serves meanwhile.
 *
 * The pool is created with the first task (nothing at start) and closed with the platform.
 */
export class Sandbox {
  #pool: Piscina | undefined;
  #closed = false;
  #nextId = 1;
  readonly #running = new Map<number, RunningTask>();

  constructor(
    readonly limits: Readonly<SandboxLimits>,
    private readonly logger: Logger,
  ) {}

  /**
   * Runs the export `task` of `module` in a worker with `input` (copied by structured clone) and the
   * limits; resolves with its answer. The module is imported once per worker, so what it keeps at module
   * level (compiled expressions) serves every later task of that worker. Rejects with SandboxLimitError
   * when a limit stopped the task; anything the task throws is rejected as it is.
   */
  async run<T>(module: URL | string, task: string, input: unknown, options: SandboxRunOptions = {}): Promise<T> {
    if (this.#closed) throw new Error('the sandbox is closed');
    const pool = this.#poolOrStart();
    const id = this.#nextId++;
    const timeoutMs = Math.min(options.timeoutMs ?? this.limits.timeoutMs, this.limits.timeoutMs);
    const running: RunningTask = { controller: new AbortController(), timeoutMs };
    this.#running.set(id, running);
    const request: SandboxRequest = { id, module: String(module), task, input, limits: { ...this.limits } };
    try {
      const answer = (await pool.run(request, { signal: running.controller.signal })) as SandboxAnswer;
      if (!answer.ok) throw new SandboxLimitError(answer.limit, answer.message);
      return answer.value as T;
    } catch (error) {
      const stopped = this.#limitOf(error, running);
      if (!stopped) throw error;
      this.logger.warn({ task, limit: stopped.limit }, `sandbox task stopped: ${stopped.message}`);
      throw stopped;
    } finally {
      clearTimeout(running.timer);
      this.#running.delete(id);
    }
  }

  /**
   * Ends every worker at once; a task still running or waiting is rejected. The platform closes the
   * sandbox after the server and the queue stopped, so no request or job waits for one by then.
   */
  async close(): Promise<void> {
    this.#closed = true;
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.destroy();
  }

  #poolOrStart(): Piscina {
    if (this.#pool) return this.#pool;
    const { Piscina } = piscina();
    const pool = new Piscina({
      filename: WORKER_FILE,
      minThreads: 1,
      maxThreads: this.limits.threads,
      // a worker beyond the first ends after a minute without work
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      // workers run at a lower priority (Linux nice is per thread): a task spinning at the time limit on
      // every core must not take the CPU from the event loop that answers everyone else
      niceIncrement: 10,
      recordTiming: false,
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.memoryMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.min(16, Math.floor(this.limits.memoryMb / 4))),
      },
    });
    pool.on('message', (message: unknown) => this.#started(message));
    // a worker that fails outside a task (never expected): logged, the pool replaces it
    pool.on('error', (error: unknown) => this.logger.error({ err: error }, 'sandbox worker failed'));
    this.#pool = pool;
    return pool;
  }

  /** A worker started a task: its time limit runs from now. */
  #started(message: unknown): void {
    if (typeof message !== 'object' || message === null || !(TASK_STARTED in message)) return;
    const running = this.#running.get((message as Record<string, unknown>)[TASK_STARTED] as number);
    if (!running || running.timer) return;
    running.timer = setTimeout(() => running.controller.abort(TIMED_OUT), running.timeoutMs);
    running.timer.unref();
  }

  #limitOf(error: unknown, running: RunningTask): SandboxLimitError | undefined {
    if (error instanceof SandboxLimitError) return error;
    if (running.controller.signal.reason === TIMED_OUT) return new SandboxLimitError('time', `it took longer than ${running.timeoutMs} ms`);
    if ((error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new SandboxLimitError('memory', `it needed more than ${this.limits.memoryMb} MB of memory`);
    }
    return undefined;
  }
}
