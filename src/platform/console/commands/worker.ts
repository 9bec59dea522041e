import type { PlatformCommand } from '../platform-command.js';
import { EXIT } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';
import { listOption, stringOption } from './option-values.js';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from '../../shutdown.js';

export const WORKER_COMMAND = 'worker';

// pg-boss polls no faster than every 0.5 s
const MIN_POLL_SECONDS = 0.5;

/** Resolves with the signal's name on the first SIGINT or SIGTERM. */
function waitForStopSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * `worker`: consumes the queue in this process until SIGINT/SIGTERM, for installations that run web
 * and worker apart (RUN_WORKER=0 on the web process, usually with DATABASE_URL). On the signal, running
 * messages may finish for SHUTDOWN_TIMEOUT; those still running then go back to the queue. `waitForStop`
 * is injectable so tests stop the worker without sending signals to the test runner.
 */
export function createWorkerCommand(waitForStop: () => Promise<string> = waitForStopSignal): PlatformCommand<'env' | 'queue'> {
  return {
    name: WORKER_COMMAND,
    // through a running server the hand-off refuses it: that server owns the embedded database and
    // runs its own worker unless RUN_WORKER=0
    description: 'Consume the message queue in this process until SIGINT/SIGTERM (not while a server owns the embedded database)',
    options: {
      queues: { type: 'string', valueName: '<a,b>', description: 'Only these queues (comma-separated; default: all)' },
      'poll-interval': { type: 'string', valueName: '<seconds>', description: `Seconds between polls of an idle queue (default 2, at least ${MIN_POLL_SECONDS})` },
    },
    async run(input, io, platform) {
      const known = platform.queue.queues();
      const queues = listOption(input, 'queues') ?? known;
      const unknown = queues.filter((q) => !known.includes(q));
      if (unknown.length > 0) {
        throw new UsageError(`Unknown queue${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Known queues: ${known.join(', ') || '(none)'}.`);
      }
      const pollText = stringOption(input, 'poll-interval') ?? '2';
      const pollSeconds = Number(pollText);
      if (!Number.isFinite(pollSeconds) || pollSeconds < MIN_POLL_SECONDS) {
        throw new UsageError(`--poll-interval must be a number of seconds of at least ${MIN_POLL_SECONDS}, got "${pollText}".`);
      }
      const stopped = waitForStop();
      await platform.queue.startWorker(pollSeconds, queues);
      io.out(queues.length > 0 ? `Worker consuming ${queues.join(', ')} (polling every ${pollSeconds} s). Stop with Ctrl-C.` : 'No queues are registered; the worker idles. Stop with Ctrl-C.');
      const signal = await stopped;
      const timeoutMs = platform.env.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
      io.out(`${signal}: finishing running messages (at most ${timeoutMs / 1000} s, then they go back to the queue)...`);
      await platform.queue.stop({ timeoutMs });
      io.out('Worker stopped.');
      return EXIT.ok;
    },
  };
}

export const workerCommand = createWorkerCommand();
