import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import type { HostDb } from '../../database/host-tables.js';
import { executorOf, type UnitOfWork } from '../../database/transaction.js';
import { isId } from '../../ids.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { exactMinorUnits } from '../money/money.js';
import { mergedCustomFields } from '../../custom-fields/merge-sql.js';
import type { OrderPayer, OrderTransactionView } from './order-transaction-view.js';

export type { OrderPayer, OrderTransactionView } from './order-transaction-view.js';

/**
 * Host service: the order transaction reads and writes that payment extensions need, without touching
 * host tables themselves. Locks and custom-field writes take the caller's unit of work, so a gateway's
 * settlement (lock, read, dedup, transition, record) commits as one.
 */
export class OrderTransactionService {
  readonly #db: HostDb;

  constructor(db: Db) {
    this.#db = db as unknown as HostDb;
  }

  /** The transaction with its order, currency and state; undefined when it does not exist. */
  async load(id: string, within?: Db | UnitOfWork): Promise<OrderTransactionView | undefined> {
    if (!isId(id)) return undefined;
    const row = await this.#select(this.#executor(within), id, false);
    return row && toView(row);
  }

  /**
   * Locks the transaction's row for the rest of `uow` and reads it in one statement. Concurrent
   * settlements of one transaction queue here, and each sees what the previous one committed.
   */
  async loadForUpdate(uow: UnitOfWork, id: string): Promise<OrderTransactionView | undefined> {
    if (!isId(id)) return undefined;
    const row = await this.#select(uow.db as unknown as HostDb, id, true);
    return row && toView(row);
  }

  /**
   * Merges `fields` into the transaction's custom fields in one statement (keys present replace their
   * values, others stay; a null value removes its key).
   */
  async mergeCustomFields(within: Db | UnitOfWork, id: string, fields: Record<string, unknown>): Promise<void> {
    await sql`UPDATE order_transaction SET custom_fields = ${mergedCustomFields(fields)}, updated_at = now() WHERE id = ${id}`.execute(this.#executor(within));
  }

  /** Ids of transactions whose custom field `key` holds `value` (compared as text), optionally of one payment method. */
  async idsByCustomField(key: string, value: string | number, options: { paymentMethodId?: string } = {}): Promise<string[]> {
    let query = this.#db.selectFrom('order_transaction').select('id').where(sql<boolean>`custom_fields ->> ${key}::text = ${String(value)}::text`);
    if (options.paymentMethodId) query = query.where('payment_method_id', '=', options.paymentMethodId);
    return (await query.execute()).map((row) => row.id);
  }

  /** The customer of the transaction's order and the billing phone; undefined when the order has none. */
  async payerOf(orderId: string): Promise<OrderPayer | undefined> {
    if (!isId(orderId)) return undefined;
    const row = await this.#db
      .selectFrom('order_customer as c')
      .innerJoin('order as o', 'o.id', 'c.order_id')
      .leftJoin('order_address as a', 'a.id', 'o.billing_address_id')
      .select(['c.email', 'c.first_name', 'c.last_name', 'a.phone_number'])
      .where('c.order_id', '=', orderId)
      .executeTakeFirst();
    if (!row) return undefined;
    const phone = typeof row.phone_number === 'string' ? row.phone_number.trim() : '';
    return { email: row.email, firstName: row.first_name, lastName: row.last_name, phone: phone === '' ? null : phone };
  }

  #executor(within?: Db | UnitOfWork): HostDb {
    return (within ? executorOf(within) : this.#db) as unknown as HostDb;
  }

  #select(db: HostDb, id: string, lock: boolean) {
    // the lock is taken on order_transaction alone, in a subquery: joined in, PostgreSQL would re-check a
    // concurrently moved row against the state row it had joined before waiting
    const transaction = lock
      ? db.selectFrom('order_transaction').selectAll().where('id', '=', id).forUpdate().as('t')
      : db.selectFrom('order_transaction').selectAll().where('id', '=', id).as('t');
    return db
      .selectFrom(transaction)
      .innerJoin('order as o', 'o.id', 't.order_id')
      .innerJoin('currency as c', 'c.id', 'o.currency_id')
      .innerJoin('state_machine_state as s', 's.id', 't.state_id')
      .select([
        't.id',
        't.order_id',
        't.payment_method_id',
        't.amount',
        't.custom_fields',
        't.created_at',
        'o.order_number',
        'o.sales_channel_id',
        'o.currency_id',
        'c.iso_code',
        'c.decimals',
        's.technical_name as state',
      ])
      .executeTakeFirst();
  }
}

interface Row {
  id: string;
  order_id: string;
  payment_method_id: string;
  amount: Record<string, unknown>;
  custom_fields: Record<string, unknown> | null;
  created_at: Date;
  order_number: string;
  sales_channel_id: string;
  currency_id: string;
  iso_code: string;
  decimals: number;
  state: string;
}

function toView(row: Row): OrderTransactionView {
  const decimals = Number(row.decimals);
  const amountTotal = isPlainObject(row.amount) ? row.amount.totalPrice : undefined;
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    salesChannelId: row.sales_channel_id,
    paymentMethodId: row.payment_method_id,
    state: row.state,
    currency: { id: row.currency_id, isoCode: row.iso_code.trim().toUpperCase(), decimals },
    amountTotal,
    amountMinor: exactMinorUnits(amountTotal, decimals),
    customFields: isPlainObject(row.custom_fields) ? row.custom_fields : {},
    createdAt: new Date(row.created_at),
  };
}
