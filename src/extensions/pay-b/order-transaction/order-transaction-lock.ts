import type { UnitOfWork } from '../../../platform/database/transaction.js';
import { isId } from '../../../platform/ids.js';

/**
 * Takes the row lock of an order transaction for the rest of `uow` (SELECT ... FOR UPDATE on that
 * table alone; read joined data afterwards, when the lock is held and the latest values are visible).
 * Settlement and refund code serialize on this lock. False when the transaction does not exist.
 */
export async function lockOrderTransaction(uow: UnitOfWork, orderTransactionId: string): Promise<boolean> {
  if (!isId(orderTransactionId)) return false;
  const row = await uow.db.selectFrom('order_transaction').select('id').where('id', '=', orderTransactionId).forUpdate().executeTakeFirst();
  return row !== undefined;
}
