import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { seedContractCatalogue, type ContractCatalogue } from './contract/contract-catalogue.js';
import { startStoreApiTest, type StoreApiClient } from './store-api-client.js';

describe('Store API wishlist', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  let catalogue: ContractCatalogue;
  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
    catalogue = await seedContractCatalogue(t.platform.db);
  });
  afterAll(() => t.close());

  const rows = (customerId: string) =>
    t.platform.db
      .selectFrom('customer_wishlist_product as p')
      .innerJoin('customer_wishlist as w', 'w.id', 'p.customer_wishlist_id')
      .select('p.product_id')
      .where('w.customer_id', '=', customerId)
      .orderBy('p.product_id')
      .execute()
      .then((found) => found.map((row) => row.product_id as string));
  const code = (response: { json(): unknown }) => (response.json() as { errors: Array<{ code: string }> }).errors[0]!.code;

  it('adds, lists, removes and merges the customer\'s own products only', async () => {
    const me = await client.registerCustomerAccount();
    const other = await client.registerCustomerAccount();
    await client.storeApi('POST', `/store-api/customer/wishlist/add/${catalogue.mug}`, { token: other.token });

    const none = await client.storeApi('POST', '/store-api/customer/wishlist', { token: me.token, body: {} });
    expect([none.statusCode, code(none)]).toEqual([404, 'CHECKOUT__WISHLIST_NOT_FOUND']);

    expect((await client.storeApi('POST', `/store-api/customer/wishlist/add/${catalogue.mug}`, { token: me.token })).json()).toEqual({ success: true });
    const again = await client.storeApi('POST', `/store-api/customer/wishlist/add/${catalogue.mug}`, { token: me.token });
    expect([again.statusCode, code(again)]).toEqual([400, 'CHECKOUT__DUPLICATE_WISHLIST_PRODUCT']);
    expect((await client.storeApi('POST', '/store-api/customer/wishlist/add/0123456789abcdef0123456789abcdef', { token: me.token })).statusCode).toBe(400);

    const listed = (await client.storeApi('POST', '/store-api/customer/wishlist', { token: me.token, body: {} })).json();
    expect(listed.wishlist).toEqual({ customerId: me.customer.id, salesChannelId: client.salesChannelId });
    expect(listed.products).toMatchObject({ total: 1, apiAlias: 'product_listing', entity: 'product' });
    expect(listed.products.elements.map((product: { id: string }) => product.id)).toEqual([catalogue.mug]);

    // merge skips what is on the list and unknown products
    const merged = await client.storeApi('POST', '/store-api/customer/wishlist/merge', { token: me.token, body: { productIds: [catalogue.mug, catalogue.redSmall, '0123456789abcdef0123456789abcdef'] } });
    expect(merged.json()).toEqual({ success: true });
    expect(await rows(me.customer.id)).toEqual([catalogue.mug, catalogue.redSmall].sort());

    expect((await client.storeApi('DELETE', `/store-api/customer/wishlist/delete/${catalogue.mug}`, { token: me.token })).json()).toEqual({ success: true });
    const gone = await client.storeApi('DELETE', `/store-api/customer/wishlist/delete/${catalogue.mug}`, { token: me.token });
    expect([gone.statusCode, code(gone)]).toEqual([404, 'CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND']);
    expect(await rows(me.customer.id)).toEqual([catalogue.redSmall]);
    // the other customer's entry is untouched
    expect(await rows(other.customer.id)).toEqual([catalogue.mug]);
  });

  it('refuses guests and visitors, and everyone when core.cart.wishlistEnabled is off', async () => {
    const guestToken = await client.registerCustomer({ guest: true });
    for (const token of [guestToken, undefined]) {
      const response = await client.storeApi('POST', `/store-api/customer/wishlist/add/${catalogue.mug}`, { token });
      expect([response.statusCode, code(response)]).toEqual([403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN']);
    }
    const me = await client.registerCustomerAccount();
    await t.platform.systemConfig.set(t.platform.db, 'core.cart.wishlistEnabled', false, client.salesChannelId);
    try {
      const off = await client.storeApi('POST', `/store-api/customer/wishlist/add/${catalogue.mug}`, { token: me.token });
      expect([off.statusCode, code(off)]).toEqual([403, 'CHECKOUT__WISHLIST_IS_NOT_ACTIVATED']);
      expect(await rows(me.customer.id)).toEqual([]);
    } finally {
      await t.platform.systemConfig.set(t.platform.db, 'core.cart.wishlistEnabled', true, client.salesChannelId);
    }
  });
});
