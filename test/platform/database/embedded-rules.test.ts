import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestPlatformWithExtension } from '../../helpers/test-platform.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { newId } from '../../../src/platform/ids.js';

/**
 * The embedded database is one PGlite session behind a pool of one connection. These tests pin the
 * rules that keep it correct under concurrency (and hold on PostgreSQL as well).
 */
describe('database rules', () => {
  const suite = useTestPlatformWithExtension();

  const titles = async () => (await suite.t.platform.db.selectFrom('ext_test_note').select('title').execute()).map((r) => r.title).sort();

  it('a failing query leaves the connection usable for the next one', async () => {
    await expect(sql`SELECT * FROM no_such_table`.execute(suite.t.platform.db)).rejects.toThrow(/no_such_table/);
    const result = await sql<{ one: number }>`SELECT 1 AS one`.execute(suite.t.platform.db);
    expect(result.rows[0]!.one).toBe(1);
  });

  it('a failing statement inside a transaction rolls the whole transaction back, and the next query works', async () => {
    await expect(
      transaction(suite.t.platform.db, async (uow) => {
        await uow.db.insertInto('ext_test_note').values({ id: newId(), title: 'tx-partial' }).execute();
        await sql`SELECT * FROM no_such_table`.execute(uow.db);
      }),
    ).rejects.toThrow();
    expect(await titles()).not.toContain('tx-partial');
    await suite.t.platform.db.insertInto('ext_test_note').values({ id: newId(), title: 'after-error' }).execute();
    expect(await titles()).toContain('after-error');
  });

  it("a rollback never swallows another request's write, and concurrent requests complete while a transaction runs", async () => {
    const token = await suite.t.adminToken();
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const slow = suite.t.app.inject({ method: 'POST', url: '/api/_action/ext-test/slow-rollback', payload: { title: 'rolled-back' }, headers });
    await suite.fixture.slowTransactionStarted();

    const writes = Promise.all(
      ['concurrent-1', 'concurrent-2', 'concurrent-3'].map((title) =>
        suite.t.app.inject({ method: 'POST', url: '/api/_action/ext-test/note', payload: { title }, headers }),
      ),
    );
    const health = suite.t.app.inject({ method: 'GET', url: '/api/_info/health-check' });
    expect((await health).statusCode).toBe(200);

    suite.fixture.release();
    expect((await slow).json()).toEqual({ rolledBack: true });
    for (const response of await writes) expect(response.statusCode).toBe(200);

    const after = await titles();
    expect(after).toEqual(expect.arrayContaining(['concurrent-1', 'concurrent-2', 'concurrent-3']));
    expect(after).not.toContain('rolled-back');
  });

  it('after-commit work runs only after a commit', async () => {
    const seen: string[] = [];
    await transaction(suite.t.platform.db, async (uow) => {
      uow.afterCommit(() => void seen.push('committed'));
    });
    await transaction(suite.t.platform.db, async (uow) => {
      uow.afterCommit(() => void seen.push('rolled back'));
      throw new Error('no');
    }).catch(() => undefined);
    expect(seen).toEqual(['committed']);
  });

  it('events dispatched in a unit of work reach subscribers after commit, never after rollback', async () => {
    const seen: unknown[] = [];
    const off = suite.t.platform.events.on('db_test.event', (payload) => void seen.push(payload));
    await transaction(suite.t.platform.db, async (uow) => {
      await suite.t.platform.events.dispatch(uow, 'db_test.event', 'first');
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['first']);
    await transaction(suite.t.platform.db, async (uow) => {
      await suite.t.platform.events.dispatch(uow, 'db_test.event', 'second');
      throw new Error('rollback');
    }).catch(() => undefined);
    expect(seen).toEqual(['first']);
    off();
  });

});
