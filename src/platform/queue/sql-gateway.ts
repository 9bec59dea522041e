import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../database/connection.js';
import { executorOf, type UnitOfWork } from '../database/transaction.js';

/**
 * pg-boss talks to the database only through this gateway, so it shares the platform's pool (the
 * embedded database has one connection) and, given a unit of work, enqueues inside that transaction:
 * the message exists exactly when the business change committed.
 */
export function sqlGateway(within: Db | UnitOfWork): PgBoss.Db {
  const executor = executorOf(within);
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await sql.raw<any>(text).compile(executor);
      const compiled = { ...result, parameters: values };
      const output = await executor.executeQuery<any>(compiled);
      return { rows: output.rows as any[] };
    },
  };
}
