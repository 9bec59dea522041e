import { MAX_MINOR_UNITS } from '../money/money.js';
import type { GatewayRefundHoldings } from './refund-provider.js';

/**
 * What the refunds of one transaction hold, as one side counts them, in minor units: every refund but a
 * failed one (`heldMinor`: a pending refund may still be paid out), and the completed ones among them.
 */
export interface RefundHoldings {
  heldMinor: number;
  completedMinor: number;
}

/** One refund as a side lists it: its amount in minor units and whether it is completed (failed ones are left out before). */
export interface HeldRefund {
  amountMinor: number;
  completed: boolean;
}

/** A transaction's refundable balance, minor units of its currency. */
export interface RefundBalance {
  /** What the gateway was paid for the transaction (its amount). */
  paidMinor: number;
  /** Completed refunds. */
  refundedMinor: number;
  /** Refunds that hold their amount without being completed (pending at the gateway, or recorded by the shop and not listed yet). */
  pendingMinor: number;
  /** `paid - refunded - pending`, never below zero: the most a refund may take. */
  refundableMinor: number;
}

/** The holdings of a list of refunds (summed exactly; capped at MAX_MINOR_UNITS, beyond any transaction amount). */
export function refundHoldings(refunds: Iterable<HeldRefund>): RefundHoldings {
  let held = 0n;
  let completed = 0n;
  for (const refund of refunds) {
    held += BigInt(refund.amountMinor);
    if (refund.completed) completed += BigInt(refund.amountMinor);
  }
  return { heldMinor: capped(held), completedMinor: capped(completed) };
}

/**
 * The balance of a transaction paid `paidMinor`, from the gateway's live view and the shop's records: a
 * refund holds its amount when either side holds it, so the larger holding counts (the gateway's list may
 * not show a refund it accepted a moment ago; the shop has no record of a refund made in the gateway's
 * dashboard). Completed is likewise the larger of the two sides' completed refunds, pending the rest.
 */
export function refundBalance(paidMinor: number, gateway: RefundHoldings, shop: RefundHoldings): RefundBalance {
  const held = Math.max(gateway.heldMinor, shop.heldMinor);
  const refunded = Math.min(Math.max(gateway.completedMinor, shop.completedMinor), held);
  return { paidMinor, refundedMinor: refunded, pendingMinor: held - refunded, refundableMinor: Math.max(paidMinor - held, 0) };
}

/** Nothing paid, nothing refunded: a transaction the gateway holds no payment of. */
export const NOTHING_PAID: RefundBalance = Object.freeze({ paidMinor: 0, refundedMinor: 0, pendingMinor: 0, refundableMinor: 0 });

function capped(total: bigint): number {
  return total > BigInt(MAX_MINOR_UNITS) ? MAX_MINOR_UNITS : Number(total);
}

/** The gateway's report as holdings: everything it holds, the completed part apart. */
export function gatewayHoldingsOf(report: GatewayRefundHoldings): RefundHoldings {
  return { heldMinor: Math.min(report.refundedMinor + report.pendingMinor, MAX_MINOR_UNITS), completedMinor: report.refundedMinor };
}
