/**
 * The actions that take a new order (all three machines start in `open`) to the plan's states, through
 * the platform's state machines (state columns are never written directly; each move leaves history).
 */
const ORDER: Record<string, string[]> = { open: [], in_progress: ['process'], completed: ['process', 'complete'], cancelled: ['cancel'] };
const TRANSACTION: Record<string, string[]> = {
  open: [],
  paid: ['paid'],
  paid_partially: ['paid_partially'],
  refunded: ['paid', 'refund'],
  refunded_partially: ['paid', 'refund_partially'],
  cancelled: ['cancel'],
  failed: ['fail'],
};
const DELIVERY: Record<string, string[]> = {
  open: [],
  shipped: ['ship'],
  shipped_partially: ['ship_partially'],
  returned: ['ship', 'retour'],
  returned_partially: ['ship', 'retour_partially'],
  cancelled: ['cancel'],
};

export type StatefulOrderEntity = 'order' | 'order_transaction' | 'order_delivery';

export function actionsTo(entity: StatefulOrderEntity, state: string): string[] {
  const table = entity === 'order' ? ORDER : entity === 'order_transaction' ? TRANSACTION : DELIVERY;
  const actions = table[state];
  if (!actions) throw new Error(`No way to a ${entity} in state "${state}" is known`);
  return actions;
}
