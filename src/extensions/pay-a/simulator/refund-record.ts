import { INTEGRATION_ID, type SimRefund, type SimTransaction } from './state.js';

const REFUNDED_BY = 'merchant@simulator.test';

/** `data` of `POST /refund`: the transaction as an object. */
export function refundCreatedData(refund: SimRefund, transaction: SimTransaction): Record<string, unknown> {
  return {
    transaction: {
      id: transaction.id,
      domain: transaction.mode,
      reference: transaction.reference,
      amount: transaction.amount,
      currency: transaction.currency,
      channel: transaction.channel,
      paid_at: transaction.paidAt,
    },
    integration: INTEGRATION_ID,
    deducted_amount: 0,
    channel: null,
    merchant_note: refund.merchantNote,
    customer_note: refund.customerNote,
    status: refund.status,
    refunded_by: REFUNDED_BY,
    expected_at: new Date(Date.parse(refund.createdAt) + 9 * 86_400_000).toISOString(),
    currency: refund.currency,
    domain: transaction.mode,
    amount: refund.amount,
    fully_deducted: false,
    id: refund.id,
    createdAt: refund.createdAt,
    updatedAt: refund.updatedAt,
  };
}

/** `data` of `GET /refund/:id` and an item of `GET /refund`: the transaction as its numeric id. */
export function refundFetchData(refund: SimRefund, transaction: SimTransaction): Record<string, unknown> {
  return {
    integration: INTEGRATION_ID,
    transaction: refund.transactionId,
    dispute: null,
    settlement: null,
    domain: transaction.mode,
    amount: refund.amount,
    deducted_amount: refund.status === 'processed' ? refund.amount : 0,
    fully_deducted: refund.status === 'processed',
    currency: refund.currency,
    channel: transaction.channel,
    status: refund.status,
    refunded_by: REFUNDED_BY,
    refunded_at: refund.status === 'processed' ? refund.updatedAt : null,
    expected_at: new Date(Date.parse(refund.createdAt) + 9 * 86_400_000).toISOString(),
    customer_note: refund.customerNote,
    merchant_note: refund.merchantNote,
    id: refund.id,
    createdAt: refund.createdAt,
    updatedAt: refund.updatedAt,
  };
}

/**
 * refund.pending / refund.processing / refund.processed / refund.failed: no refund id, the
 * transaction's reference, the amount as a string (a number on failed), `refund_reference` null while pending.
 */
export function refundEventBody(refund: SimRefund, transaction: SimTransaction, status: string = refund.status): Record<string, unknown> {
  const final = status === 'processed' || status === 'failed';
  return {
    event: `refund.${status}`,
    data: {
      status,
      transaction_reference: transaction.reference,
      refund_reference: final ? refund.refundReference : null,
      amount: status === 'failed' || status === 'needs-attention' ? refund.amount : String(refund.amount),
      currency: refund.currency,
      processor: 'mpgs_zen',
      customer: { first_name: null, last_name: null, email: transaction.email },
      integration: INTEGRATION_ID,
      domain: transaction.mode,
    },
  };
}
