import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import type { UnitOfWork } from '../database/transaction.js';
import { AppError } from '../errors/app-error.js';

/**
 * Hands out the next number of a range (`order`, `customer`). One atomic statement per number, so
 * concurrent checkouts on several processes never get the same number; numbers of rolled-back
 * transactions are not reused by others while in flight (the row lock is held until commit).
 */
export async function reserveNumber(uow: UnitOfWork, technicalName: string): Promise<string> {
  // A start raised above the last number is where the range continues (Shopware's IncrementSqlStorage);
  // a lowered one never hands out a number twice. One statement: the range and its next number together.
  const result = await sql<{ last_value: number; pattern: string }>`
    WITH range AS (SELECT id, pattern, start FROM number_range WHERE technical_name = ${technicalName})
    INSERT INTO number_range_state (number_range_id, last_value) SELECT id, start FROM range
    ON CONFLICT (number_range_id) DO UPDATE
      SET last_value = GREATEST(number_range_state.last_value + 1, EXCLUDED.last_value)
    RETURNING last_value, (SELECT pattern FROM range) AS pattern`.execute(uow.db);
  const range = result.rows[0];
  if (!range) throw new AppError(500, 'SYSTEM__NUMBER_RANGE_NOT_FOUND', `No number range "${technicalName}" is configured.`);
  const value = range.last_value;
  return (range.pattern as string).replace('{n}', String(value));
}

/**
 * The number `reserveNumber` would hand out next, without handing it out (null: no such range); another
 * checkout may take it before anyone uses this answer.
 */
export async function previewNumber(db: Db, technicalName: string): Promise<string | null> {
  const result = await sql<{ next: string; pattern: string }>`
    SELECT GREATEST(coalesce(s.last_value + 1, r.start), r.start) AS next, r.pattern
    FROM number_range r LEFT JOIN number_range_state s ON s.number_range_id = r.id WHERE r.technical_name = ${technicalName}`.execute(db);
  const range = result.rows[0];
  return range ? range.pattern.replace('{n}', String(range.next)) : null;
}
