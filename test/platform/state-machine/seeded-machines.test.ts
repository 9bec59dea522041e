import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { stateMachineId, stateMachineStateId } from '../../../src/platform/state-machine/machine-ids.js';

// The expected tables, written out independently of the seed data from Shopware's
// order and delivery migrations. One line per transition: "from action to".
const ORDER_TRANSACTION = `
  open pay paid
  open paid paid
  open pay_partially paid_partially
  open paid_partially paid_partially
  open cancel cancelled
  open remind reminded
  open do_pay in_progress
  open fail failed
  open authorize authorized
  open process_unconfirmed unconfirmed
  reminded pay paid
  reminded pay_partially paid_partially
  reminded cancel cancelled
  reminded reopen open
  reminded do_pay in_progress
  reminded authorize authorized
  reminded process_unconfirmed unconfirmed
  in_progress reopen open
  in_progress fail failed
  in_progress cancel cancelled
  in_progress paid paid
  in_progress paid_partially paid_partially
  in_progress pay_partially paid_partially
  in_progress authorize authorized
  failed reopen open
  failed do_pay in_progress
  failed pay paid
  failed paid paid
  failed fail failed
  failed paid_partially paid_partially
  failed pay_partially paid_partially
  failed process_unconfirmed unconfirmed
  paid_partially remind reminded
  paid_partially pay paid
  paid_partially refund_partially refunded_partially
  paid_partially refund refunded
  paid_partially cancel cancelled
  paid_partially reopen open
  paid_partially do_pay in_progress
  paid_partially chargeback chargeback
  paid_partially process_unconfirmed unconfirmed
  paid refund_partially refunded_partially
  paid refund refunded
  paid cancel cancelled
  paid reopen open
  paid chargeback chargeback
  refunded_partially refund refunded
  refunded_partially cancel cancelled
  refunded_partially reopen open
  cancelled reopen open
  cancelled refund refunded
  cancelled refund_partially refunded_partially
  cancelled paid paid
  cancelled process_unconfirmed unconfirmed
  authorized paid paid
  authorized paid_partially paid_partially
  authorized fail failed
  authorized cancel cancelled
  chargeback paid paid
  chargeback paid_partially paid_partially
  chargeback cancel cancelled
  unconfirmed paid paid
  unconfirmed paid_partially paid_partially
  unconfirmed fail failed
  unconfirmed cancel cancelled
  unconfirmed authorize authorized
  unconfirmed reopen open
`;

const CAPTURE = `
  pending complete completed
  pending fail failed
  completed reopen pending
  failed reopen pending
`;

const REFUND = `
  open process in_progress
  open cancel cancelled
  open fail failed
  open complete completed
  in_progress cancel cancelled
  in_progress fail failed
  in_progress complete completed
  cancelled reopen open
  failed reopen open
  completed reopen open
`;

const ORDER = `
  open process in_progress
  open cancel cancelled
  in_progress cancel cancelled
  in_progress complete completed
  cancelled reopen open
  completed reopen open
`;

const ORDER_DELIVERY = `
  open ship shipped
  open ship_partially shipped_partially
  open cancel cancelled
  shipped retour returned
  shipped retour_partially returned_partially
  shipped cancel cancelled
  shipped reopen open
  shipped_partially retour returned
  shipped_partially retour_partially returned_partially
  shipped_partially ship shipped
  shipped_partially cancel cancelled
  shipped_partially reopen open
  returned_partially retour returned
  returned_partially reopen open
  returned reopen open
  cancelled reopen open
`;

const lines = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .sort();

describe('seeded state machines', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  const transitionsOf = async (machine: string) => {
    const rows = await t.platform.db
      .selectFrom('state_machine_transition as tr')
      .innerJoin('state_machine as m', 'm.id', 'tr.state_machine_id')
      .innerJoin('state_machine_state as f', 'f.id', 'tr.from_state_id')
      .innerJoin('state_machine_state as s', 's.id', 'tr.to_state_id')
      .select(['f.technical_name as from', 'tr.action_name', 's.technical_name as to', 'f.state_machine_id as fromMachine', 's.state_machine_id as toMachine', 'm.id as machineId'])
      .where('m.technical_name', '=', machine)
      .execute();
    // a transition never leaves its machine
    for (const row of rows) expect([row.fromMachine, row.toMachine]).toEqual([row.machineId, row.machineId]);
    return rows.map((r) => `${r.from} ${r.action_name} ${r.to}`).sort();
  };

  const statesOf = async (machine: string) =>
    t.platform.db
      .selectFrom('state_machine_state as s')
      .innerJoin('state_machine as m', 'm.id', 's.state_machine_id')
      .select(['s.id', 's.technical_name', 's.name'])
      .where('m.technical_name', '=', machine)
      .orderBy('s.technical_name')
      .execute();

  it('order_transaction.state has exactly Shopware\'s transitions, legacy pay/pay_partially included', async () => {
    expect(await transitionsOf('order_transaction.state')).toEqual(lines(ORDER_TRANSACTION));
    expect(lines(ORDER_TRANSACTION)).toHaveLength(67);
  });

  it('capture, refund, order and delivery machines have exactly their transitions', async () => {
    expect(await transitionsOf('order_transaction_capture.state')).toEqual(lines(CAPTURE));
    expect(await transitionsOf('order_transaction_capture_refund.state')).toEqual(lines(REFUND));
    expect(await transitionsOf('order.state')).toEqual(lines(ORDER));
    expect(await transitionsOf('order_delivery.state')).toEqual(lines(ORDER_DELIVERY));
  });

  it('seeds the five machines with their initial states and human names', async () => {
    const machines = await t.platform.db
      .selectFrom('state_machine as m')
      .innerJoin('state_machine_state as s', 's.id', 'm.initial_state_id')
      .select(['m.technical_name', 'm.name', 's.technical_name as initial'])
      .orderBy('m.technical_name')
      .execute();
    expect(machines).toEqual([
      { technical_name: 'order.state', name: 'Order state', initial: 'open' },
      { technical_name: 'order_delivery.state', name: 'Delivery state', initial: 'open' },
      { technical_name: 'order_transaction.state', name: 'Payment state', initial: 'open' },
      { technical_name: 'order_transaction_capture.state', name: 'Capture state', initial: 'pending' },
      { technical_name: 'order_transaction_capture_refund.state', name: 'Refund state', initial: 'open' },
    ]);
    const transactionStates = await statesOf('order_transaction.state');
    expect(Object.fromEntries(transactionStates.map((s) => [s.technical_name, s.name]))).toEqual({
      authorized: 'Authorized',
      cancelled: 'Cancelled',
      chargeback: 'Chargeback',
      failed: 'Failed',
      in_progress: 'In Progress',
      open: 'Open',
      paid: 'Paid',
      paid_partially: 'Paid (partially)',
      refunded: 'Refunded',
      refunded_partially: 'Refunded (partially)',
      reminded: 'Reminded',
      unconfirmed: 'Unconfirmed',
    });
    expect((await statesOf('order_delivery.state')).map((s) => s.technical_name)).toEqual([
      'cancelled', 'open', 'returned', 'returned_partially', 'shipped', 'shipped_partially',
    ]);
  });

  it('ids are derived from technical names, the same on every installation', async () => {
    const machine = await t.platform.db.selectFrom('state_machine').select('id').where('technical_name', '=', 'order_transaction.state').executeTakeFirstOrThrow();
    expect(machine.id).toBe(stateMachineId('order_transaction.state'));
    for (const state of await statesOf('order_transaction.state')) {
      expect(state.id).toBe(stateMachineStateId('order_transaction.state', state.technical_name));
    }
    // the same technical name in two machines is two states
    expect(stateMachineStateId('order.state', 'open')).not.toBe(stateMachineStateId('order_transaction.state', 'open'));
    const registry = t.platform.stateMachines;
    expect(await registry.initialStateId(t.platform.db, 'order_transaction_capture.state')).toBe(stateMachineStateId('order_transaction_capture.state', 'pending'));
    expect(await registry.stateId(t.platform.db, 'order_transaction.state', 'paid_partially')).toBe(stateMachineStateId('order_transaction.state', 'paid_partially'));
  });

  it('unknown machines and states are errors', async () => {
    const registry = t.platform.stateMachines;
    await expect(registry.initialStateId(t.platform.db, 'nope.state')).rejects.toMatchObject({ status: 400, code: 'SYSTEM__STATE_MACHINE_NOT_FOUND' });
    await expect(registry.stateId(t.platform.db, 'order.state', 'paid')).rejects.toMatchObject({ status: 400, code: 'SYSTEM__STATE_MACHINE_STATE_NOT_FOUND' });
  });

  it('the state machine entities are readable through the Admin API and read-only', async () => {
    const response = await t.api('POST', '/api/search/state-machine', {
      body: { filter: [{ type: 'equals', field: 'technicalName', value: 'order_transaction_capture.state' }], associations: { states: {}, transitions: {} } },
    });
    expect(response.statusCode).toBe(200);
    const [machine] = response.json().data;
    expect(machine).toMatchObject({ apiAlias: 'state_machine', technicalName: 'order_transaction_capture.state', name: 'Capture state' });
    expect(machine.states.map((s: { technicalName: string }) => s.technicalName).sort()).toEqual(['completed', 'failed', 'pending']);
    expect(machine.transitions).toHaveLength(4);

    const state = await t.api('GET', `/api/state-machine-state/${stateMachineStateId('order_transaction.state', 'paid')}?associations=${encodeURIComponent(JSON.stringify({ stateMachine: {} }))}`);
    expect(state.statusCode).toBe(200);
    expect(state.json().data).toMatchObject({ technicalName: 'paid', name: 'Paid', stateMachine: { technicalName: 'order_transaction.state' } });

    expect((await t.api('POST', '/api/state-machine-state', { body: { technicalName: 'x', name: 'x', stateMachineId: machine.id } })).statusCode).toBe(404);
    expect((await t.api('PATCH', `/api/state-machine/${machine.id}`, { body: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/api/state-machine-transition/${machine.transitions[0].id}`)).statusCode).toBe(404);
  });
});
