import type { SimTransaction } from './state.js';

/** The simulated card successful attempts are paid with (the gateway's test Visa). */
function authorizationOf(transaction: SimTransaction): Record<string, unknown> {
  return {
    authorization_code: `AUTH_${transaction.accessCode.slice(0, 10)}`,
    bin: '408408',
    last4: '4081',
    exp_month: '12',
    exp_year: '2030',
    channel: 'card',
    // the gateway's own quirk: a trailing space
    card_type: 'visa ',
    bank: 'TEST BANK',
    country_code: 'NG',
    brand: 'visa',
    reusable: true,
    signature: `SIG_${transaction.accessCode}`,
  };
}

/** `data` of `GET /transaction/verify/:reference`; charge.success carries the same. */
export function verifyData(transaction: SimTransaction): Record<string, unknown> {
  const attempted = transaction.channel !== null;
  return {
    id: transaction.id,
    domain: transaction.mode,
    status: transaction.status,
    reference: transaction.reference,
    receipt_number: null,
    amount: transaction.amount,
    message: null,
    gateway_response: transaction.gatewayResponse,
    paid_at: transaction.paidAt,
    created_at: transaction.createdAt,
    channel: transaction.channel,
    currency: transaction.currency,
    ip_address: attempted ? '197.210.54.33' : null,
    // as sent, or "": the gateway is lenient about metadata
    metadata: transaction.metadata ?? '',
    log: attempted ? { start_time: Math.floor(Date.parse(transaction.createdAt) / 1000), time_spent: 4, attempts: 1, errors: 0, success: transaction.status === 'success', history: [] } : null,
    fees: transaction.fees,
    fees_split: null,
    authorization: attempted ? authorizationOf(transaction) : {},
    customer: { ...transaction.customer, first_name: null, last_name: null, phone: null, metadata: null, risk_action: 'default' },
    plan: null,
    split: {},
    order_id: null,
    paidAt: transaction.paidAt,
    createdAt: transaction.createdAt,
    requested_amount: transaction.requestedAmount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: transaction.createdAt,
    plan_object: {},
    subaccount: {},
    ...transaction.shownAsIs,
  };
}

/** charge.success: the transaction as verify shows it. */
export function chargeSuccessBody(transaction: SimTransaction): Record<string, unknown> {
  return { event: 'charge.success', data: verifyData(transaction) };
}
