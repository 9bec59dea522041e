import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createOrderFixture, type OrderFixture } from '../../fixtures/orders.js';
import { newId } from '../../../src/platform/ids.js';
import { stateMachineStateId } from '../../../src/platform/state-machine/machine-ids.js';

describe('state transitions of real orders, deliveries and transactions', () => {
  let t: TestPlatform;
  let order: OrderFixture;
  const entered: unknown[] = [];
  beforeAll(async () => {
    t = await createTestPlatform();
    t.platform.events.on('state_enter.order_transaction.state.paid', (payload) => void entered.push(payload));
    order = await createOrderFixture(t.platform);
  });
  afterAll(() => t.close());

  const history = (id: string) => t.platform.db.selectFrom('state_machine_history').selectAll().where('referenced_id', '=', id).execute();

  it('new orders, deliveries and transactions start in their initial states', async () => {
    const row = await t.platform.db.selectFrom('order').select('state_id').where('id', '=', order.orderId).executeTakeFirstOrThrow();
    expect(row.state_id).toBe(stateMachineStateId('order.state', 'open'));
    const delivery = await t.platform.db.selectFrom('order_delivery').select('state_id').where('id', '=', order.deliveryId).executeTakeFirstOrThrow();
    expect(delivery.state_id).toBe(stateMachineStateId('order_delivery.state', 'open'));
  });

  it('order_transaction: paid moves the state, writes history and dispatches state_enter once; repeating it is a no-op', async () => {
    const first = await t.api('POST', `/api/_action/order_transaction/${order.transactionId}/state/paid`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ technicalName: 'paid' });
    const again = await t.api('POST', `/api/_action/order_transaction/${order.transactionId}/state/paid`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ technicalName: 'paid' });
    expect(await history(order.transactionId)).toHaveLength(1);
    expect(entered).toHaveLength(1);
    expect(entered[0]).toMatchObject({ entityName: 'order_transaction', entityId: order.transactionId, orderId: order.orderId, fromState: 'open', toState: 'paid' });
  });

  it('an illegal transition is 400 SYSTEM__ILLEGAL_STATE_TRANSITION and changes nothing', async () => {
    const response = await t.api('POST', `/api/_action/order_transaction/${order.transactionId}/state/remind`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'SYSTEM__ILLEGAL_STATE_TRANSITION', status: '400' });
    expect(response.json().errors[0].detail).toContain('Illegal transition "remind"');
    expect(await history(order.transactionId)).toHaveLength(1);
  });

  it('order and order_delivery routes, and the list of available transitions', async () => {
    const process = await t.api('POST', `/api/_action/order/${order.orderId}/state/process`);
    expect(process.statusCode).toBe(200);
    expect(process.json().data.technicalName).toBe('in_progress');
    const ship = await t.api('POST', `/api/_action/order_delivery/${order.deliveryId}/state/ship`);
    expect(ship.statusCode).toBe(200);
    expect(ship.json().data.technicalName).toBe('shipped');

    const list = await t.api('GET', `/api/_action/state-machine/order/${order.orderId}/state`);
    expect(list.statusCode).toBe(200);
    const actions = list.json().transitions.map((x: { actionName: string }) => x.actionName).sort();
    expect(actions).toEqual(['cancel', 'complete']);
  });

  it('unknown ids are 404; the state column cannot be written through the generic API', async () => {
    const unknown = await t.api('POST', `/api/_action/order_transaction/${newId()}/state/paid`);
    expect(unknown.statusCode).toBe(404);
    const write = await t.api('PATCH', `/api/order-transaction/${order.transactionId}`, { body: { stateId: stateMachineStateId('order_transaction.state', 'refunded') } });
    expect(write.statusCode).toBe(400);
    const row = await t.platform.db.selectFrom('order_transaction').select('state_id').where('id', '=', order.transactionId).executeTakeFirstOrThrow();
    expect(row.state_id).toBe(stateMachineStateId('order_transaction.state', 'paid'));
  });

  it('refuses price JSON that is not an object and tracking codes that are not strings, naming the field once', async () => {
    const transaction = await t.api('PATCH', `/api/order-transaction/${order.transactionId}`, { body: { amount: [] } });
    expect(transaction.statusCode).toBe(400);
    expect(transaction.json().errors[0]).toMatchObject({ detail: 'The value of "amount" must be an object.', source: { pointer: '/amount' } });
    const delivery = await t.api('PATCH', `/api/order-delivery/${order.deliveryId}`, { body: { trackingCodes: ['ok', 7] } });
    expect(delivery.statusCode).toBe(400);
    expect(delivery.json().errors[0]).toMatchObject({ detail: 'The value of "trackingCodes" must be a list of strings.', source: { pointer: '/trackingCodes' } });
  });

  it('reads an order with its associations through the generic API (orderCustomer is one object)', async () => {
    const response = await t.api('POST', '/api/search/order', {
      body: { ids: [order.orderId], associations: { orderCustomer: {}, lineItems: {}, transactions: { associations: { stateMachineState: {} } }, stateMachineState: {} } },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data[0];
    expect(data.orderCustomer).toMatchObject({ email: 'fixture@example.com' });
    expect(data.lineItems).toHaveLength(1);
    expect(data.transactions[0].stateMachineState.technicalName).toBe('paid');
    expect(data.stateMachineState.technicalName).toBe('in_progress');
    expect(data.amountTotal).toBe(39.98);
    expect(data).not.toHaveProperty('deepLinkCode');

    const jsonApi = await t.api('GET', `/api/order/${order.orderId}?associations[orderCustomer][]=`, { headers: { accept: 'application/vnd.api+json' } });
    expect(jsonApi.statusCode).toBe(200);
    expect(jsonApi.json().data.relationships.orderCustomer.data).toMatchObject({ type: 'order_customer' });
  });
});
