import type { ApiContext } from '../acl/context.js';

/**
 * What every state machine event carries. Dispatched in this order after the transaction that changed
 * the state has committed (never after a rollback, never for a no-op transition):
 *   1. `state_machine.transition`
 *   2. `state_leave.<machine>.<fromState>`   e.g. `state_leave.order_transaction.state.open`
 *   3. `state_enter.<machine>.<toState>`     e.g. `state_enter.order_transaction.state.paid`
 *   4. `state_machine.<machine>_changed`     e.g. `state_machine.order_transaction.state_changed`
 */
export interface StateMachineTransitionPayload {
  /** The stateful entity, e.g. `order_transaction`. */
  entityName: string;
  entityId: string;
  /** The order the entity belongs to, for entities registered with an order id column. */
  orderId?: string;
  /** Technical name of the machine, e.g. `order_transaction.state`. */
  machine: string;
  /** The action, e.g. `paid`. */
  transition: string;
  /** Technical names of the states. */
  fromState: string;
  toState: string;
  /** Who asked for the transition. */
  context: ApiContext;
}

declare module '../events/dispatcher.js' {
  interface PlatformEvents {
    'state_machine.transition': StateMachineTransitionPayload;
    [name: `state_enter.${string}`]: StateMachineTransitionPayload;
    [name: `state_leave.${string}`]: StateMachineTransitionPayload;
    [name: `state_machine.${string}_changed`]: StateMachineTransitionPayload;
  }
}

export const STATE_MACHINE_TRANSITION_EVENT = 'state_machine.transition';

export function stateEnterEvent(machine: string, state: string): `state_enter.${string}` {
  return `state_enter.${machine}.${state}`;
}

export function stateLeaveEvent(machine: string, state: string): `state_leave.${string}` {
  return `state_leave.${machine}.${state}`;
}

export function stateChangedEvent(machine: string): `state_machine.${string}_changed` {
  return `state_machine.${machine}_changed`;
}
