import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import { deterministicId } from '../../ids.js';
import { MAX_MINOR_UNITS } from '../money/money.js';
import type { RefundRecord } from './payment-records-service.js';
import type { RefundHost } from './refund-host.js';
import { refundHoldings, type HeldRefund, type RefundHoldings } from './refund-balance.js';

/** Which gateway's records: the namespace of the derived ids and the prefix of log lines. */
export interface RefundRecordScope {
  /** A fixed id per gateway (32 hex): capture and refund ids derive from it and the gateway's refund id. */
  namespace: string;
}

/** The platform capture and refund standing for one gateway refund: the same ids on every retry, so they cannot be created twice. */
export function refundRecordIds(scope: RefundRecordScope, gatewayRefundId: number | string): { captureId: string; refundId: string } {
  return {
    captureId: deterministicId(scope.namespace, `capture:${gatewayRefundId}`),
    refundId: deterministicId(scope.namespace, `refund:${gatewayRefundId}`),
  };
}

export interface PendingRefund {
  orderTransactionId: string;
  gatewayRefundId: number | string;
  /** In minor units of `decimals`. */
  amountMinor: number;
  decimals: number;
  reason: string | undefined;
}

/**
 * The platform capture and refund of a gateway refund, both with externalReference = the gateway's refund
 * id, in their machines' initial states (the refund's `open` is a pending refund; only the gateway's
 * final word moves it). Records that exist already are kept.
 */
export async function recordPendingRefund(host: RefundHost, scope: RefundRecordScope, refund: PendingRefund, within?: Db | UnitOfWork): Promise<{ captureId: string; refundId: string }> {
  const ids = refundRecordIds(scope, refund.gatewayRefundId);
  await host.paymentRecords.recordRefund(
    {
      orderTransactionId: refund.orderTransactionId,
      ...ids,
      amountMinor: refund.amountMinor,
      decimals: refund.decimals,
      externalReference: String(refund.gatewayRefundId),
      reason: refund.reason ?? null,
    },
    within,
  );
  return ids;
}

/**
 * Whether a platform refund of the provider's transaction stands for a refund the gateway made: it carries
 * the gateway's refund id as its external reference, either because the host recorded it with ids derived
 * from that id, or because Shopware's refund process stamped the Administration's record with it once the
 * gateway accepted. A refund without a reference was never sent to the gateway.
 */
export function isGatewayRefund(refund: RefundRecord): refund is RefundRecord & { externalReference: string } {
  return refund.externalReference !== null;
}

/** The gateway refund ids the transaction's records already stand for. */
export function recordedGatewayRefundIds(records: readonly RefundRecord[]): Set<string> {
  return new Set(records.filter(isGatewayRefund).map((record) => record.externalReference));
}

function sum(refunds: RefundRecord[]): number {
  const total = refunds.reduce((acc, refund) => acc + BigInt(refund.amountMinor ?? 0), 0n);
  return total > BigInt(MAX_MINOR_UNITS) ? MAX_MINOR_UNITS : Number(total);
}

/**
 * What a gateway's own platform refunds of a transaction hold (`isGatewayRefund`; every state but failed, the
 * completed ones apart), plus refunds the shop is about to record (`alsoHeld`: a gateway's refunds the
 * refund route adopts before it checks the amount). The shop's side of `refundBalance`.
 */
export function ownRefundHoldings(records: readonly RefundRecord[], alsoHeld: readonly HeldRefund[] = []): RefundHoldings {
  const own = records
    .filter((record) => record.state !== 'failed' && isGatewayRefund(record))
    .map((record) => ({ amountMinor: record.amountMinor ?? 0, completed: record.state === 'completed' }));
  return refundHoldings([...own, ...alsoHeld]);
}

/** The transaction's completed platform refunds (any origin), minor units: what decides refunded vs refunded_partially. */
export async function completedRefundsMinor(host: RefundHost, orderTransactionId: string, decimals: number, within?: Db | UnitOfWork): Promise<number> {
  return sum((await host.paymentRecords.refundsOf(orderTransactionId, decimals, within)).filter((refund) => refund.state === 'completed'));
}
