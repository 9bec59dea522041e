import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../../helpers/test-platform.js';
import { GERMANY_ID, startStoreApiTest, type StoreApiClient } from '../../store-api/store-api-client.js';
import { placeStoreApiOrder } from '../checkout-fixtures.js';

describe('Store API POST /order: the customer\'s orders and a guest\'s by deep link', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
  });
  afterAll(() => t.close());

  async function placeOrder(token: string): Promise<{ id: string; deepLinkCode: string }> {
    const id = await placeStoreApiOrder(t.platform, client, token);
    const row = await t.platform.db.selectFrom('order').select('deep_link_code').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, deepLinkCode: row.deep_link_code as string };
  }
  const readOrders = (token: string | undefined, body: unknown) => client.storeApi('POST', '/store-api/order', { token, body });
  const byDeepLink = (code: string, email: string, zipcode: string) => ({ filter: [{ type: 'equals', field: 'deepLinkCode', value: code }], email, zipcode });

  it('shows a customer only their own orders', async () => {
    const ada = await client.registerCustomerAccount();
    const grace = await client.registerCustomerAccount();
    const adas = await placeOrder(ada.token);
    const graces = await placeOrder(grace.token);

    const response = await readOrders(ada.token, {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.orders).toMatchObject({ total: 1, entity: 'order', apiAlias: 'dal_entity_search_result' });
    expect(body.orders.elements.map((order: { id: string }) => order.id)).toEqual([adas.id]);
    expect(body.paymentChangeable).toEqual({});

    // another customer's deep link opens nothing for a logged-in customer
    const foreign = await readOrders(ada.token, { filter: [{ type: 'equals', field: 'deepLinkCode', value: graces.deepLinkCode }] });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().orders.elements).toEqual([]);
  });

  it('refuses a visitor without a login or deep link (403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN)', async () => {
    const response = await readOrders(undefined, {});
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
  });

  it('opens a guest\'s order with its deep link, e-mail and zip ignoring case; refuses a wrong zip', async () => {
    const guest = await client.registerCustomerAccount({
      guest: true,
      password: undefined,
      billingAddress: { street: 'Baker Street 221b', zipcode: 'nw1 6xe', city: 'London', countryId: GERMANY_ID },
    });
    const order = await placeOrder(guest.token);

    const opened = await readOrders(undefined, byDeepLink(order.deepLinkCode, guest.email.toUpperCase(), 'NW1 6XE'));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().orders.elements.map((o: { id: string }) => o.id)).toEqual([order.id]);

    const wrongZip = await readOrders(undefined, byDeepLink(order.deepLinkCode, guest.email, '10115'));
    expect(wrongZip.statusCode).toBe(403);
    expect(wrongZip.json().errors[0].code).toBe('CHECKOUT__GUEST_WRONG_CREDENTIALS');

    const noCredentials = await readOrders(undefined, { filter: [{ type: 'equals', field: 'deepLinkCode', value: order.deepLinkCode }] });
    expect(noCredentials.json().errors[0].code).toBe('CHECKOUT__GUEST_NOT_AUTHENTICATED');
  });

  it('does not open a deep link older than 30 days, nor a registered customer\'s order without login', async () => {
    const guest = await client.registerCustomerAccount({ guest: true, password: undefined, billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID } });
    const old = await placeOrder(guest.token);
    await t.platform.db.updateTable('order').set({ order_date_time: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) }).where('id', '=', old.id).execute();
    const expired = await readOrders(undefined, byDeepLink(old.deepLinkCode, guest.email, '10115'));
    expect(expired.statusCode).toBe(403);
    expect(expired.json().errors[0].code).toBe('CHECKOUT__GUEST_NOT_AUTHENTICATED');

    const registered = await client.registerCustomerAccount({ billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID } });
    const theirs = await placeOrder(registered.token);
    const response = await readOrders(undefined, byDeepLink(theirs.deepLinkCode, registered.email, '10115'));
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
  });

  it('throttles repeated failures per code and client (429 CHECKOUT__CUSTOMER_AUTH_THROTTLED)', async () => {
    const guest = await client.registerCustomerAccount({ guest: true, password: undefined, billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID } });
    const order = await placeOrder(guest.token);
    const codes: string[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) codes.push((await readOrders(undefined, byDeepLink(order.deepLinkCode, guest.email, '99999'))).json().errors[0].code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('CHECKOUT__GUEST_WRONG_CREDENTIALS'));
    expect(codes[10]).toBe('CHECKOUT__CUSTOMER_AUTH_THROTTLED');
    // now even the right credentials wait
    const right = await readOrders(undefined, byDeepLink(order.deepLinkCode, guest.email, '10115'));
    expect(right.statusCode).toBe(429);
  });
});
