import { decimalsFor, toMajorNumber } from '../../../platform/sdk/index.js';
import { appFeeMinor } from './amounts.js';
import { MERCHANT_ACCOUNT_ID, type GatewayTransaction } from './state.js';

/** The simulated card every attempt is paid with (the gateway's Mastercard test card). */
const TEST_CARD = {
  first_6digits: '553188',
  last_4digits: '2950',
  issuer: 'MASTERCARD  CREDIT',
  country: 'NG',
  type: 'MASTERCARD',
  expiry: '09/32',
} as const;

/** The gateway's fee and what reaches the merchant; unknown (null) while the attempt is pending. */
export function feesOf(transaction: GatewayTransaction): { chargedMinor: bigint; appFeeMinor: bigint | null; settledMinor: bigint | null } {
  const fee = transaction.appFeeMinor ?? appFeeMinor(transaction.amountMinor);
  // when the customer bears the fee it is added to the charge, and the merchant receives the full amount
  const chargedMinor = transaction.feeBearer === 'customer' ? transaction.amountMinor + fee : transaction.amountMinor;
  if (transaction.status.toLowerCase() === 'pending') return { chargedMinor, appFeeMinor: null, settledMinor: null };
  return { chargedMinor, appFeeMinor: fee, settledMinor: chargedMinor - fee };
}

function processorResponse(status: string): string {
  switch (status.toLowerCase()) {
    case 'successful':
      return 'Approved by Financial Institution';
    case 'failed':
      return 'Declined by Financial Institution';
    case 'cancelled':
      return 'Transaction cancelled by customer';
    default:
      return 'Pending validation';
  }
}

/** `data` of GET /v3/transactions/:id/verify. */
export function verifyData(transaction: GatewayTransaction): Record<string, unknown> {
  const decimals = decimalsFor(transaction.currency);
  const fees = feesOf(transaction);
  const major = (minor: bigint | null) => (minor === null ? null : toMajorNumber(minor, decimals));
  return {
    id: transaction.id,
    tx_ref: transaction.txRef,
    flw_ref: transaction.flwRef,
    device_fingerprint: 'N/A',
    amount: major(transaction.amountMinor),
    currency: transaction.currency,
    charged_amount: major(fees.chargedMinor),
    app_fee: major(fees.appFeeMinor),
    merchant_fee: 0,
    processor_response: processorResponse(transaction.status),
    auth_model: 'PIN',
    ip: '127.0.0.1',
    narration: 'CARD Transaction ',
    status: transaction.status,
    payment_type: 'card',
    created_at: transaction.createdAt,
    account_id: MERCHANT_ACCOUNT_ID,
    card: { ...TEST_CARD, token: `flw-t1nf-${transaction.flwRef.slice(-12)}-m03k` },
    meta: null,
    amount_settled: major(fees.settledMinor),
    customer: { ...transaction.customer },
    ...transaction.shownAsIs,
  };
}

/** charge.completed: the transaction without the verify-only keys, plus the delivery's event type. */
export function chargeCompletedBody(transaction: GatewayTransaction): Record<string, unknown> {
  const { amount_settled: _settled, meta: _meta, card, ...data } = verifyData(transaction);
  const { token: _token, ...cardWithoutToken } = (card ?? {}) as Record<string, unknown>;
  return { event: 'charge.completed', data: { ...data, card: cardWithoutToken }, 'event.type': 'CARD_TRANSACTION' };
}
