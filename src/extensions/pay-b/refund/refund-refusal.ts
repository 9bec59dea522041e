/**
 * The refund route's expected refusals (spec part D, Errors): answered 400 `{"error": message}`, the
 * only refusal status the spec gives the route. Thrown only inside the refund code and caught by the
 * route; anything else thrown is a fault for the platform's error handler.
 */
export class RefundRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefusal';
  }
}

/** The spec's exact messages (amounts formatted by `formatRefundAmount`), then our own. */
export const REFUND_MESSAGES = {
  idRequired: 'Order transaction id is required',
  notFound: 'Refundable transaction not found',
  disabled: 'Refund feature is currently disabled',
  notRefundable: 'Transaction is not in a refundable state',
  belowMinimum: (minimum: string) => `Refund amount must be at least ${minimum}`,
  exceedsBalance: (balance: string) => `Refund amount exceeds the refundable balance of ${balance}`,
  ledgerUnavailable: 'Unable to verify the refundable balance. Please try again.',
  // not in the spec's list: our wording for cases the spec does not name
  inProgress: 'Another refund of this transaction is in progress. Please try again.',
  gatewayRefused: 'The gateway refused the refund.',
  gatewayUnconfirmed: 'The gateway did not confirm the refund. Check the refundable balance before trying again.',
} as const;
