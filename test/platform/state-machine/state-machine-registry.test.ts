import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { systemContext, type ApiContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { AppError } from '../../../src/platform/errors/app-error.js';
import { newId } from '../../../src/platform/ids.js';
import type { StateMachineTransitionPayload } from '../../../src/platform/state-machine/events.js';
import { stateMachineStateId } from '../../../src/platform/state-machine/machine-ids.js';
import { createTestItem, createTestRefund, historyOf, registerTestStatefulEntities, stateOf, TEST_ITEM, TEST_REFUND } from './fixtures.js';

const TX = 'order_transaction.state';

describe('StateMachineRegistry', () => {
  let t: TestPlatform;
  /** Every state machine event dispatched, in order. */
  let events: Array<{ name: string; payload: StateMachineTransitionPayload }>;
  const record = (payload: StateMachineTransitionPayload, name: string) => void events.push({ name, payload });

  beforeAll(async () => {
    t = await createTestPlatform();
    await registerTestStatefulEntities(t.platform);
    const on = t.platform.events;
    on.on('state_machine.transition', record);
    for (const state of ['open', 'paid', 'paid_partially', 'in_progress']) {
      on.on(`state_leave.${TX}.${state}`, record);
      on.on(`state_enter.${TX}.${state}`, record);
    }
    on.on(`state_machine.${TX}_changed`, record);
    on.on('state_enter.order_transaction_capture_refund.state.in_progress', record);
    on.on('state_machine.order_transaction_capture_refund.state_changed', record);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    events = [];
  });

  const transition = (id: string, action: string, entity = TEST_ITEM, context: ApiContext = systemContext) =>
    t.platform.stateMachines.transition({ within: t.platform.db, entity, id, action, context });

  const illegal = async (promise: Promise<unknown>): Promise<AppError> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('moves the entity, writes history and dispatches the events once each, in order', async () => {
    const item = await createTestItem(t.platform);
    const before = await t.platform.db.selectFrom(TEST_ITEM).select('updated_at').where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(before.updated_at).toBeNull();

    const result = await transition(item.id, 'paid');

    expect(result).toEqual({
      changed: true,
      fromState: { id: stateMachineStateId(TX, 'open'), technicalName: 'open', name: 'Open' },
      toState: { id: stateMachineStateId(TX, 'paid'), technicalName: 'paid', name: 'Paid' },
    });
    expect(await stateOf(t.platform, TEST_ITEM, item.id)).toBe('paid');
    const after = await t.platform.db.selectFrom(TEST_ITEM).select('updated_at').where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(after.updated_at).toBeInstanceOf(Date);
    expect(await historyOf(t.platform, item.id)).toEqual([
      { machine: TX, entity_name: TEST_ITEM, from: 'open', to: 'paid', transition_action_name: 'paid', user_id: null, integration_id: null },
    ]);

    const payload: StateMachineTransitionPayload = {
      entityName: TEST_ITEM,
      entityId: item.id,
      orderId: item.orderId,
      machine: TX,
      transition: 'paid',
      fromState: 'open',
      toState: 'paid',
      context: systemContext,
    };
    expect(events).toEqual([
      { name: 'state_machine.transition', payload },
      { name: 'state_leave.order_transaction.state.open', payload },
      { name: 'state_enter.order_transaction.state.paid', payload },
      { name: 'state_machine.order_transaction.state_changed', payload },
    ]);
  });

  it('is a no-op when the entity already is in the action\'s target state: no history, no events', async () => {
    const item = await createTestItem(t.platform, 'paid');
    const paid = { id: stateMachineStateId(TX, 'paid'), technicalName: 'paid', name: 'Paid' };
    expect(await transition(item.id, 'paid')).toEqual({ changed: false, fromState: paid, toState: paid });
    // the legacy action has the same target
    expect(await transition(item.id, 'pay')).toEqual({ changed: false, fromState: paid, toState: paid });
    expect(await stateOf(t.platform, TEST_ITEM, item.id)).toBe('paid');
    expect(await historyOf(t.platform, item.id)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('stores custom fields with the move in the same statement, and none when it does not move', async () => {
    const item = await createTestItem(t.platform);
    await t.platform.db.updateTable(TEST_ITEM).set({ custom_fields: JSON.stringify({ keep: 1, drop: 2 }) }).where('id', '=', item.id).execute();
    const move = (id: string, action: string, customFields?: Record<string, unknown>) =>
      t.platform.database.statements.measure(() =>
        transaction(t.platform.db, (uow) =>
          t.platform.stateMachines.tryTransition({ within: uow, entity: TEST_ITEM, id, action, context: systemContext, lockedState: { technicalName: 'open' }, ...(customFields ? { customFields } : {}) }),
        ),
      );
    const plain = await move((await createTestItem(t.platform)).id, 'paid');
    const withFields = await move(item.id, 'paid', { gatewayId: 'ch_1', drop: null });
    expect(withFields.result.result).toBe('moved');
    expect(withFields.count).toBe(plain.count);
    const row = await t.platform.db.selectFrom(TEST_ITEM).select('custom_fields').where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(row.custom_fields).toEqual({ keep: 1, gatewayId: 'ch_1' });

    // already paid, then refused: the fields are not written
    const again = await transition(item.id, 'paid');
    expect(again.changed).toBe(false);
    const refused = await t.platform.stateMachines.tryTransition({ within: t.platform.db, entity: TEST_ITEM, id: item.id, action: 'reopen_not_a_move', context: systemContext, customFields: { other: true } });
    expect(refused.result).toBe('refused');
    const already = await t.platform.stateMachines.tryTransition({ within: t.platform.db, entity: TEST_ITEM, id: item.id, action: 'paid', context: systemContext, customFields: { other: true } });
    expect(already.result).toBe('already');
    expect((await t.platform.db.selectFrom(TEST_ITEM).select('custom_fields').where('id', '=', item.id).executeTakeFirstOrThrow()).custom_fields).toEqual({ keep: 1, gatewayId: 'ch_1' });
  });

  it('the legacy actions pay and pay_partially work next to paid and paid_partially', async () => {
    const item = await createTestItem(t.platform);
    expect((await transition(item.id, 'pay_partially')).toState.technicalName).toBe('paid_partially');
    expect((await transition(item.id, 'pay')).toState.technicalName).toBe('paid');
    expect((await historyOf(t.platform, item.id)).map((h) => h.transition_action_name)).toEqual(['pay_partially', 'pay']);
  });

  it('refuses a transition that does not leave the current state with SYSTEM__ILLEGAL_STATE_TRANSITION', async () => {
    const item = await createTestItem(t.platform, 'paid');
    const error = await illegal(transition(item.id, 'paid_partially'));
    const paidId = stateMachineStateId(TX, 'paid');
    const possible = ['cancel', 'chargeback', 'refund', 'refund_partially', 'reopen'];
    expect(error.status).toBe(400);
    expect(error.code).toBe('SYSTEM__ILLEGAL_STATE_TRANSITION');
    expect(error.message).toBe(`Illegal transition "paid_partially" from state "${paidId}". Possible transitions are: ${possible.join(', ')}`);
    expect(error.meta).toEqual({
      parameters: { transition: 'paid_partially', currentState: paidId, possibleTransitionsString: possible.join(', '), possibleTransitions: possible },
    });
    expect(await stateOf(t.platform, TEST_ITEM, item.id)).toBe('paid');
    expect(await historyOf(t.platform, item.id)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('refuses an action the machine does not have, and any action from a terminal state', async () => {
    const item = await createTestItem(t.platform);
    const unknown = await illegal(transition(item.id, 'teleport'));
    expect(unknown.code).toBe('SYSTEM__ILLEGAL_STATE_TRANSITION');
    expect(unknown.message).toBe(
      `Illegal transition "teleport" from state "${stateMachineStateId(TX, 'open')}". Possible transitions are: ` +
        'authorize, cancel, do_pay, fail, paid, paid_partially, pay, pay_partially, process_unconfirmed, remind',
    );

    const refunded = await createTestItem(t.platform, 'refunded');
    const terminal = await illegal(transition(refunded.id, 'reopen'));
    expect(terminal.meta).toMatchObject({ parameters: { possibleTransitions: [], possibleTransitionsString: '' } });
  });

  it('answers 404 FRAMEWORK__RESOURCE_NOT_FOUND for a record that does not exist', async () => {
    const id = newId();
    const error = await illegal(transition(id, 'paid'));
    expect(error.status).toBe(404);
    expect(error.code).toBe('FRAMEWORK__RESOURCE_NOT_FOUND');
    expect(error.message).toBe(`The ${TEST_ITEM} resource with the following primary key was not found: id(${id})`);
    await expect(t.platform.stateMachines.currentState(t.platform.db, TEST_ITEM, id)).rejects.toMatchObject({ status: 404 });
    await expect(t.platform.stateMachines.availableTransitions(t.platform.db, TEST_ITEM, 'not-an-id')).rejects.toMatchObject({ status: 404 });
  });

  it('dispatches only after the surrounding unit of work commits', async () => {
    const item = await createTestItem(t.platform);
    await transaction(t.platform.db, async (uow) => {
      const result = await t.platform.stateMachines.transition({ within: uow, entity: TEST_ITEM, id: item.id, action: 'do_pay', context: systemContext });
      expect(result.changed).toBe(true);
      // the transition joined this transaction: its change is visible here, its events are not out yet
      expect((await t.platform.stateMachines.currentState(uow, TEST_ITEM, item.id)).technicalName).toBe('in_progress');
      expect(events).toEqual([]);
    });
    expect(events.map((e) => e.name)).toEqual([
      'state_machine.transition',
      'state_leave.order_transaction.state.open',
      'state_enter.order_transaction.state.in_progress',
      'state_machine.order_transaction.state_changed',
    ]);
  });

  it('a rolled back unit of work leaves state and history unchanged and dispatches nothing', async () => {
    const item = await createTestItem(t.platform);
    await expect(
      transaction(t.platform.db, async (uow) => {
        await t.platform.stateMachines.transition({ within: uow, entity: TEST_ITEM, id: item.id, action: 'paid', context: systemContext });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await stateOf(t.platform, TEST_ITEM, item.id)).toBe('open');
    expect(await historyOf(t.platform, item.id)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('two concurrent identical transitions: one changes the state, the other is a no-op', async () => {
    const item = await createTestItem(t.platform);
    const results = await Promise.all([transition(item.id, 'paid'), transition(item.id, 'paid')]);
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
    expect(await historyOf(t.platform, item.id)).toHaveLength(1);
    expect(events.filter((e) => e.name === 'state_machine.transition')).toHaveLength(1);
  });

  it('records the acting user or integration in the history', async () => {
    const user = await t.platform.db.selectFrom('user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const asUser: ApiContext = { source: { type: 'admin-api', userId: user.id, isAdmin: true, privileges: new Set() } };
    const item = await createTestItem(t.platform);
    await transition(item.id, 'remind', TEST_ITEM, asUser);
    const [entry] = await historyOf(t.platform, item.id);
    expect(entry).toMatchObject({ user_id: user.id, integration_id: null });
    expect(events[0]!.payload.context).toBe(asUser);
  });

  it('lists the transitions leaving the current state and reads the current state', async () => {
    const item = await createTestItem(t.platform, 'paid');
    expect(await t.platform.stateMachines.currentState(t.platform.db, TEST_ITEM, item.id)).toEqual({
      id: stateMachineStateId(TX, 'paid'),
      technicalName: 'paid',
      name: 'Paid',
    });
    expect(await t.platform.stateMachines.availableTransitions(t.platform.db, TEST_ITEM, item.id)).toEqual([
      { name: 'Cancelled', technicalName: 'cancelled', actionName: 'cancel', fromStateName: 'paid', toStateName: 'cancelled' },
      { name: 'Chargeback', technicalName: 'chargeback', actionName: 'chargeback', fromStateName: 'paid', toStateName: 'chargeback' },
      { name: 'Refunded', technicalName: 'refunded', actionName: 'refund', fromStateName: 'paid', toStateName: 'refunded' },
      { name: 'Refunded (partially)', technicalName: 'refunded_partially', actionName: 'refund_partially', fromStateName: 'paid', toStateName: 'refunded_partially' },
      { name: 'Open', technicalName: 'open', actionName: 'reopen', fromStateName: 'paid', toStateName: 'open' },
    ]);
  });

  it('entities without an order id column dispatch no orderId; each entity uses its own machine', async () => {
    const refund = await createTestRefund(t.platform);
    const result = await transition(refund, 'process', TEST_REFUND);
    expect(result.toState).toEqual({ id: stateMachineStateId('order_transaction_capture_refund.state', 'in_progress'), technicalName: 'in_progress', name: 'In progress' });
    expect(events.map((e) => e.name)).toEqual([
      'state_machine.transition',
      'state_enter.order_transaction_capture_refund.state.in_progress',
      'state_machine.order_transaction_capture_refund.state_changed',
    ]);
    expect(events[0]!.payload).not.toHaveProperty('orderId');
    expect(events[0]!.payload).toMatchObject({ entityName: TEST_REFUND, machine: 'order_transaction_capture_refund.state', transition: 'process' });
    // `paid` belongs to another machine
    expect((await illegal(transition(refund, 'paid', TEST_REFUND))).code).toBe('SYSTEM__ILLEGAL_STATE_TRANSITION');
  });

  it('registration is metadata only and rejects duplicates and unsafe identifiers', () => {
    const registry = t.platform.stateMachines;
    expect(registry.statefulEntity('order_transaction')).toEqual({
      entity: 'order_transaction',
      table: 'order_transaction',
      machine: 'order_transaction.state',
      stateColumn: 'state_id',
      orderIdColumn: 'order_id',
    });
    expect(() => registry.registerStatefulEntity({ entity: TEST_ITEM, table: 'x', machine: TX })).toThrow(/registered twice/);
    expect(() => registry.registerStatefulEntity({ entity: 'bad', table: 'x; DROP TABLE y', machine: TX })).toThrow(/identifier/);
  });
});
