import { sql } from 'kysely';
import type { Platform } from '../../../src/platform/kernel.js';
import { newId } from '../../../src/platform/ids.js';
import { stateMachineStateId } from '../../../src/platform/state-machine/machine-ids.js';

/**
 * A stateful table of the tests' own, so these tests do not depend on the order tables: `sm_test_item`
 * runs on `order_transaction.state` and carries an order id; `sm_test_refund` runs on the refund machine
 * and has none.
 */
export const TEST_ITEM = 'sm_test_item';
export const TEST_REFUND = 'sm_test_refund';

export async function registerTestStatefulEntities(platform: Platform): Promise<void> {
  for (const table of [TEST_ITEM, TEST_REFUND]) {
    await sql`CREATE TABLE ${sql.table(table)} (
      id uuid PRIMARY KEY,
      state_id uuid NOT NULL REFERENCES state_machine_state(id),
      order_id uuid NULL,
      custom_fields jsonb NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NULL
    )`.execute(platform.db);
  }
  platform.stateMachines.registerStatefulEntity({ entity: TEST_ITEM, table: TEST_ITEM, machine: 'order_transaction.state', orderIdColumn: 'order_id' });
  platform.stateMachines.registerStatefulEntity({ entity: TEST_REFUND, table: TEST_REFUND, machine: 'order_transaction_capture_refund.state' });
}

/** A new `sm_test_item` in `state` (a technical name of `order_transaction.state`); returns its id and order id. */
export async function createTestItem(platform: Platform, state = 'open'): Promise<{ id: string; orderId: string }> {
  const item = { id: newId(), orderId: newId() };
  await platform.db
    .insertInto(TEST_ITEM)
    .values({ id: item.id, order_id: item.orderId, state_id: stateMachineStateId('order_transaction.state', state) })
    .execute();
  return item;
}

export async function createTestRefund(platform: Platform, state = 'open'): Promise<string> {
  const id = newId();
  await platform.db
    .insertInto(TEST_REFUND)
    .values({ id, state_id: stateMachineStateId('order_transaction_capture_refund.state', state) })
    .execute();
  return id;
}

/** The technical name of the state of record `id` in a stateful `table` (its `state_id` column). */
export async function stateOf(platform: Platform, table: string, id: string): Promise<string> {
  const row = await platform.db
    .selectFrom(`${table} as x`)
    .innerJoin('state_machine_state as s', 's.id', 'x.state_id')
    .select('s.technical_name')
    .where('x.id', '=', id)
    .executeTakeFirstOrThrow();
  return row.technical_name as string;
}

export async function historyOf(platform: Platform, id: string) {
  return platform.db
    .selectFrom('state_machine_history as h')
    .innerJoin('state_machine_state as f', 'f.id', 'h.from_state_id')
    .innerJoin('state_machine_state as t', 't.id', 'h.to_state_id')
    .innerJoin('state_machine as m', 'm.id', 'h.state_machine_id')
    .select(['m.technical_name as machine', 'h.entity_name', 'f.technical_name as from', 't.technical_name as to', 'h.transition_action_name', 'h.user_id', 'h.integration_id'])
    .where('h.referenced_id', '=', id)
    .orderBy('h.created_at')
    .execute();
}
