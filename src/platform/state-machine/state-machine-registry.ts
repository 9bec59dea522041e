import { sql } from 'kysely';
import type { ApiContext } from '../acl/context.js';
import type { Db } from '../database/connection.js';
import { executorOf, transaction, type Executor, type UnitOfWork } from '../database/transaction.js';
import { errors } from '../errors/app-error.js';
import type { EventDispatcher } from '../events/dispatcher.js';
import { isId, newId } from '../ids.js';
import { illegalTransition, stateMachineNotFound, stateMachineStateNotFound } from './errors.js';
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

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Moves stateful entities through their state machines (Shopware's StateMachineRegistry, reference §5.1).
 * The only code that writes a state column after creation: callers ask for a transition by action name.
 */
export class StateMachineRegistry {
  readonly #dispatcher: EventDispatcher;
  readonly #entities = new Map<string, StatefulEntity>();

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
    const row = await this.#machine(executorOf(within), machine);
    if (!row.initialStateId) throw stateMachineStateNotFound(machine, '(initial state)');
    return row.initialStateId;
  }

  async stateId(within: Db | UnitOfWork, machine: string, technicalName: string): Promise<string> {
    const db = executorOf(within);
    const { id: machineId } = await this.#machine(db, machine);
    const row = await db
      .selectFrom('state_machine_state')
      .select('id')
      .where('state_machine_id', '=', machineId)
      .where('technical_name', '=', technicalName)
      .executeTakeFirst();
    if (!row) throw stateMachineStateNotFound(machine, technicalName);
    return row.id as string;
  }

  /** The entity's current state; 404 when the record does not exist. */
  async currentState(within: Db | UnitOfWork, entity: string, id: string): Promise<StateRef> {
    const db = executorOf(within);
    const target = this.#entity(entity);
    const row = await this.#row(db, target, id, false);
    return this.#state(db, row.stateId);
  }

  /** The transitions leaving the entity's current state. */
  async availableTransitions(within: Db | UnitOfWork, entity: string, id: string): Promise<AvailableTransition[]> {
    const db = executorOf(within);
    const target = this.#entity(entity);
    const row = await this.#row(db, target, id, false);
    const { id: machineId } = await this.#machine(db, target.machine);
    return (await this.#transitions(db, machineId))
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
      const row = await this.#row(db, target, request.id, true);
      const current = await this.#state(db, row.stateId);
      const { id: machineId } = await this.#machine(db, target.machine);
      const transitions = await this.#transitions(db, machineId);

      const possibleActions = transitions.filter((t) => t.from.id === current.id).map((t) => t.actionName);
      const withAction = transitions.filter((t) => t.actionName === request.action);
      if (withAction.some((t) => t.to.id === current.id)) return { result: 'already', fromState: current, toState: current, possibleActions };
      const chosen = withAction.find((t) => t.from.id === current.id);
      if (!chosen) return { result: 'refused', fromState: current, toState: current, possibleActions };

      await db
        .updateTable(target.table)
        .set({ [target.stateColumn]: chosen.to.id, updated_at: sql`now()` })
        .where('id', '=', request.id)
        .execute();
      const source = request.context.source;
      await db
        .insertInto('state_machine_history')
        .values({
          id: newId(),
          state_machine_id: machineId,
          entity_name: target.entity,
          referenced_id: request.id,
          from_state_id: current.id,
          to_state_id: chosen.to.id,
          transition_action_name: chosen.actionName,
          user_id: source.type === 'admin-api' ? (source.userId ?? null) : null,
          integration_id: source.type === 'admin-api' ? (source.integrationId ?? null) : null,
        })
        .execute();

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

  async #state(db: Executor, id: string): Promise<StateRef> {
    const row = await db.selectFrom('state_machine_state').select(['id', 'technical_name', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
    return { id: row.id, technicalName: row.technical_name, name: row.name };
  }

  async #machine(db: Executor, machine: string): Promise<{ id: string; initialStateId: string | null }> {
    const row = await db.selectFrom('state_machine').select(['id', 'initial_state_id']).where('technical_name', '=', machine).executeTakeFirst();
    if (!row) throw stateMachineNotFound(machine);
    return { id: row.id, initialStateId: row.initial_state_id };
  }

  /** All transitions of a machine in a stable order (action name, then target state). */
  async #transitions(db: Executor, machineId: string): Promise<MachineTransition[]> {
    const rows = await db
      .selectFrom('state_machine_transition as t')
      .innerJoin('state_machine_state as f', 'f.id', 't.from_state_id')
      .innerJoin('state_machine_state as s', 's.id', 't.to_state_id')
      .select([
        't.action_name',
        'f.id as from_id',
        'f.technical_name as from_technical_name',
        'f.name as from_name',
        's.id as to_id',
        's.technical_name as to_technical_name',
        's.name as to_name',
      ])
      .where('t.state_machine_id', '=', machineId)
      .orderBy('t.action_name')
      .orderBy('s.technical_name')
      .orderBy('f.technical_name')
      .execute();
    return rows.map((r) => ({
      actionName: r.action_name,
      from: { id: r.from_id, technicalName: r.from_technical_name, name: r.from_name },
      to: { id: r.to_id, technicalName: r.to_technical_name, name: r.to_name },
    }));
  }
}
