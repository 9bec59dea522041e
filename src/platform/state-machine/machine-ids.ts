import { deterministicId } from '../ids.js';

/**
 * Ids of the seeded state machines, states and transitions are derived from their technical names, so
 * every installation has the same ids and code can name a state without reading the database.
 */
const STATE_MACHINE_NAMESPACE = '5a7e3ac1e2b04c8f9d2e6f0b1c4d8a37';

export function stateMachineId(machine: string): string {
  return deterministicId(STATE_MACHINE_NAMESPACE, `state_machine:${machine}`);
}

/** e.g. `stateMachineStateId('order_transaction.state', 'paid')`. */
export function stateMachineStateId(machine: string, technicalName: string): string {
  return deterministicId(STATE_MACHINE_NAMESPACE, `state_machine_state:${machine}:${technicalName}`);
}

export function stateMachineTransitionId(machine: string, action: string, from: string, to: string): string {
  return deterministicId(STATE_MACHINE_NAMESPACE, `state_machine_transition:${machine}:${action}:${from}:${to}`);
}
