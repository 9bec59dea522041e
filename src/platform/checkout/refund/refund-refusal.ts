import type { RefundAttempt } from './refund-provider.js';

/**
 * A refund route's expected refusals: answered 400 `{"error": message}`, the only refusal status and shape
 * gateway refund routes have (their clients read `error`). Thrown only by refund code and caught by the route; anything else
 * thrown is a fault for the platform's error handler.
 */
export class RefundRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefusal';
  }
}

/** The messages both gateways' refund routes share, worded as their clients expect them (amounts formatted by `formatRefundAmount`), then our own. */
export const COMMON_REFUND_MESSAGES = {
  disabled: 'Refund feature is currently disabled',
  notRefundable: 'Transaction is not in a refundable state',
  belowMinimum: (minimum: string) => `Refund amount must be at least ${minimum}`,
  exceedsBalance: (balance: string) => `Refund amount exceeds the refundable balance of ${balance}`,
  // our wording for cases the fixed messages do not cover
  inProgress: 'Another refund of this transaction is in progress. Please try again.',
  gatewayRefused: 'The gateway refused the refund.',
  gatewayUnconfirmed: 'The gateway did not confirm the refund. Check the refundable balance before trying again.',
} as const;

/**
 * The refusal for a refund call that produced no accepted refund: the gateway's own message when it
 * answered and refused (the merchant sees why the gateway said no); without an answer the refund may
 * exist anyway, so the merchant is told to check before trying again.
 */
export function refusalForAttempt(attempt: Exclude<RefundAttempt, { outcome: 'accepted' }>, notConfigured: string): RefundRefusal {
  switch (attempt.outcome) {
    case 'refused':
      return new RefundRefusal(attempt.gatewayMessage?.trim() || COMMON_REFUND_MESSAGES.gatewayRefused);
    case 'not-configured':
      return new RefundRefusal(notConfigured);
    default:
      return new RefundRefusal(COMMON_REFUND_MESSAGES.gatewayUnconfirmed);
  }
}
