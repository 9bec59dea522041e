import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';
import { createProduct } from './checkout-fixtures.js';

describe('checkout input limits', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  it('a line item holds at most 100 pieces (Shopware core.cart.maxQuantity)', async () => {
    const product = await createProduct(t.platform, { stock: 1000 });
    const token = await client.registerCustomer();
    const tooMany = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 101 }] } });
    expect(tooMany.statusCode).toBe(400);
    const hundred = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 100 }] } });
    expect(hundred.statusCode).toBe(200);
    const more = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 5 }] } });
    expect(more.json().lineItems[0].quantity).toBe(100);
  });

  it('an order comment with a NUL character is a 400 and places nothing', async () => {
    const product = await createProduct(t.platform);
    const token = await client.registerCustomer();
    await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 1 }] } });
    const before = await t.platform.db.selectFrom('order').select('id').execute();
    const response = await client.storeApi('POST', '/store-api/checkout/order', { token, body: { customerComment: 'hello\u0000world' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source).toEqual({ pointer: '/customerComment' });
    expect(await t.platform.db.selectFrom('order').select('id').execute()).toHaveLength(before.length);
  });
});
