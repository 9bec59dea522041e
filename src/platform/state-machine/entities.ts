import type { EntityDefinition } from '../entities/definition.js';

// Read-only through the API, as in Shopware: machines are seeded by migrations and states change only
// through transitions (StateMachineRegistry), which also write the history.

export const stateMachineEntity: EntityDefinition = {
  name: 'state_machine',
  readOnlyEntity: true,
  fields: {
    technicalName: { type: 'string', required: true, maxLength: 255, searchable: true },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    initialStateId: { type: 'id' },
  },
  associations: {
    states: { type: 'one-to-many', entity: 'state_machine_state', foreignKey: 'stateMachineId' },
    transitions: { type: 'one-to-many', entity: 'state_machine_transition', foreignKey: 'stateMachineId' },
    historyEntries: { type: 'one-to-many', entity: 'state_machine_history', foreignKey: 'stateMachineId' },
  },
};

export const stateMachineStateEntity: EntityDefinition = {
  name: 'state_machine_state',
  readOnlyEntity: true,
  fields: {
    technicalName: { type: 'string', required: true, maxLength: 255, searchable: true },
    name: { type: 'string', required: true, maxLength: 255, searchable: true },
    stateMachineId: { type: 'id', required: true },
  },
  associations: {
    stateMachine: { type: 'many-to-one', entity: 'state_machine', foreignKey: 'stateMachineId' },
    fromStateMachineTransitions: { type: 'one-to-many', entity: 'state_machine_transition', foreignKey: 'fromStateId' },
    toStateMachineTransitions: { type: 'one-to-many', entity: 'state_machine_transition', foreignKey: 'toStateId' },
    fromStateMachineHistoryEntries: { type: 'one-to-many', entity: 'state_machine_history', foreignKey: 'fromStateId' },
    toStateMachineHistoryEntries: { type: 'one-to-many', entity: 'state_machine_history', foreignKey: 'toStateId' },
  },
};

export const stateMachineTransitionEntity: EntityDefinition = {
  name: 'state_machine_transition',
  readOnlyEntity: true,
  fields: {
    actionName: { type: 'string', required: true, maxLength: 255, searchable: true },
    stateMachineId: { type: 'id', required: true },
    fromStateId: { type: 'id', required: true },
    toStateId: { type: 'id', required: true },
  },
  associations: {
    stateMachine: { type: 'many-to-one', entity: 'state_machine', foreignKey: 'stateMachineId' },
    fromStateMachineState: { type: 'many-to-one', entity: 'state_machine_state', foreignKey: 'fromStateId' },
    toStateMachineState: { type: 'many-to-one', entity: 'state_machine_state', foreignKey: 'toStateId' },
  },
};

export const stateMachineHistoryEntity: EntityDefinition = {
  name: 'state_machine_history',
  readOnlyEntity: true,
  fields: {
    stateMachineId: { type: 'id', required: true },
    /** The entity whose state changed, e.g. `order_transaction`. */
    entityName: { type: 'string', required: true, maxLength: 255 },
    referencedId: { type: 'id', required: true },
    fromStateId: { type: 'id', required: true },
    toStateId: { type: 'id', required: true },
    transitionActionName: { type: 'string', required: true, maxLength: 255 },
    userId: { type: 'id' },
    integrationId: { type: 'id' },
  },
  associations: {
    stateMachine: { type: 'many-to-one', entity: 'state_machine', foreignKey: 'stateMachineId' },
    fromStateMachineState: { type: 'many-to-one', entity: 'state_machine_state', foreignKey: 'fromStateId' },
    toStateMachineState: { type: 'many-to-one', entity: 'state_machine_state', foreignKey: 'toStateId' },
    user: { type: 'many-to-one', entity: 'user', foreignKey: 'userId' },
    integration: { type: 'many-to-one', entity: 'integration', foreignKey: 'integrationId' },
  },
};

export const stateMachineEntities = [stateMachineEntity, stateMachineStateEntity, stateMachineTransitionEntity, stateMachineHistoryEntity];
