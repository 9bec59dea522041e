/** Types only: what the host and extensions declare as a recurring job. */

/** What a run of a task is handed. */
export interface ScheduledTaskRun {
  /** The scheduler's clock at the start of the run (tests advance it instead of sleeping). */
  now: Date;
  /** The scheduler's clock, for work that checks time as it goes. */
  clock: () => Date;
  /** Aborts when the run's time limit passes or its lease is lost: stop at the next item. */
  signal: AbortSignal;
}

/** A recurring job: the scheduler runs it about every `intervalSeconds`, once at a time across all processes. */
export interface ScheduledTaskDeclaration<Host = unknown> {
  /** e.g. `payment.recheck.pay-b`; unique across the host and its extensions. */
  name: string;
  intervalSeconds: number;
  /** A run longer than this is aborted (its signal) and its lease expires; default 60 s. */
  timeLimitSeconds?: number;
  run(run: ScheduledTaskRun, host: Host): Promise<void>;
}

/** Status of a task's row, as Shopware names them. */
export type ScheduledTaskStatus = 'scheduled' | 'running' | 'failed' | 'inactive';
