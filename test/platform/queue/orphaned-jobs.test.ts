import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { jobLeaseName } from '../../../src/platform/queue/queue-service.js';
import { useTestPlatformWithExtension } from '../../helpers/test-platform.js';
import { waitFor } from '../../helpers/wait-for.js';


/**
 * A process killed while running a job (kill -9) leaves it `active`; pg-boss alone would leave it there
 * for its 15-minute expiry. Found by the reliability suite's kill scenario (test/reliability/kill.ts).
 */
describe('job queue: jobs of a dead worker', () => {
  const suite = useTestPlatformWithExtension();
  const db = () => suite.t.platform.db;
  const notes = async () => (await db().selectFrom('ext_test_note').select('title').execute()).map((r) => r.title);

  async function enqueue(title: string): Promise<string> {
    await suite.t.api('POST', '/api/_action/ext-test/queue', { body: { title } });
    const row = await sql<{ id: string }>`SELECT id FROM pgboss.job WHERE data->>'title' = ${title}`.execute(db());
    return row.rows[0]!.id;
  }

  /** What a worker that fetched the job a minute ago and then died leaves behind. */
  async function markFetchedByDeadWorker(id: string): Promise<void> {
    await sql`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute' WHERE id = ${id}::uuid`.execute(db());
  }

  it('a job whose worker is alive (its lease is renewed) is left alone (no worker runs in this process yet)', async () => {
    const id = await enqueue('still running elsewhere');
    await markFetchedByDeadWorker(id);
    await sql`INSERT INTO lease (name, token, acquired_at, expires_at) VALUES (${jobLeaseName(id)}, gen_random_uuid(), now(), now() + interval '1 minute')`.execute(db());
    expect(await suite.t.platform.queue.requeueOrphanedJobs()).toBe(0);
    const state = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${id}::uuid`.execute(db());
    expect(state.rows[0]!.state).toBe('active');
    expect(await notes()).not.toContain('still running elsewhere');
  });

  it('a job left active by a dead worker is run again soon after a worker starts, not after its 15-minute expiry', async () => {
    const id = await enqueue('orphaned');
    await markFetchedByDeadWorker(id);
    await suite.t.platform.queue.startWorker(0.5);
    await waitFor(async () => (await notes()).includes('orphaned'), 10_000);
    expect(suite.fixture.received.messages).toContainEqual({ title: 'orphaned' });
  });
});
