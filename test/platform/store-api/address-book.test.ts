import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, GERMANY_ID, type StoreApiClient } from './store-api-client.js';

const address = (overrides: Record<string, unknown> = {}) => ({ firstName: 'Grace', lastName: 'Hopper', street: 'Friedrichstraße 2', zipcode: '10117', city: 'Berlin', countryId: GERMANY_ID, ...overrides });

describe('Store API address book', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const customerRow = async (token: string) => {
    const { id } = (await client.storeApi('GET', '/store-api/account/customer', { token })).json() as { id: string };
    return t.platform.db.selectFrom('customer').select(['id', 'default_billing_address_id', 'default_shipping_address_id']).where('id', '=', id).executeTakeFirstOrThrow();
  };
  const addressRows = (customerId: string) => t.platform.db.selectFrom('customer_address').selectAll().where('customer_id', '=', customerId).orderBy('created_at').execute();
  const codes = (body: { errors: Array<{ code: string; source?: { pointer?: string } }> }) => body.errors.map((e) => [e.source?.pointer, e.code]);

  it('adds an address, lists both with their countries and changes one', async () => {
    const token = await client.registerCustomer();
    const created = await client.storeApi('POST', '/store-api/account/address', { token, body: address({ company: 'Navy' }) });
    expect(created.statusCode).toBe(200);
    const { id: customerId } = await customerRow(token);
    expect(created.json()).toMatchObject({ apiAlias: 'customer_address', customerId, street: 'Friedrichstraße 2', company: 'Navy', country: { id: GERMANY_ID } });
    expect((await addressRows(customerId)).map((row) => row.street)).toEqual(['Hauptstraße 1', 'Friedrichstraße 2']);

    const list = (await client.storeApi('POST', '/store-api/account/list-address', { token, body: {} })).json();
    expect(list).toMatchObject({ total: 2, entity: 'customer_address', apiAlias: 'dal_entity_search_result' });
    expect(list.elements.map((a: { street: string }) => a.street)).toEqual(['Hauptstraße 1', 'Friedrichstraße 2']);

    const updated = await client.storeApi('PATCH', `/store-api/account/address/${created.json().id}`, { token, body: address({ city: 'Potsdam' }) });
    expect(updated.statusCode).toBe(200);
    expect((await addressRows(customerId))[1]).toMatchObject({ city: 'Potsdam', company: null });
  });

  it('reports every missing field at its pointer and refuses a country outside the channel', async () => {
    const token = await client.registerCustomer();
    const blank = await client.storeApi('POST', '/store-api/account/address', { token, body: {} });
    expect(blank.statusCode).toBe(400);
    expect(codes(blank.json())).toEqual(
      expect.arrayContaining([
        ['/firstName', 'VIOLATION::IS_BLANK_ERROR'],
        ['/street', 'VIOLATION::IS_BLANK_ERROR'],
        ['/city', 'VIOLATION::IS_BLANK_ERROR'],
        ['/countryId', 'VIOLATION::IS_BLANK_ERROR'],
      ]),
    );
    const foreign = await client.storeApi('POST', '/store-api/account/address', { token, body: address({ countryId: '0123456789abcdef0123456789abcdef' }) });
    expect(codes(foreign.json())).toEqual([['/countryId', 'VIOLATION::ENTITY_DOES_NOT_EXIST']]);
  });

  it('moves the default billing and shipping address and keeps a default address from deletion', async () => {
    const token = await client.registerCustomer();
    const before = await customerRow(token);
    const second = (await client.storeApi('POST', '/store-api/account/address', { token, body: address() })).json().id as string;

    expect((await client.storeApi('PATCH', `/store-api/account/address/default-shipping/${second}`, { token })).statusCode).toBe(204);
    expect(await customerRow(token)).toMatchObject({ default_billing_address_id: before.default_billing_address_id, default_shipping_address_id: second });
    expect((await client.storeApi('PATCH', `/store-api/account/address/default-billing/${second}`, { token })).statusCode).toBe(204);
    expect(await customerRow(token)).toMatchObject({ default_billing_address_id: second });

    const refused = await client.storeApi('DELETE', `/store-api/account/address/${second}`, { token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT');
    // the first address is no default any more: it goes
    expect((await client.storeApi('DELETE', `/store-api/account/address/${before.default_billing_address_id}`, { token })).statusCode).toBe(204);
    expect((await addressRows(before.id)).map((row) => row.id)).toEqual([second]);
  });

  it('answers another customer\'s address like an unknown one and leaves it alone', async () => {
    const owner = await client.registerCustomer();
    const other = await client.registerCustomer();
    const { id: ownerId, default_billing_address_id: ownerAddress } = await customerRow(owner);
    for (const [method, url, body] of [
      ['PATCH', `/store-api/account/address/${ownerAddress}`, address({ city: 'Hamburg' })],
      ['DELETE', `/store-api/account/address/${ownerAddress}`, undefined],
      ['PATCH', `/store-api/account/address/default-billing/${ownerAddress}`, undefined],
      ['PATCH', '/store-api/account/address/default-shipping/not-an-id', undefined],
    ] as const) {
      const response = await client.storeApi(method, url, { token: other, body });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND');
    }
    expect((await addressRows(ownerId))[0]).toMatchObject({ id: ownerAddress, city: 'Berlin' });
    const list = (await client.storeApi('POST', '/store-api/account/list-address', { token: other, body: {} })).json();
    expect(list.elements.map((a: { id: string }) => a.id)).not.toContain(ownerAddress);
  });

  it('needs a logged-in customer', async () => {
    const response = await client.storeApi('POST', '/store-api/account/list-address', { body: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
  });
});
