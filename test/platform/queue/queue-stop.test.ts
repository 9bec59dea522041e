import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pino from 'pino';
import { jobLeaseName, QueueService } from '../../../src/platform/queue/queue-service.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

async function waitFor(probe: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface JobRow {
  state: string;
  retry_count: number;
  started_on: Date | null;
  start_after: Date;
  output: unknown;
}

/**
 * A stopping worker (SIGTERM to `npm start` or `bin/console worker`) lets running jobs finish within its
 * timeout and gives back the ones that do not, as not tried: a job that allows no retry is not lost (pg-boss
 * alone marked it failed, "pg-boss shut down while active").
 */
describe('job queue: a stopping worker', () => {
  let t: TestPlatform;
  const queues: QueueService[] = [];

  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop({ timeoutMs: 1 }).catch(() => undefined);
    await t?.close();
  });

  /** A queue of its own on the test database, whose handler runs until `finish` is called. */
  async function workerWithSlowJob(name: string, retryLimit: number) {
    const queue = new QueueService(t.platform.db, pino({ level: 'silent' }));
    queues.push(queue);
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const state = { started: false, done: false };
    queue.register({
      queue: name,
      retryLimit,
      handle: async () => {
        state.started = true;
        await finished;
        state.done = true;
      },
    });
    await queue.start();
    const id = await queue.send(t.platform.db, name, { slow: true });
    await queue.startWorker(0.5);
    await waitFor(() => state.started);
    const job = async () => (await sql<JobRow>`SELECT state, retry_count, started_on, start_after, output FROM pgboss.job WHERE id = ${id}::uuid`.execute(t.platform.db)).rows[0]!;
    return { queue, id, finish, state, job };
  }

  it('a job that finishes within the timeout is completed', async () => {
    const { queue, finish, state, job } = await workerWithSlowJob('stop_test.finishes', 0);
    setTimeout(finish, 300);
    await queue.stop({ timeoutMs: 10_000 });
    expect(state.done).toBe(true);
    expect((await job()).state).toBe('completed');
  });

  it('a job still running at the timeout goes back to the queue, not counted as a try, its lease released', async () => {
    const { queue, id, finish, job } = await workerWithSlowJob('stop_test.handed_back', 0);
    const stoppedAt = Date.now();
    await queue.stop({ timeoutMs: 1_000 });
    const row = await job();
    expect(row).toMatchObject({ state: 'retry', retry_count: 0, started_on: null });
    expect(JSON.stringify(row.output)).toContain('handed back');
    // not before the stopping process is gone
    expect(new Date(row.start_after).getTime()).toBeGreaterThan(stoppedAt);
    const lease = await sql`SELECT 1 FROM lease WHERE name = ${jobLeaseName(id)}`.execute(t.platform.db);
    expect(lease.rows).toEqual([]);

    // the handler that was cut off finishing later changes nothing
    finish();
    await new Promise((r) => setTimeout(r, 200));
    expect((await job()).state).toBe('retry');

    // the next worker runs it (as its first try)
    await sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${id}::uuid`.execute(t.platform.db);
    const next = new QueueService(t.platform.db, pino({ level: 'silent' }));
    queues.push(next);
    let ran = false;
    next.register({ queue: 'stop_test.handed_back', retryLimit: 0, handle: async () => void (ran = true) });
    await next.startWorker(0.5);
    await waitFor(() => ran);
    await next.stop();
    expect((await job()).state).toBe('completed');
  });
});
