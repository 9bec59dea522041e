import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../database/connection.js';
import { newId } from '../ids.js';
import type { LeaseService } from '../leases/lease-service.js';
import type { ScheduledTaskDeclaration, ScheduledTaskStatus } from './scheduled-task.js';

const DEFAULT_TIME_LIMIT_SECONDS = 60;
/** The lease outlives the time limit a little: a run that ignores its signal still ends before another starts. */
const LEASE_MARGIN_MS = 5_000;
/** How often a worker process looks for due tasks. */
export const SCHEDULER_TICK_MS = 15_000;

export interface ScheduledTaskRow {
  name: string;
  owner: string | null;
  runInterval: number;
  status: ScheduledTaskStatus;
  lastExecutionTime: Date | null;
  nextExecutionTime: Date;
  lastError: string | null;
}

/** How asking for a run ended: ran (ok or failed), someone else runs it now, not due yet, or unknown. */
export type ScheduledRunOutcome = 'ran' | 'failed' | 'busy' | 'not-due' | 'inactive' | 'unknown';

interface Registration {
  declaration: ScheduledTaskDeclaration<void>;
  owner?: string;
}

export interface ScheduledTaskServiceDeps {
  db: Db;
  leases: LeaseService;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Whether an extension is active: an inactive one's tasks do not run. */
  isOwnerActive?: (owner: string) => boolean;
}

/**
 * Runs the declared recurring tasks. Every worker process ticks (queue.everyWhileWorking); a task runs
 * under the lease `scheduled-task:<name>`, and re-reads its row inside it, so however many processes
 * tick at once, one of them runs a due task once and moves its next run. The clock is the scheduler's
 * (injectable), so tests advance the schedule instead of sleeping.
 */
export class ScheduledTaskService {
  readonly #tasks = new Map<string, Registration>();
  #clock: () => Date = () => new Date();

  constructor(private readonly deps: ScheduledTaskServiceDeps) {}

  /** `run` is bound to its host already (the platform's or the extension's). */
  register(declaration: ScheduledTaskDeclaration<void>, owner?: string): void {
    if (this.#tasks.has(declaration.name)) throw new Error(`Scheduled task ${declaration.name} is declared twice`);
    if (!Number.isInteger(declaration.intervalSeconds) || declaration.intervalSeconds < 1) throw new Error(`Scheduled task ${declaration.name}: intervalSeconds must be a positive integer`);
    this.#tasks.set(declaration.name, { declaration, owner });
  }

  names(): string[] {
    return [...this.#tasks.keys()];
  }

  /** The run intervals of the registered tasks, in seconds. */
  intervalsOf(): number[] {
    return [...this.#tasks.values()].map(({ declaration }) => declaration.intervalSeconds);
  }

  /** Replaces the clock every run reads (tests). */
  useClock(clock: () => Date): void {
    this.#clock = clock;
  }

  now(): Date {
    return this.#clock();
  }

  /** One row per declared task (idempotent): a new task is due at once, a known one keeps its schedule. */
  async sync(): Promise<void> {
    const now = this.now();
    for (const [name, { declaration, owner }] of this.#tasks) {
      await sql`
        INSERT INTO scheduled_task (id, name, owner, run_interval, status, next_execution_time, created_at)
        VALUES (${newId()}, ${name}, ${owner ?? null}, ${declaration.intervalSeconds}, 'scheduled', ${now}, now())
        ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, run_interval = excluded.run_interval, updated_at = now()
        WHERE scheduled_task.run_interval <> excluded.run_interval OR scheduled_task.owner IS DISTINCT FROM excluded.owner`.execute(this.deps.db);
    }
  }

  async list(): Promise<ScheduledTaskRow[]> {
    const result = await sql<RawRow>`SELECT name, owner, run_interval, status, last_execution_time, next_execution_time, last_error FROM scheduled_task ORDER BY name`.execute(this.deps.db);
    return result.rows.filter((row) => this.#tasks.has(row.name)).map(toRow);
  }

  /** Runs every task that is due by the clock; returns what each asked for did. */
  async runDue(): Promise<Record<string, ScheduledRunOutcome>> {
    const now = this.now();
    const outcomes: Record<string, ScheduledRunOutcome> = {};
    for (const row of await this.list()) {
      if (row.nextExecutionTime.getTime() <= now.getTime()) outcomes[row.name] = await this.run(row.name);
    }
    return outcomes;
  }

  /** Runs one task now if it is due, or whether due or not with `force` (`scheduled-task:run`). */
  async run(name: string, { force = false }: { force?: boolean } = {}): Promise<ScheduledRunOutcome> {
    const registration = this.#tasks.get(name);
    if (!registration) return 'unknown';
    const { declaration, owner } = registration;
    if (owner && this.deps.isOwnerActive && !this.deps.isOwnerActive(owner)) return 'inactive';
    const timeLimitMs = (declaration.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS) * 1000;
    const run = await this.deps.leases.run(`scheduled-task:${name}`, { ttlMs: timeLimitMs + LEASE_MARGIN_MS }, async (_lease, lost) => {
      const now = this.now();
      // read inside the lease: another process may have run it between our look and the lease
      const row = (await this.list()).find((r) => r.name === name);
      if (!row || (!force && row.nextExecutionTime.getTime() > now.getTime())) return 'not-due' as const;
      await this.#update(name, { status: 'running' });
      const signal = AbortSignal.any([lost, AbortSignal.timeout(timeLimitMs)]);
      let error: unknown;
      try {
        await declaration.run({ now, clock: () => this.now(), signal });
      } catch (caught) {
        error = caught;
        this.deps.logger.error({ err: caught, task: name }, 'scheduled task failed');
      }
      const next = new Date(now.getTime() + declaration.intervalSeconds * 1000);
      const message = error === undefined ? null : (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      await this.#update(name, { status: error === undefined ? 'scheduled' : 'failed', last: now, next, error: message });
      return error === undefined ? ('ran' as const) : ('failed' as const);
    });
    return run.acquired ? run.value : 'busy';
  }

  async #update(name: string, change: { status: ScheduledTaskStatus; last?: Date; next?: Date; error?: string | null }): Promise<void> {
    if (!change.last) {
      await sql`UPDATE scheduled_task SET status = ${change.status}, updated_at = now() WHERE name = ${name}`.execute(this.deps.db);
      return;
    }
    await sql`
      UPDATE scheduled_task SET status = ${change.status}, last_execution_time = ${change.last}, next_execution_time = ${change.next!},
        last_error = ${change.error ?? null}, updated_at = now()
      WHERE name = ${name}`.execute(this.deps.db);
  }
}

interface RawRow {
  name: string;
  owner: string | null;
  run_interval: number;
  status: ScheduledTaskStatus;
  last_execution_time: Date | string | null;
  next_execution_time: Date | string;
  last_error: string | null;
}

function toRow(row: RawRow): ScheduledTaskRow {
  return {
    name: row.name,
    owner: row.owner,
    runInterval: Number(row.run_interval),
    status: row.status,
    lastExecutionTime: row.last_execution_time === null ? null : new Date(row.last_execution_time),
    nextExecutionTime: new Date(row.next_execution_time),
    lastError: row.last_error,
  };
}
