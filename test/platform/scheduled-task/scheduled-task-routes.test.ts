import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMissingPrivileges } from '../../helpers/expectations.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';

describe("Shopware's scheduled task actions: POST /api/_action/scheduled-task/run, GET .../min-run-interval", () => {
  let t: TestPlatform;
  let runs = 0;
  beforeAll(async () => {
    t = await createTestPlatform();
    t.platform.scheduledTasks.register({
      name: 'test.counting',
      intervalSeconds: 45,
      run: async () => {
        runs += 1;
      },
    });
    await t.platform.scheduledTasks.sync();
  });
  afterAll(() => t.close());

  const makeDue = () => t.platform.db.updateTable('scheduled_task').set({ next_execution_time: new Date(Date.now() - 1000) }).where('name', '=', 'test.counting').execute();

  it('runs the due tasks once and moves their next run; a second call finds nothing due', async () => {
    await makeDue();
    const before = runs;
    const first = await t.api('POST', '/api/_action/scheduled-task/run');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'Success', outcomes: expect.objectContaining({ 'test.counting': 'ran' }) });
    expect(runs).toBe(before + 1);
    const row = await t.platform.db.selectFrom('scheduled_task').selectAll().where('name', '=', 'test.counting').executeTakeFirstOrThrow();
    expect(new Date(row.next_execution_time as unknown as string).getTime()).toBeGreaterThan(Date.now() + 30_000);

    const second = await t.api('POST', '/api/_action/scheduled-task/run');
    expect(second.json().outcomes['test.counting']).toBeUndefined();
    expect(runs).toBe(before + 1);
  });

  it('two callers at once: the task runs once, the other finds it taken or no longer due', async () => {
    await makeDue();
    const before = runs;
    const answers = await Promise.all([t.api('POST', '/api/_action/scheduled-task/run'), t.api('POST', '/api/_action/scheduled-task/run')]);
    const outcomes = answers.map((answer) => answer.json().outcomes['test.counting'] as string | undefined);
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1);
    // the other found the lease taken (busy), or the task already moved on: not due inside the lease, or not due
    // at all when it looked (then its answer names no outcome for the task)
    const others = outcomes.filter((outcome) => outcome !== 'ran');
    expect(others).toHaveLength(1);
    expect([undefined, 'busy', 'not-due']).toContain(others[0]);
    expect(runs).toBe(before + 1);
  });

  it('answers the shortest interval of the registered tasks', async () => {
    const answer = await t.api('GET', '/api/_action/scheduled-task/min-run-interval');
    expect(answer.statusCode).toBe(200);
    const intervals = (await t.platform.db.selectFrom('scheduled_task').select('run_interval').execute()).map((row) => Number(row.run_interval));
    expect(answer.json()).toEqual({ minRunInterval: Math.min(...intervals) });
    expect(answer.json().minRunInterval).toBeLessThanOrEqual(45);
  });

  it('needs scheduled_task:update to run and scheduled_task:read for the interval; nothing runs without', async () => {
    await makeDue();
    const before = runs;
    const token = await t.tokenWithPrivileges(['scheduled_task:read']);
    expectMissingPrivileges(await t.api('POST', '/api/_action/scheduled-task/run', { token }), ['scheduled_task:update']);
    expect(runs).toBe(before);
    expect((await t.api('GET', '/api/_action/scheduled-task/min-run-interval', { token })).statusCode).toBe(200);
    expectMissingPrivileges(await t.api('GET', '/api/_action/scheduled-task/min-run-interval', { token: await t.tokenWithPrivileges(['order:read']) }), ['scheduled_task:read']);
  });
});
