/**
 * States in which the money of a transaction has arrived: a charge must not move them again (refunds
 * start from paid, so a refunded transaction was paid before).
 */
const SETTLED_STATES: ReadonlySet<string> = new Set(['paid', 'refunded', 'refunded_partially']);

export function isSettledState(state: string): boolean {
  return SETTLED_STATES.has(state);
}
