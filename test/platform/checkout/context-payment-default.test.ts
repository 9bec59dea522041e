import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';
import { createPaymentMethod } from './checkout-fixtures.js';

/** The context's payment method: the visitor's choice, else the customer's default, else the channel's (read in one statement). */
describe("Store API context: a customer's default payment method", () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const contextPayment = async (token: string) => {
    const response = await client.storeApi('GET', '/store-api/context', { token });
    expect(response.statusCode).toBe(200);
    return response.json().paymentMethod.id as string;
  };

  it('is used when the visitor chose none, falls back to the channel default once inactive, and yields to a choice', async () => {
    const channel = await t.platform.db.selectFrom('sales_channel').select('payment_method_id').where('id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow();
    const preferred = await createPaymentMethod(t.platform, { pay: async () => ({ kind: 'paid' }) } as never, 'Preferred');
    const chosen = await createPaymentMethod(t.platform, { pay: async () => ({ kind: 'paid' }) } as never, 'Chosen');
    const token = await client.registerCustomer();
    const customerId = (await client.storeApi('GET', '/store-api/account/customer', { token })).json().id as string;
    await t.platform.db.updateTable('customer').set({ default_payment_method_id: preferred }).where('id', '=', customerId).execute();
    expect(await contextPayment(token)).toBe(preferred);

    await t.platform.db.updateTable('payment_method').set({ active: false }).where('id', '=', preferred).execute();
    expect(await contextPayment(token)).toBe(channel.payment_method_id);

    await t.platform.db.updateTable('payment_method').set({ active: true }).where('id', '=', preferred).execute();
    expect((await client.storeApi('PATCH', '/store-api/context', { token, body: { paymentMethodId: chosen } })).statusCode).toBe(200);
    expect(await contextPayment(token)).toBe(chosen);
  });
});
