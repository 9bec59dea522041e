import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../database/connection.js';
import type { UnitOfWork } from '../database/transaction.js';
import { sql } from 'kysely';
import { LeaseService } from '../leases/lease-service.js';
import { sqlGateway } from './sql-gateway.js';
import { CLOSE_TIMEOUT_MS } from '../shutdown.js';

const DEFAULT_RETRY_LIMIT = 3;

/**
 * pg-boss 10 has no worker heartbeat: a job whose process died (kill -9, OOM, power) stays `active` until
 * its expiry, 15 minutes by default, and nothing else runs it meanwhile. So a running job holds a lease
 * (`queue-job:<id>`, renewed every third of its TTL) and every worker hands active jobs without a live
 * lease back to the queue. The grace covers the moment between pg-boss's fetch and the lease.
 */
export const JOB_LEASE_TTL_MS = 15_000;
const ORPHAN_GRACE_SECONDS = 20;
const ORPHAN_SWEEP_INTERVAL_MS = 10_000;

/** How long stop() lets running jobs finish unless told otherwise. */
export const DEFAULT_STOP_TIMEOUT_MS = 10_000;
/**
 * A job handed back at stop waits this long before any worker may start it again: the stopping process
 * exits within it (it closes the platform within this bound or exits anyway), so its own, unfinished run
 * of the job has ended before another one begins.
 */
export const HANDED_BACK_JOB_DELAY_MS = CLOSE_TIMEOUT_MS;

/** One spelling whichever way the id arrives (the platform's connection reads uuids as 32 hex digits). */
export function jobLeaseName(jobId: string): string {
  return `queue-job:${jobId.replace(/-/g, '').toLowerCase()}`;
}

export interface QueueStats {
  name: string;
  size: number;
}

export interface FailedMessage {
  id: string;
  queue: string;
  data: unknown;
  error: unknown;
  retryCount: number;
  createdOn: Date;
  completedOn: Date | null;
}

/** A message handler bound to whatever it needs (a platform module's or an extension's host). */
export interface QueueHandler {
  queue: string;
  handle(data: unknown): Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

interface PeriodicWork {
  work: () => Promise<unknown>;
  intervalMs: number;
  timer?: NodeJS.Timeout;
  running?: Promise<unknown>;
}

interface HandlerRegistration {
  declaration: QueueHandler;
  owner?: string;
}

/**
 * The job queue: pg-boss on the platform's own database. Messages are retried with exponential
 * back-off (1 s, 2 s, 4 s, as Shopware's messenger does) and then kept in state `failed`.
 */
export class QueueService {
  readonly #boss: PgBoss;
  readonly #handlers = new Map<string, HandlerRegistration>();
  readonly #logger: Logger;
  #started = false;
  #working = false;
  readonly #leases: LeaseService;
  #sweeper: NodeJS.Timeout | undefined;
  /** Jobs whose handler runs in this process now. */
  readonly #running = new Set<string>();
  /** Jobs stop() gave back to the queue while their handler still ran: what that handler does no longer counts. */
  readonly #handedBack = new Set<string>();
  /** Periodic work of worker processes (the scheduler's tick), started and stopped with the worker. */
  readonly #periodic: PeriodicWork[] = [];

  constructor(
    private readonly db: Db,
    logger: Logger,
    private readonly isOwnerActive: (owner: string) => boolean = () => true,
  ) {
    this.#logger = logger;
    this.#leases = new LeaseService(db);
    this.#boss = new PgBoss({
      db: sqlGateway(db),
      schema: 'pgboss',
      // no cron scheduling yet: keeps the embedded database's single connection free
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: 120,
      archiveFailedAfterSeconds: 14 * 24 * 3600,
    });
    this.#boss.on('error', (error) => this.#logger.error({ err: error }, 'queue error'));
  }

  register(declaration: QueueHandler, owner?: string): void {
    if (this.#handlers.has(declaration.queue)) throw new Error(`Queue ${declaration.queue} has two handlers`);
    this.#handlers.set(declaration.queue, { declaration, owner });
  }

  queues(): string[] {
    return [...this.#handlers.keys()];
  }

  /** Whether start() ran: during boot (first-start records, extension installs) nothing may be sent yet. */
  get started(): boolean {
    return this.#started;
  }

  /** Creates pg-boss's schema (idempotent, under its own advisory lock) and every registered queue. */
  async start(): Promise<void> {
    if (this.#started) return;
    await this.#boss.start();
    for (const [name, { declaration }] of this.#handlers) {
      const retryLimit = declaration.retryLimit ?? DEFAULT_RETRY_LIMIT;
      const options = { name, retryLimit, retryDelay: declaration.retryDelaySeconds ?? 1, retryBackoff: true };
      if (await this.#boss.getQueue(name)) await this.#boss.updateQueue(name, options);
      else await this.#boss.createQueue(name, options);
    }
    this.#started = true;
  }

  /** Starts consuming the registered queues (all of them, or only `queues`) in this process. */
  async startWorker(pollingIntervalSeconds = 2, queues?: string[]): Promise<void> {
    if (this.#working) return;
    await this.start();
    for (const [name, { declaration, owner }] of this.#handlers) {
      if (queues && !queues.includes(name)) continue;
      await this.#boss.work(name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          if (owner && !this.isOwnerActive(owner)) throw new Error(`Extension ${owner} is not active`);
          this.#running.add(job.id);
          try {
            const run = await this.#leases.run(jobLeaseName(job.id), { ttlMs: JOB_LEASE_TTL_MS }, () => declaration.handle(job.data));
            // someone else runs this very job (cannot happen unless a sweep misjudged it): let pg-boss retry it later
            if (!run.acquired) throw new Error(`job ${job.id} is already running elsewhere`);
            // pg-boss 10 writes the completion without awaiting it, so stop() could return (and the database
            // close) before it lands, leaving a finished job active for the orphan sweep to run again
            if (!this.#handedBack.has(job.id)) await this.#boss.complete(name, job.id);
          } catch (error) {
            if (!this.#handedBack.has(job.id)) throw error;
          } finally {
            this.#running.delete(job.id);
          }
          // the job is the queue's again: pg-boss must neither complete nor fail it (nor reach a closed database)
          if (this.#handedBack.has(job.id)) return new Promise<never>(() => undefined);
        }
      });
    }
    this.#working = true;
    await this.requeueOrphanedJobs().catch((error) => this.#logger.error({ err: error }, 'queue: sweeping orphaned jobs failed'));
    this.#sweeper = setInterval(() => {
      this.requeueOrphanedJobs().catch((error) => this.#logger.error({ err: error }, 'queue: sweeping orphaned jobs failed'));
    }, ORPHAN_SWEEP_INTERVAL_MS);
    this.#sweeper.unref();
    for (const entry of this.#periodic) this.#startPeriodic(entry);
  }

  /**
   * Runs `work` every `intervalMs` in each worker process (first tick at once), never overlapping itself
   * in one process; stop() waits for a tick still running. Work that must run once across processes
   * takes a lease itself (the scheduled tasks do).
   */
  everyWhileWorking(work: () => Promise<unknown>, intervalMs: number): void {
    const entry = { work, intervalMs };
    this.#periodic.push(entry);
    if (this.#working) this.#startPeriodic(entry);
  }

  #startPeriodic(entry: PeriodicWork): void {
    const tick = () => {
      if (entry.running) return;
      entry.running = entry
        .work()
        .catch((error) => this.#logger.error({ err: error }, 'queue: periodic worker task failed'))
        .finally(() => (entry.running = undefined));
    };
    entry.timer = setInterval(tick, entry.intervalMs);
    entry.timer.unref();
    tick();
  }

  /**
   * Active jobs of the registered queues whose worker is gone (no live job lease, started before the
   * grace) go back to `retry` at once, or to `failed` when their retries are used up, as pg-boss does with
   * expired jobs. Returns how many.
   */
  async requeueOrphanedJobs(): Promise<number> {
    const queues = this.queues();
    if (queues.length === 0) return 0;
    const result = await sql<{ id: string; name: string }>`
      UPDATE pgboss.job AS j SET
        state = (CASE WHEN j.retry_count < j.retry_limit THEN 'retry' ELSE 'failed' END)::pgboss.job_state,
        start_after = now(),
        completed_on = CASE WHEN j.retry_count < j.retry_limit THEN NULL ELSE now() END,
        output = jsonb_build_object('message', 'the worker running the job stopped without finishing it')
      WHERE j.state = 'active'
        AND j.name = ANY(${queues}::text[])
        AND j.started_on < now() - make_interval(secs => ${ORPHAN_GRACE_SECONDS})
        AND NOT EXISTS (SELECT 1 FROM lease l WHERE l.name = 'queue-job:' || replace(j.id::text, '-', '') AND l.expires_at > now())
      RETURNING j.id, j.name`.execute(this.db);
    for (const row of result.rows) this.#logger.warn({ jobId: row.id, queue: row.name }, 'queue: job of a stopped worker handed back to the queue');
    return result.rows.length;
  }

  /**
   * Enqueues a message. Given a unit of work, the message is written in that transaction and only
   * exists if it commits.
   */
  async send(within: Db | UnitOfWork, queue: string, data: object, options: { startAfterSeconds?: number } = {}): Promise<string> {
    if (!this.#handlers.has(queue)) throw new Error(`No handler is registered for queue ${queue}`);
    await this.start();
    const id = await this.#boss.send(queue, data, {
      db: sqlGateway(within),
      ...(options.startAfterSeconds !== undefined ? { startAfter: Math.max(0, Math.ceil(options.startAfterSeconds)) } : {}),
    });
    if (!id) throw new Error(`Queue ${queue} did not accept the message`);
    return id;
  }

  /** Waiting and retrying messages per queue (Shopware's `/api/_info/queue.json`). */
  async stats(): Promise<QueueStats[]> {
    await this.start();
    const rows = await this.db
      .withSchema('pgboss')
      .selectFrom('job')
      .select(['name'])
      .select((eb) => eb.fn.countAll<number>().as('size'))
      .where('state', 'in', ['created', 'retry', 'active'])
      .groupBy('name')
      .execute();
    const sizes = new Map(rows.map((r) => [r.name as string, Number(r.size)]));
    return this.queues().map((name) => ({ name, size: sizes.get(name) ?? 0 }));
  }

  /** Messages that exhausted their retries, newest first. */
  async failed(limit = 100): Promise<FailedMessage[]> {
    await this.start();
    const rows = await this.db
      .withSchema('pgboss')
      .selectFrom('job')
      .select(['id', 'name', 'data', 'output', 'retry_count', 'created_on', 'completed_on'])
      .where('state', '=', 'failed')
      .orderBy('completed_on', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      queue: r.name,
      data: r.data,
      error: r.output,
      retryCount: r.retry_count,
      createdOn: r.created_on,
      completedOn: r.completed_on,
    }));
  }

  /**
   * Stops fetching, lets running jobs finish for up to `timeoutMs`, and hands those still running back to
   * the queue: `retry`, not counted as a try (a job that allows no retry is not lost), startable again
   * after HANDED_BACK_JOB_DELAY_MS. Their handlers keep running until the process ends, unheard.
   */
  async stop({ timeoutMs = DEFAULT_STOP_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    this.#working = false;
    clearInterval(this.#sweeper);
    for (const entry of this.#periodic) clearInterval(entry.timer);
    await Promise.all(this.#periodic.map((entry) => entry.running));
    // pg-boss waits up to the timeout for running handlers, then marks those still running failed
    await this.#boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    const unfinished = [...this.#running];
    if (unfinished.length > 0) await this.#handBack(unfinished);
  }

  async #handBack(ids: string[]): Promise<void> {
    for (const id of ids) this.#handedBack.add(id);
    // started_on NULL: the next fetch does not count a try; the job's lease goes, so the next worker takes it
    const result = await sql<{ id: string; name: string }>`
      UPDATE pgboss.job SET
        state = 'retry'::pgboss.job_state,
        started_on = NULL,
        completed_on = NULL,
        start_after = now() + make_interval(secs => ${HANDED_BACK_JOB_DELAY_MS / 1000}),
        output = jsonb_build_object('message', 'handed back: its worker stopped before the job finished')
      WHERE id = ANY(${ids}::uuid[]) AND state IN ('active', 'retry', 'failed')
      RETURNING id, name`.execute(this.db);
    await sql`DELETE FROM lease WHERE name = ANY(${ids.map(jobLeaseName)}::text[])`.execute(this.db);
    for (const row of result.rows) this.#logger.warn({ jobId: row.id, queue: row.name }, 'queue: a job still running at stop was handed back to the queue');
  }
}
