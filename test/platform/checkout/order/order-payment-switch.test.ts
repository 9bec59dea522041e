import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultShopId } from '../../../../src/platform/first-start/default-ids.js';
import type { TestPlatform } from '../../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../../store-api/store-api-client.js';
import { INVOICE_METHOD_ID, placeStoreApiOrder } from '../checkout-fixtures.js';

const CASH = defaultShopId('payment_method', 'payment_cashpayment');

describe('Store API POST /order/payment: switching the payment method of an unpaid order', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
  });
  afterAll(() => t.close());

  const placeOrder = (token: string) => placeStoreApiOrder(t.platform, client, token);
  const transactions = (orderId: string) =>
    t.platform.db
      .selectFrom('order_transaction')
      .innerJoin('state_machine_state', 'state_machine_state.id', 'order_transaction.state_id')
      .select(['order_transaction.payment_method_id', 'order_transaction.amount', 'state_machine_state.technical_name'])
      .where('order_id', '=', orderId)
      .orderBy('order_transaction.created_at')
      .execute();
  const setPayment = (token: string | undefined, body: unknown) => client.storeApi('POST', '/store-api/order/payment', { token, body });

  it('cancels the open transaction and writes a new open one with the new method and the same amount', async () => {
    const token = await client.registerCustomer();
    const orderId = await placeOrder(token);
    const response = await setPayment(token, { orderId, paymentMethodId: CASH });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const rows = await transactions(orderId);
    expect(rows.map((row) => [row.payment_method_id, row.technical_name])).toEqual([
      [INVOICE_METHOD_ID, 'cancelled'],
      [CASH, 'open'],
    ]);
    expect(rows[1]!.amount).toEqual(rows[0]!.amount);
    // the order list shows both
    const listed = (await client.storeApi('POST', '/store-api/order', { token, body: {} })).json().orders.elements[0];
    expect(listed.transactions).toHaveLength(2);
  });

  it('refuses a paid order (403 CHECKOUT__ORDER_PAYMENT_METHOD_NOT_CHANGEABLE) and writes nothing', async () => {
    const token = await client.registerCustomer();
    const orderId = await placeOrder(token);
    const paid = await t.platform.db.selectFrom('state_machine_state').innerJoin('state_machine', 'state_machine.id', 'state_machine_state.state_machine_id').select('state_machine_state.id').where('state_machine.technical_name', '=', 'order_transaction.state').where('state_machine_state.technical_name', '=', 'paid').executeTakeFirstOrThrow();
    await t.platform.db.updateTable('order_transaction').set({ state_id: paid.id }).where('order_id', '=', orderId).execute();
    const response = await setPayment(token, { orderId, paymentMethodId: CASH });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('CHECKOUT__ORDER_PAYMENT_METHOD_NOT_CHANGEABLE');
    expect(await transactions(orderId)).toHaveLength(1);
  });

  it('answers another customer\'s order as unknown (404) and leaves it alone', async () => {
    const owner = await client.registerCustomer();
    const orderId = await placeOrder(owner);
    const other = await client.registerCustomer();
    const response = await setPayment(other, { orderId, paymentMethodId: CASH });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('CHECKOUT__ORDER_NOT_FOUND');
    expect((await transactions(orderId)).map((row) => row.technical_name)).toEqual(['open']);
  });
});
