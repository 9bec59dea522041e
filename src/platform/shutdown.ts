import type { FastifyInstance } from 'fastify';

// no module of the platform is imported here: bin/console loads this file before it knows it needs any

/** How long running requests and jobs may take to finish once a stop signal came (SHUTDOWN_TIMEOUT). */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * What closing the platform (worker pools, the database) may take after that. A process that cannot
 * close in time exits anyway (code 1); the jobs it handed back wait this long before they start again.
 */
export const CLOSE_TIMEOUT_MS = 5_000;

/** Whether `work` settled within `ms` (it goes on either way; a rejection counts as settled and is rethrown). */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  try {
    return await Promise.race([work.then(() => true as const), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `stop` once, on the first SIGINT or SIGTERM. Later signals change nothing: a Ctrl-C in the
 * terminal reaches `npm start`'s node twice (from the terminal and forwarded by npm), and the stop is
 * bounded anyway.
 */
export function onStopSignal(stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void stop(signal);
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}

/**
 * Stops taking requests and waits for those in flight until `deadline` (epoch ms); then cuts the
 * connections still open, so a request that hangs cannot hold the process.
 */
export async function stopServing(app: FastifyInstance, deadline: number): Promise<void> {
  const closing = app.close();
  if (!(await settlesWithin(closing, deadline - Date.now()))) {
    app.server.closeAllConnections();
    await closing;
  }
}
