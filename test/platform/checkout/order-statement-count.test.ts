import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';
import { createProduct, TAX_REDUCED } from './checkout-fixtures.js';

/**
 * The statements placing an order of three products costs, pinned so the round trips removed from order
 * placement do not creep back (transaction control not counted). Raise the pin only with a reason.
 */
describe('Store API order placement: statements per order', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => {
    t = await createTestPlatform();
    client = await createStoreApiClient(t);
  });
  afterAll(() => t.close());

  async function cartOfThree(): Promise<string> {
    const token = await client.registerCustomer();
    const products = [await createProduct(t.platform, { stock: 50 }), await createProduct(t.platform, { stock: 50 }), await createProduct(t.platform, { stock: 50, taxId: TAX_REDUCED })];
    const items = products.map((referencedId, index) => ({ type: 'product', referencedId, quantity: index + 1 }));
    expect((await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items } })).statusCode).toBe(200);
    return token;
  }

  it('places a three-product order within the pinned count', async () => {
    // a first order warms the per-process caches (state machine definitions, number ranges)
    const warm = await cartOfThree();
    expect((await client.storeApi('POST', '/store-api/checkout/order', { token: warm, body: {} })).statusCode).toBe(200);

    const token = await cartOfThree();
    const { result: response, count, sql } = await t.platform.database.statements.measure(() => client.storeApi('POST', '/store-api/checkout/order', { token, body: {} }));
    expect(response.statusCode).toBe(200);
    if (process.env.SHOW_SQL) console.log(sql.join('\n---\n'));
    console.log(`order placement statements: ${count}`);
    // 21: the order confirmation mail is queued inside the order's transaction (mail/mail-triggers.ts)
    expect(count).toBeLessThanOrEqual(21);
  });

  it('adds a line item within the pinned count: the cart calculated once, under its lock, and answered with that calculation', async () => {
    const token = await cartOfThree();
    const product = await createProduct(t.platform, { stock: 50 });
    const { result: response, count, sql } = await t.platform.database.statements.measure(() =>
      client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: product, quantity: 2 }] } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().lineItems).toHaveLength(4);
    if (process.env.SHOW_SQL) console.log(sql.join('\n---\n'));
    console.log(`line item add statements: ${count}`);
    // one read of the products for the check and one for the calculation; none after the commit
    expect(sql.filter((text) => /FROM product p/.test(text))).toHaveLength(2);
    expect(count).toBeLessThanOrEqual(10);
  });
});
