import { isGatewayId } from '../client.js';

// a refund's fields as each answer spells them: lists `transaction_id`/`amount_refunded`, create `tx_id`, webhooks `TransactionId`/`AmountRefunded`

/** The refunded charge (the gateway transaction id), or null when none is readable. */
export function chargeIdOfRefund(refund: Record<string, unknown>): number | null {
  const id = refund.TransactionId ?? refund.transaction_id ?? refund.tx_id ?? refund.transactionId;
  return isGatewayId(id) ? Number(id) : null;
}

/** The refunded amount as sent (major units), or undefined. */
export function refundedAmountOf(refund: Record<string, unknown>): unknown {
  return refund.amount_refunded ?? refund.AmountRefunded ?? refund.amountRefunded ?? refund.amount;
}

/** The refund's own id: `id`, or `Id` / `refund_id` as other senders spell it. */
export function refundIdOf(refund: Record<string, unknown>): number | null {
  const id = [refund.id, refund.Id, refund.refund_id].find((value) => value !== undefined && value !== null);
  return isGatewayId(id) ? Number(id) : null;
}
