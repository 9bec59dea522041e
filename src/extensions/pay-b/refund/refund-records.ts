import { systemContext } from '../../../platform/acl/context.js';
import { toCalculatedPriceJson } from '../../../platform/checkout/cart/calculation/price-json.js';
import { MAX_MINOR_UNITS } from '../../../platform/checkout/money/money.js';
import type { Db } from '../../../platform/database/connection.js';
import { executorOf, transaction, type UnitOfWork } from '../../../platform/database/transaction.js';
import { isPlainObject } from '../../../platform/entities/write-validation.js';
import { deterministicId } from '../../../platform/ids.js';
import type { Platform } from '../../../platform/kernel.js';
import { gatewayAmountToMinor } from '../amounts.js';

// any fixed id works as the namespace; this one is ExtPayB's refund records'
const REFUND_RECORD_NAMESPACE = '9b2f6c1e4a7d4e8f8c3b0d5a6e1f2a4b';

/** The platform capture standing for one gateway refund: the same id on every retry, so it cannot be created twice. */
export function captureIdFor(gatewayRefundId: number | string): string {
  return deterministicId(REFUND_RECORD_NAMESPACE, `capture:${gatewayRefundId}`);
}

/** The platform refund of one gateway refund (see captureIdFor). */
export function refundIdFor(gatewayRefundId: number | string): string {
  return deterministicId(REFUND_RECORD_NAMESPACE, `refund:${gatewayRefundId}`);
}

export interface PendingRefund {
  orderTransactionId: string;
  gatewayRefundId: number;
  amountMinor: number;
  decimals: number;
  comments: string | undefined;
}

/**
 * Refund step 5: the platform capture and refund of a gateway refund, both with externalReference =
 * the gateway refund id, amounts = the refund amount, in their machines' initial states (the refund's
 * `open` is the spec's pending; only refund.completed moves it). Records that exist already are kept.
 */
export async function recordPendingRefund(platform: Platform, refund: PendingRefund): Promise<{ captureId: string; refundId: string }> {
  const captureId = captureIdFor(refund.gatewayRefundId);
  const refundId = refundIdFor(refund.gatewayRefundId);
  const externalReference = String(refund.gatewayRefundId);
  // the gateway says nothing about which taxes a partial refund carries: a plain amount
  const amount = toCalculatedPriceJson(
    { unitPrice: refund.amountMinor, totalPrice: refund.amountMinor, quantity: 1, calculatedTaxes: [], taxRules: [] },
    refund.decimals,
  );
  await transaction(platform.db, async (uow) => {
    const captures = platform.repositories.get('order_transaction_capture');
    const refunds = platform.repositories.get('order_transaction_capture_refund');
    if (!(await exists(uow, 'order_transaction_capture', captureId))) {
      await captures.create({ id: captureId, orderTransactionId: refund.orderTransactionId, amount, externalReference }, systemContext, uow);
    }
    if (!(await exists(uow, 'order_transaction_capture_refund', refundId))) {
      await refunds.create({ id: refundId, captureId, amount, externalReference, reason: refund.comments ?? null }, systemContext, uow);
    }
  });
  return { captureId, refundId };
}

async function exists(uow: UnitOfWork, table: string, id: string): Promise<boolean> {
  return (await uow.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A platform refund of an order transaction, as the sums below read it. */
interface RefundRow {
  id: string;
  externalReference: string | null;
  state: string;
  amountMinor: number | null;
}

async function refundsOf(within: Db | UnitOfWork, orderTransactionId: string, decimals: number): Promise<RefundRow[]> {
  const rows = await executorOf(within)
    .selectFrom('order_transaction_capture_refund as r')
    .innerJoin('order_transaction_capture as c', 'c.id', 'r.capture_id')
    .innerJoin('state_machine_state as s', 's.id', 'r.state_id')
    .select(['r.id', 'r.external_reference', 'r.amount', 's.technical_name as state'])
    .where('c.order_transaction_id', '=', orderTransactionId)
    .execute();
  return rows.map((row) => ({
    id: row.id as string,
    externalReference: row.external_reference as string | null,
    state: row.state as string,
    amountMinor: isPlainObject(row.amount) ? gatewayAmountToMinor(row.amount.totalPrice, decimals) : null,
  }));
}

function sum(rows: RefundRow[]): number {
  const total = rows.reduce((acc, row) => acc + BigInt(row.amountMinor ?? 0), 0n);
  return total > BigInt(MAX_MINOR_UNITS) ? MAX_MINOR_UNITS : Number(total);
}

/**
 * What ExtPayB's own platform refunds of the transaction hold (every state but failed), minor units:
 * a floor under the gateway's ledger, which may lag behind a refund it has just accepted. A refund is
 * ours when its id is the one derived from its externalReference (manual platform refunds are not).
 */
export async function refundedOnPlatformMinor(within: Db | UnitOfWork, orderTransactionId: string, decimals: number): Promise<number> {
  const rows = await refundsOf(within, orderTransactionId, decimals);
  return sum(rows.filter((row) => row.state !== 'failed' && row.externalReference !== null && row.id === refundIdFor(row.externalReference)));
}

/** The transaction's completed platform refunds (any origin), minor units: what decides refunded vs refunded_partially. */
export async function completedRefundsMinor(within: Db | UnitOfWork, orderTransactionId: string, decimals: number): Promise<number> {
  return sum((await refundsOf(within, orderTransactionId, decimals)).filter((row) => row.state === 'completed'));
}
