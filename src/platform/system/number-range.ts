import { sql } from 'kysely';
import type { UnitOfWork } from '../database/transaction.js';
import { AppError } from '../errors/app-error.js';

/**
 * Hands out the next number of a range (`order`, `customer`). One atomic statement per number, so
 * concurrent checkouts on several processes never get the same number; numbers of rolled-back
 * transactions are not reused by others while in flight (the row lock is held until commit).
 */
export async function reserveNumber(uow: UnitOfWork, technicalName: string): Promise<string> {
  const range = await uow.db
    .selectFrom('number_range')
    .select(['id', 'pattern', 'start'])
    .where('technical_name', '=', technicalName)
    .executeTakeFirst();
  if (!range) throw new AppError(500, 'SYSTEM__NUMBER_RANGE_NOT_FOUND', `No number range "${technicalName}" is configured.`);
  // A start raised above the last number is where the range continues (Shopware's IncrementSqlStorage);
  // a lowered one never hands out a number twice.
  const result = await sql<{ last_value: number }>`
    INSERT INTO number_range_state (number_range_id, last_value) VALUES (${range.id}, ${range.start})
    ON CONFLICT (number_range_id) DO UPDATE
      SET last_value = GREATEST(number_range_state.last_value + 1, EXCLUDED.last_value)
    RETURNING last_value`.execute(uow.db);
  const value = result.rows[0]!.last_value;
  return (range.pattern as string).replace('{n}', String(value));
}
