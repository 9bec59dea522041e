import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, DEFAULT_TEST_PASSWORD, GERMANY_ID, type StoreApiClient } from '../store-api/store-api-client.js';
import { createProduct } from './checkout-fixtures.js';

describe('the guest cart follows the visitor into the account', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  let productId: string;
  beforeAll(async () => {
    t = await createTestPlatform();
    client = await createStoreApiClient(t);
    productId = await createProduct(t.platform, { gross: 10 });
  });
  afterAll(() => t.close());

  const addAsGuest = async (token?: string) => {
    const response = await client.storeApi('POST', '/store-api/checkout/cart/line-item', {
      token,
      body: { items: [{ type: 'product', referencedId: productId, quantity: 2 }] },
    });
    expect(response.statusCode).toBe(200);
    return response.headers['sw-context-token'] as string;
  };
  const cartOf = async (token: string) => (await client.storeApi('GET', '/store-api/checkout/cart', { token })).json();

  it('on registration', async () => {
    const guestToken = await addAsGuest();
    const email = `adopt-${Date.now()}@example.com`;
    const register = await client.storeApi('POST', '/store-api/account/register', {
      token: guestToken,
      body: { email, password: DEFAULT_TEST_PASSWORD, firstName: 'A', lastName: 'B', billingAddress: { street: 'S 1', city: 'Berlin', countryId: GERMANY_ID } },
    });
    expect(register.statusCode).toBe(200);
    const customerToken = register.headers['sw-context-token'] as string;
    expect(customerToken).not.toBe(guestToken);
    const cart = await cartOf(customerToken);
    expect(cart.lineItems.map((l: { referencedId: string; quantity: number }) => [l.referencedId, l.quantity])).toEqual([[productId, 2]]);
    // the guest token is gone with its cart
    expect((await cartOf(guestToken)).lineItems).toEqual([]);
  });

  it('on login', async () => {
    const account = await client.registerCustomerAccount();
    const guestToken = await addAsGuest();
    const loggedIn = await client.login(account.email, account.password, guestToken);
    const cart = await cartOf(loggedIn);
    expect(cart.lineItems.map((l: { referencedId: string; quantity: number }) => [l.referencedId, l.quantity])).toEqual([[productId, 2]]);
  });
});
