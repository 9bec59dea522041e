import { describe, expect, it } from 'vitest';
import { EventDispatcher } from '../../../src/platform/events/dispatcher.js';
import type { Db } from '../../../src/platform/database/connection.js';
import type { UnitOfWork } from '../../../src/platform/database/transaction.js';

/** A unit of work that only records its after-commit tasks (the dispatcher needs nothing else of it). */
function fakeUnitOfWork(): UnitOfWork & { commit(): Promise<void> } {
  const tasks: Array<() => Promise<void> | void> = [];
  return {
    db: {} as UnitOfWork['db'],
    afterCommit: (task) => void tasks.push(task),
    async commit() {
      for (const task of tasks) await task();
    },
  };
}

describe('event dispatcher phases', () => {
  it('runs in-transaction subscribers at once with the unit of work, after-commit ones only on commit', async () => {
    const events = new EventDispatcher();
    const seen: string[] = [];
    let givenWithin: unknown;
    events.on('x.happened', () => void seen.push('after-commit'));
    events.on('x.happened', (_payload, _name, within) => {
      givenWithin = within;
      seen.push('in-transaction');
    }, undefined, 'in-transaction');
    const uow = fakeUnitOfWork();
    await events.dispatch(uow, 'x.happened', {});
    expect(seen).toEqual(['in-transaction']);
    expect(givenWithin).toBe(uow);
    await uow.commit();
    expect(seen).toEqual(['in-transaction', 'after-commit']);
  });

  it("lets an in-transaction subscriber's failure fail the dispatch (so the change rolls back); an after-commit failure is only reported", async () => {
    const reported: string[] = [];
    const events = new EventDispatcher({ onSubscriberError: (_error, name) => void reported.push(name) });
    events.on('x.failed', () => {
      throw new Error('after-commit failure');
    });
    await events.dispatch({} as Db, 'x.failed', {});
    expect(reported).toEqual(['x.failed']);
    events.on('x.failed', () => {
      throw new Error('in-transaction failure');
    }, undefined, 'in-transaction');
    await expect(events.dispatch(fakeUnitOfWork(), 'x.failed', {})).rejects.toThrow('in-transaction failure');
  });

  it("skips an inactive owner's subscribers in both phases", async () => {
    const events = new EventDispatcher({ isOwnerActive: (owner) => owner !== 'Off' });
    const seen: string[] = [];
    events.on('x.happened', () => void seen.push('off, after-commit'), 'Off');
    events.on('x.happened', () => void seen.push('off, in-transaction'), 'Off', 'in-transaction');
    events.on('x.happened', () => void seen.push('on'), 'On', 'in-transaction');
    await events.dispatch({} as Db, 'x.happened', {});
    expect(seen).toEqual(['on']);
  });
});
