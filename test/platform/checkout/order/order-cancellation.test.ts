import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_CANCELLATION_KEY } from '../../../../src/platform/checkout/order/order-cancellation.js';
import type { TestPlatform } from '../../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../../store-api/store-api-client.js';
import { placeStoreApiOrder } from '../checkout-fixtures.js';

describe('Store API POST /order/state/cancel', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
  });
  afterAll(() => t.close());

  const placeOrder = (token: string) => placeStoreApiOrder(t.platform, client, token);
  const orderState = async (orderId: string) =>
    (await t.platform.db.selectFrom('order').innerJoin('state_machine_state', 'state_machine_state.id', 'order.state_id').select('state_machine_state.technical_name').where('order.id', '=', orderId).executeTakeFirstOrThrow()).technical_name;
  const cancel = (token: string | undefined, orderId: string) => client.storeApi('POST', '/store-api/order/state/cancel', { token, body: { orderId } });

  it('is refused while the channel does not allow it (the default) and leaves the order open', async () => {
    const token = await client.registerCustomer();
    const orderId = await placeOrder(token);
    const response = await cancel(token, orderId);
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('CHECKOUT__ORDER_NOT_CANCELLABLE');
    expect(await orderState(orderId)).toBe('open');
  });

  it('moves the customer\'s own order to cancelled once allowed, and only once; another customer\'s order is unknown', async () => {
    await t.platform.systemConfig.set(t.platform.db, ORDER_CANCELLATION_KEY, true);
    try {
      const token = await client.registerCustomer();
      const orderId = await placeOrder(token);
      const other = await client.registerCustomer();
      const foreign = await cancel(other, orderId);
      expect(foreign.statusCode).toBe(404);
      expect(await orderState(orderId)).toBe('open');

      const changes: string[] = [];
      t.platform.events.on('state_machine.order.state_changed' as never, ((payload: { toState: string }) => void changes.push(payload.toState)) as never);
      const response = await cancel(token, orderId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ technicalName: 'cancelled', translated: { name: 'Cancelled' } });
      expect(await orderState(orderId)).toBe('cancelled');
      expect(changes).toEqual(['cancelled']);

      const again = await cancel(token, orderId);
      expect(again.statusCode).toBe(403);
      expect(again.json().errors[0].code).toBe('CHECKOUT__ORDER_NOT_CANCELLABLE');
    } finally {
      await t.platform.systemConfig.set(t.platform.db, ORDER_CANCELLATION_KEY, false);
    }
  });
});
