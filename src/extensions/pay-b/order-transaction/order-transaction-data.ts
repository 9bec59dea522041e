import type { Executor } from '../../../platform/database/transaction.js';
import { decimalsFor } from '../../../platform/checkout/money/currency-decimals.js';
import { isPlainObject } from '../../../platform/entities/write-validation.js';
import { isId } from '../../../platform/ids.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { PAY_B_PAYMENT_METHOD_ID } from '../config.js';

/**
 * States in which the money of the transaction has arrived: a charge must not move them again
 * (refunds start from paid, so a refunded transaction was paid before).
 */
const SETTLED_STATES: ReadonlySet<string> = new Set(['paid', 'refunded', 'refunded_partially']);

export function isSettledState(state: string): boolean {
  return SETTLED_STATES.has(state);
}

/** What settling a gateway transaction against an order transaction needs to know about it. */
export interface PayBOrderTransaction {
  orderTransactionId: string;
  orderId: string;
  orderNumber: string;
  salesChannelId: string;
  paymentMethodId: string;
  /** Technical name, e.g. `open`, `paid`. */
  state: string;
  /** Upper-case ISO code of the order currency. */
  currencyIso: string;
  /** Gateway decimals of the currency (0 RWF/UGX, 3 KWD, else 2). */
  decimals: number;
  /** The transaction amount in minor units; null when the stored amount is no exact amount of the currency. */
  amountMinor: number | null;
  customFields: Record<string, unknown>;
  createdAt: Date;
}

/** Whether the transaction is paid with gateway D (the webhook ignores every other one). */
export function isPayBTransaction(transaction: PayBOrderTransaction): boolean {
  return transaction.paymentMethodId === PAY_B_PAYMENT_METHOD_ID;
}

/**
 * Reads an order transaction with its order's currency and channel; undefined when it does not exist.
 * Inside a settlement call it after taking the row lock, so it sees the latest committed values.
 */
export async function loadPayBOrderTransaction(db: Executor, orderTransactionId: string): Promise<PayBOrderTransaction | undefined> {
  if (!isId(orderTransactionId)) return undefined;
  const row = await db
    .selectFrom('order_transaction as t')
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
      'c.iso_code',
      's.technical_name as state',
    ])
    .where('t.id', '=', orderTransactionId)
    .executeTakeFirst();
  if (!row) return undefined;
  const currencyIso = String(row.iso_code).trim().toUpperCase();
  const decimals = decimalsFor(currencyIso);
  const amount = isPlainObject(row.amount) ? row.amount.totalPrice : undefined;
  return {
    orderTransactionId: row.id as string,
    orderId: row.order_id as string,
    orderNumber: row.order_number as string,
    salesChannelId: row.sales_channel_id as string,
    paymentMethodId: row.payment_method_id as string,
    state: row.state as string,
    currencyIso,
    decimals,
    // the same exact conversion as the gateway's amounts: both sides of the comparison follow one rule
    amountMinor: gatewayAmountToMinor(amount, decimals),
    customFields: isPlainObject(row.custom_fields) ? row.custom_fields : {},
    createdAt: new Date(row.created_at as Date | string),
  };
}
