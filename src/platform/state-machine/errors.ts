import { AppError } from '../errors/app-error.js';

/** Shopware's `IllegalTransitionException`: `currentState` is the state's id. */
export function illegalTransition(transition: string, currentStateId: string, possibleTransitions: string[]): AppError {
  const possibleTransitionsString = possibleTransitions.join(', ');
  return new AppError(
    400,
    'SYSTEM__ILLEGAL_STATE_TRANSITION',
    `Illegal transition "${transition}" from state "${currentStateId}". Possible transitions are: ${possibleTransitionsString}`,
    { meta: { parameters: { transition, currentState: currentStateId, possibleTransitionsString, possibleTransitions } } },
  );
}

export function stateMachineNotFound(machine: string): AppError {
  return new AppError(400, 'SYSTEM__STATE_MACHINE_NOT_FOUND', `The StateMachine named "${machine}" was not found.`, {
    meta: { parameters: { name: machine } },
  });
}

export function stateMachineStateNotFound(machine: string, technicalName: string): AppError {
  return new AppError(400, 'SYSTEM__STATE_MACHINE_STATE_NOT_FOUND', `The StateMachineState named "${technicalName}" was not found in the StateMachine "${machine}".`, {
    meta: { parameters: { stateMachineName: machine, technicalPlaceName: technicalName } },
  });
}

export function invalidStateField(fieldName: string): AppError {
  return new AppError(400, 'SYSTEM__STATE_MACHINE_INVALID_STATE_FIELD', `Field "${fieldName}" does not exist or is not a state machine state field.`, {
    meta: { parameters: { fieldName } },
  });
}
