import type { Kysely, Transaction } from 'kysely';
import type { Db } from './connection.js';

/**
 * A unit of work: the Kysely transaction plus work to run once it has committed
 * (event subscribers, cache invalidation). Pass it down; never open a second connection inside it.
 */
export interface UnitOfWork {
  /** The transaction-bound query builder. */
  readonly db: Transaction<any>;
  /** Runs after a successful commit, in registration order; never after a rollback. */
  afterCommit(task: () => Promise<void> | void): void;
}

/** Queries may run inside a unit of work or on the plain database. */
export type Executor = Kysely<any>;

/**
 * Runs `work` in a transaction. When `within` is already a unit of work, joins it instead
 * (Kysely has no nested transactions and the embedded pool has one connection).
 */
export async function transaction<T>(
  within: Db | UnitOfWork,
  work: (uow: UnitOfWork) => Promise<T>,
  onAfterCommitError: (error: unknown) => void = (error) => console.error('after-commit task failed', error),
): Promise<T> {
  if (isUnitOfWork(within)) return work(within);
  const tasks: Array<() => Promise<void> | void> = [];
  const result = await within.transaction().execute(async (trx) => {
    const uow: UnitOfWork = { db: trx, afterCommit: (task) => void tasks.push(task) };
    return work(uow);
  });
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      onAfterCommitError(error);
    }
  }
  return result;
}

export function isUnitOfWork(value: unknown): value is UnitOfWork {
  return typeof value === 'object' && value !== null && 'afterCommit' in value && 'db' in value;
}

/** The query builder of either a unit of work or the plain database. */
export function executorOf(within: Db | UnitOfWork): Executor {
  return isUnitOfWork(within) ? within.db : within;
}
