import { sql } from 'kysely';
import type { ApiContext } from '../acl/context.js';
import type { Db } from '../database/connection.js';
import { executorOf, transaction, type Executor, type UnitOfWork } from '../database/transaction.js';
import { errors } from '../errors/app-error.js';
import type { EventDispatcher } from '../events/dispatcher.js';
import { isId, newId } from '../ids.js';
import { illegalTransition, stateMachineNotFound, stateMachineStateNotFound } from './errors.js';
import { mergedCustomFields } from '../custom-fields/merge-sql.js';
import {
  STATE_MACHINE_TRANSITION_EVENT,
  stateChangedEvent,
  stateEnterEvent,
  stateLeaveEvent,
  type StateMachineTransitionPayload,
} from './events.js';

/** An entity whose state column is driven by a state machine. */
export interface StatefulEntityRegistration {
  /** Entity name, e.g. `order_transaction` (also the history's `entityName` and the ACL prefix of the routes). */
  entity: string;
  table: string;
  /** Technical name of the machine, e.g. `order_transaction.state`. */
  machine: string;
  /** Column holding the state id (default `state_id`); the table must also have `updated_at`. */
  stateColumn?: string;
  /** Column holding the order id, passed to subscribers as `orderId` (`id` for the order itself). */
  orderIdColumn?: string;
}

export type StatefulEntity = Required<Omit<StatefulEntityRegistration, 'orderIdColumn'>> & Pick<StatefulEntityRegistration, 'orderIdColumn'>;

export interface StateRef {
  id: string;
  technicalName: string;
  name: string;
}

export interface TransitionRequest {
  within: Db | UnitOfWork;
  entity: string;
  id: string;
  /** The action name, e.g. `paid`, `refund_partially`, `reopen`. */
  action: string;
  context: ApiContext;
  /**
   * The state the caller read under a row lock it still holds in `within` (a unit of work): the transition
   * then skips re-locking and re-reading the row, one statement less on hot paths such as webhooks.
   */
  lockedState?: LockedState;
  /**
   * Merged into the entity's `custom_fields` by the statement that moves it (keys present replace their
   * values, a null value removes its key), e.g. the gateway data a settlement stores with the move.
   * Written only when the entity moves; the entity's table must have `custom_fields`.
   */
  customFields?: Record<string, unknown>;
}

export interface LockedState {
  technicalName: string;
  /** The order the entity belongs to (order_transaction, order_delivery), for the event payload. */
  orderId?: string;
}

export interface TransitionResult {
  fromState: StateRef;
  toState: StateRef;
  /** False when the entity already was in the action's target state (no history, no events). */
  changed: boolean;
}

/**
 * What a transition request did: `moved` to the action's target, `already` there (nothing written), or
 * `refused` because no transition with that action leaves the current state (nothing written).
 */
export interface TransitionOutcome {
  result: 'moved' | 'already' | 'refused';
  fromState: StateRef;
  /** The state afterwards (the current one unless moved). */
  toState: StateRef;
  /** Actions that leave the state the entity was in. */
  possibleActions: string[];
}

/** A transition leaving the current state, as Shopware's `GET .../state` lists it. */
export interface AvailableTransition {
  /** Human name of the target state. */
  name: string;
  /** Technical name of the target state. */
  technicalName: string;
  actionName: string;
  /** Technical names of the source and target states. */
  fromStateName: string;
  toStateName: string;
}

interface MachineTransition {
  actionName: string;
  from: StateRef;
  to: StateRef;
}

/** A machine as seeded: its states and transitions never change at run time, so each process reads them once. */
interface MachineDefinition {
  id: string;
  initialStateId: string | null;
  states: Map<string, StateRef>;
  /** In a stable order (action name, then target state, then source state). */
  transitions: MachineTransition[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Moves stateful entities through their state machines (Shopware's StateMachineRegistry).
 * The only code that writes a state column after creation: callers ask for a transition by action name.
 */
export class StateMachineRegistry {
  readonly #dispatcher: EventDispatcher;
  readonly #entities = new Map<string, StatefulEntity>();
  readonly #machines = new Map<string, Promise<MachineDefinition>>();

  constructor(deps: { dispatcher: EventDispatcher }) {
    this.#dispatcher = deps.dispatcher;
  }

  /** Records which table and machine belong to an entity; touches no database. */
  registerStatefulEntity(registration: StatefulEntityRegistration): void {
    if (this.#entities.has(registration.entity)) throw new Error(`Stateful entity ${registration.entity} is registered twice`);
    const entity: StatefulEntity = { stateColumn: 'state_id', ...registration };
    // table and column names go into SQL as identifiers
    for (const identifier of [entity.table, entity.stateColumn, entity.orderIdColumn ?? 'id']) {
      if (!IDENTIFIER.test(identifier)) throw new Error(`Stateful entity ${entity.entity}: "${identifier}" is not a plain SQL identifier`);
    }
    this.#entities.set(entity.entity, entity);
  }

  statefulEntity(name: string): StatefulEntity | undefined {
    return this.#entities.get(name);
  }

  async initialStateId(within: Db | UnitOfWork, machine: string): Promise<string> {
    const definition = await this.#machine(executorOf(within), machine);
    if (!definition.initialStateId) throw stateMachineStateNotFound(machine, '(initial state)');
    return definition.initialStateId;
  }

  async stateId(within: Db | UnitOfWork, machine: string, technicalName: string): Promise<string> {
    const definition = await this.#machine(executorOf(within), machine);
    const state = [...definition.states.values()].find((candidate) => candidate.technicalName === technicalName);
    if (!state) throw stateMachineStateNotFound(machine, technicalName);
    return state.id;
  }

  /** The entity's current state; 404 when the record does not exist. */
  async currentState(within: Db | UnitOfWork, entity: string, id: string): Promise<StateRef> {
    const db = executorOf(within);
    const target = this.#entity(entity);
    const row = await this.#row(db, target, id, false);
    return this.#state(await this.#machine(db, target.machine), row.stateId);
  }

  /** The transitions leaving the entity's current state. */
  async availableTransitions(within: Db | UnitOfWork, entity: string, id: string): Promise<AvailableTransition[]> {
    const db = executorOf(within);
    const target = this.#entity(entity);
    const row = await this.#row(db, target, id, false);
    const definition = await this.#machine(db, target.machine);
    return definition.transitions
      .filter((t) => t.from.id === row.stateId)
      .map((t) => ({
        name: t.to.name,
        technicalName: t.to.technicalName,
        actionName: t.actionName,
        fromStateName: t.from.technicalName,
        toStateName: t.to.technicalName,
      }));
  }

  /**
   * Applies `action` to the entity under a row lock. Already in the action's target state: a no-op.
   * Otherwise a transition with that action must leave the current state, else 400
   * `SYSTEM__ILLEGAL_STATE_TRANSITION`. Events go out after the surrounding transaction commits.
   */
  async transition(request: TransitionRequest): Promise<TransitionResult> {
    const outcome = await this.tryTransition(request);
    if (outcome.result === 'refused') throw illegalTransition(request.action, outcome.fromState.id, outcome.possibleActions);
    return { fromState: outcome.fromState, toState: outcome.toState, changed: outcome.result === 'moved' };
  }

  /**
   * `transition` with the refusal as a value instead of an error, for code that expects some moves to
   * be impossible (a gateway event arriving for a transaction that moved elsewhere meanwhile).
   */
  async tryTransition(request: TransitionRequest): Promise<TransitionOutcome> {
    const target = this.#entity(request.entity);
    return transaction(request.within, async (uow) => {
      const db = uow.db;
      const definition = await this.#machine(db, target.machine);
      const row = request.lockedState ? this.#lockedRow(definition, request.lockedState) : await this.#row(db, target, request.id, true);
      const current = this.#state(definition, row.stateId);
      const { transitions } = definition;

      const possibleActions = transitions.filter((t) => t.from.id === current.id).map((t) => t.actionName);
      const withAction = transitions.filter((t) => t.actionName === request.action);
      if (withAction.some((t) => t.to.id === current.id)) return { result: 'already', fromState: current, toState: current, possibleActions };
      const chosen = withAction.find((t) => t.from.id === current.id);
      if (!chosen) return { result: 'refused', fromState: current, toState: current, possibleActions };

      const source = request.context.source;
      // the move (with any custom fields) and its history row in one statement; the row lock is held since #row
      await sql`
        WITH moved AS (
          UPDATE ${sql.table(target.table)}
          SET ${sql.ref(target.stateColumn)} = ${chosen.to.id}, updated_at = now()${request.customFields ? sql`, custom_fields = ${mergedCustomFields(request.customFields)}` : sql``}
          WHERE id = ${request.id} RETURNING id
        )
        INSERT INTO state_machine_history
          (id, state_machine_id, entity_name, referenced_id, from_state_id, to_state_id, transition_action_name, user_id, integration_id)
        SELECT ${newId()}, ${definition.id}, ${target.entity}, moved.id, ${current.id}, ${chosen.to.id}, ${chosen.actionName},
          ${source.type === 'admin-api' ? (source.userId ?? null) : null}::uuid, ${source.type === 'admin-api' ? (source.integrationId ?? null) : null}::uuid
        FROM moved`.execute(db);

      const payload: StateMachineTransitionPayload = {
        entityName: target.entity,
        entityId: request.id,
        ...(row.orderId ? { orderId: row.orderId } : {}),
        machine: target.machine,
        transition: chosen.actionName,
        fromState: current.technicalName,
        toState: chosen.to.technicalName,
        context: request.context,
      };
      await this.#dispatcher.dispatch(uow, STATE_MACHINE_TRANSITION_EVENT, payload);
      await this.#dispatcher.dispatch(uow, stateLeaveEvent(target.machine, current.technicalName), payload);
      await this.#dispatcher.dispatch(uow, stateEnterEvent(target.machine, chosen.to.technicalName), payload);
      await this.#dispatcher.dispatch(uow, stateChangedEvent(target.machine), payload);
      return { result: 'moved', fromState: current, toState: chosen.to, possibleActions };
    });
  }

  #entity(name: string): StatefulEntity {
    const entity = this.#entities.get(name);
    if (!entity) throw new Error(`"${name}" is not a registered stateful entity`);
    return entity;
  }

  /**
   * The record's state id (and order id), optionally locked. The lock is taken on the entity table
   * alone: joined in, PostgreSQL would re-check a concurrently changed row against the old state row.
   */
  async #row(db: Executor, target: StatefulEntity, id: string, lock: boolean): Promise<{ stateId: string; orderId?: string }> {
    if (!isId(id)) throw errors.notFound(target.entity, id);
    const orderId = target.orderIdColumn ? sql.ref(target.orderIdColumn) : sql`NULL::uuid`;
    const result = await sql<{ state_id: string; order_id: string | null }>`
      SELECT ${sql.ref(target.stateColumn)} AS state_id, ${orderId} AS order_id
      FROM ${sql.table(target.table)} WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
    const row = result.rows[0];
    if (!row) throw errors.notFound(target.entity, id);
    return row.order_id ? { stateId: row.state_id, orderId: row.order_id } : { stateId: row.state_id };
  }

  /** The row as the caller read it under its own lock; a state name outside the machine is a caller bug. */
  #lockedRow(definition: MachineDefinition, locked: LockedState): { stateId: string; orderId?: string } {
    const state = [...definition.states.values()].find((candidate) => candidate.technicalName === locked.technicalName);
    if (!state) throw new Error(`State ${locked.technicalName} is not a state of state machine ${definition.id}`);
    return { stateId: state.id, ...(locked.orderId ? { orderId: locked.orderId } : {}) };
  }

  #state(definition: MachineDefinition, id: string): StateRef {
    const state = definition.states.get(id);
    // a state column always points at a state of its machine (foreign key); anything else is a broken database
    if (!state) throw new Error(`State ${id} is not a state of state machine ${definition.id}`);
    return state;
  }

  /** The machine's definition, read once per process (concurrent first reads share one load). */
  #machine(db: Executor, machine: string): Promise<MachineDefinition> {
    let loading = this.#machines.get(machine);
    if (!loading) {
      loading = this.#loadMachine(db, machine);
      // a failed load (e.g. the machine is missing) is not cached: the next call asks again
      loading.catch(() => this.#machines.delete(machine));
      this.#machines.set(machine, loading);
    }
    return loading;
  }

  async #loadMachine(db: Executor, machine: string): Promise<MachineDefinition> {
    const row = await db.selectFrom('state_machine').select(['id', 'initial_state_id']).where('technical_name', '=', machine).executeTakeFirst();
    if (!row) throw stateMachineNotFound(machine);
    const stateRows = await db.selectFrom('state_machine_state').select(['id', 'technical_name', 'name']).where('state_machine_id', '=', row.id).execute();
    const states = new Map<string, StateRef>(stateRows.map((state) => [state.id, { id: state.id, technicalName: state.technical_name, name: state.name }]));
    const transitionRows = await db
      .selectFrom('state_machine_transition')
      .select(['action_name', 'from_state_id', 'to_state_id'])
      .where('state_machine_id', '=', row.id)
      .execute();
    const transitions = transitionRows
      .map((t) => ({ actionName: t.action_name as string, from: states.get(t.from_state_id)!, to: states.get(t.to_state_id)! }))
      .sort(
        (a, b) =>
          a.actionName.localeCompare(b.actionName) || a.to.technicalName.localeCompare(b.to.technicalName) || a.from.technicalName.localeCompare(b.from.technicalName),
      );
    return { id: row.id, initialStateId: row.initial_state_id, states, transitions };
  }
}
