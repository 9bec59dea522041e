import { decimalsFor, toMajorNumber } from '../../../platform/sdk/index.js';
import { MERCHANT_ACCOUNT_ID, MERCHANT_WALLET_ID, type RefundEntry } from './state.js';

const REFUND_META = { source: 'availablebalance' } as const;

function amountOf(refund: RefundEntry): number {
  return toMajorNumber(refund.amountMinor, decimalsFor(refund.currency));
}

/** `data` of POST /v3/transactions/:id/refund: `tx_id`, `meta` as an object. */
export function refundCreatedData(refund: RefundEntry): Record<string, unknown> {
  return {
    id: refund.id,
    account_id: MERCHANT_ACCOUNT_ID,
    tx_id: refund.transactionId,
    flw_ref: refund.flwRef,
    wallet_id: MERCHANT_WALLET_ID,
    amount_refunded: amountOf(refund),
    status: refund.status,
    destination: 'payment_source',
    meta: { ...REFUND_META },
    created_at: refund.createdAt,
  };
}

/** An item of GET /v3/refunds and the data of GET /v3/refunds/:id: `transaction_id`, `comment`, `meta` as a JSON string. */
export function refundListItem(refund: RefundEntry): Record<string, unknown> {
  return {
    id: refund.id,
    amount_refunded: amountOf(refund),
    status: refund.status,
    flw_ref: refund.flwRef,
    comment: refund.comments,
    settlement_id: 'NEW',
    meta: JSON.stringify(REFUND_META),
    created_at: refund.createdAt,
    account_id: MERCHANT_ACCOUNT_ID,
    transaction_id: refund.transactionId,
  };
}

/** refund.completed fields in the gateway's mix of PascalCase, camelCase and snake_case. */
function refundWebhookFields(refund: RefundEntry, status: string): Record<string, unknown> {
  return {
    id: refund.id,
    AmountRefunded: amountOf(refund),
    status,
    FlwRef: refund.flwRef,
    destination: 'payment_source',
    comments: refund.comments,
    settlement_id: 'NEW',
    meta: JSON.stringify(REFUND_META),
    createdAt: refund.createdAt,
    updatedAt: refund.updatedAt,
    deletedAt: null,
    walletId: MERCHANT_WALLET_ID,
    AccountId: MERCHANT_ACCOUNT_ID,
    TransactionId: refund.transactionId,
  };
}

export function refundCompletedBody(refund: RefundEntry, status: string, shape: 'wrapped' | 'flat'): Record<string, unknown> {
  const fields = refundWebhookFields(refund, status);
  return shape === 'flat' ? fields : { event: 'refund.completed', data: fields };
}
