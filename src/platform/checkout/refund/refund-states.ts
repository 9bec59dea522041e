/** Refunds may start from these states (Shopware's technical names). */
export const REFUNDABLE_STATES: ReadonlySet<string> = new Set(['paid', 'paid_partially', 'refunded_partially']);

/**
 * States in which the gateway has been paid for the transaction, refunded since or not: the states whose
 * refundable balance is worth reading from the gateway (any other transaction holds no payment).
 */
const PAID_STATES: ReadonlySet<string> = new Set([...REFUNDABLE_STATES, 'refunded']);

export function isPaidState(state: string): boolean {
  return PAID_STATES.has(state);
}
