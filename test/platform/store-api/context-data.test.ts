import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_DEFAULT, defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from './store-api-client.js';

const GERMANY = defaultShopId('country', 'DE');
const STANDARD_GROUP = defaultShopId('customer_group', 'standard');

/** What a shop's forms and switchers offer: countries, states, currencies, languages, salutations, shipping methods, registration groups. */
describe('Store API context data', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const post = async (url: string, body: unknown = {}) => {
    const response = await client.storeApi('POST', url, { body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('lists the channel\'s active countries by position, with Shopware\'s address format', async () => {
    const db = t.platform.db;
    await db.deleteFrom('sales_channel_country').where('sales_channel_id', '=', DEFAULT_SALES_CHANNEL_ID).where('country_id', '=', defaultShopId('country', 'KW')).execute();
    await db.updateTable('country').set({ active: false }).where('id', '=', defaultShopId('country', 'UG')).execute();
    const body = await post('/store-api/country', { limit: 100 });
    const isos = body.elements.map((country: { iso: string }) => country.iso);
    expect(isos[0]).toBe('DE');
    expect(isos).not.toContain('KW');
    expect(isos).not.toContain('UG');
    expect(body).toMatchObject({ total: isos.length, entity: 'country', apiAlias: 'dal_entity_search_result' });
    expect(body.elements[0].addressFormat[1]).toEqual(['address/first_name', 'address/last_name']);
  });

  it('lists a country\'s active states by position and name, also as the countries\' association', async () => {
    const db = t.platform.db;
    await db.insertInto('country_state').values([
      { id: newId(), country_id: GERMANY, short_code: 'XX-B', name: 'Bremen', position: 2 },
      { id: newId(), country_id: GERMANY, short_code: 'XX-A', name: 'Aachen-Land', position: 2 },
      { id: newId(), country_id: GERMANY, short_code: 'XX-Z', name: 'Zwickau-Land', position: 1 },
      { id: newId(), country_id: GERMANY, short_code: 'XX-OFF', name: 'Gone', active: false },
    ]).execute();
    const body = await post(`/store-api/country-state/${GERMANY}`, { filter: [{ type: 'prefix', field: 'shortCode', value: 'XX-' }] });
    expect(body.elements.map((state: { name: string }) => state.name)).toEqual(['Zwickau-Land', 'Aachen-Land', 'Bremen']);
    const withStates = await post('/store-api/country', { ids: [GERMANY], associations: { states: {} } });
    expect(withStates.elements[0].states.length).toBeGreaterThanOrEqual(3);
    expect((await post(`/store-api/country-state/${newId()}`)).total).toBe(0);
  });

  it('lists currencies (a plain list) with their cash rounding, languages and salutations', async () => {
    const currencies = (await client.storeApi('GET', '/store-api/currency')).json();
    expect(Array.isArray(currencies)).toBe(true);
    expect(currencies.find((currency: { id: string }) => currency.id === CURRENCY_DEFAULT)).toMatchObject({
      isoCode: 'EUR',
      isSystemDefault: true,
      itemRounding: { decimals: 2, interval: 0.01, roundForNet: true },
    });
    expect(currencies.find((currency: { isoCode: string }) => currency.isoCode === 'RWF').totalRounding).toMatchObject({ decimals: 0, interval: 1 });
    const languages = await post('/store-api/language');
    expect(languages.elements).toEqual([expect.objectContaining({ name: 'English', localeId: expect.stringMatching(/^[0-9a-f]{32}$/), locale: expect.objectContaining({ code: 'en-GB' }) })]);
    const salutations = await post('/store-api/salutation');
    expect(salutations.elements.map((salutation: { salutationKey: string }) => salutation.salutationKey)).toEqual(['mr', 'mrs', 'not_specified']);
    expect(salutations.elements[0]).toMatchObject({ id: defaultShopId('salutation', 'mr'), displayName: 'Mr.', letterName: 'Dear Mr.' });
  });

  it('lists the channel\'s active shipping methods with their delivery time and prices', async () => {
    const body = await post('/store-api/shipping-method');
    expect(body.elements).toHaveLength(1);
    expect(body.elements[0]).toMatchObject({
      id: defaultShopId('shipping_method', 'standard'),
      deliveryTime: { name: '1-3 days', min: 1, max: 3, unit: 'day' },
      prices: [{ currencyPrice: [{ currencyId: CURRENCY_DEFAULT, gross: 4.99, net: 4.19, linked: true }], apiAlias: 'shipping_method_price' }],
    });
    expect(body.elements[0].deliveryTimeId).toBe(body.elements[0].deliveryTime.id);
  });

  it('answers a customer group\'s registration settings only while registration into it is open in this channel', async () => {
    const url = `/store-api/customer-group-registration/config/${STANDARD_GROUP}`;
    const closed = await client.storeApi('GET', url);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_GROUP_REGISTRATION_NOT_FOUND');
    await t.platform.db.updateTable('customer_group').set({ registration_active: true, registration_title: 'Trade customers' }).where('id', '=', STANDARD_GROUP).execute();
    expect((await client.storeApi('GET', url)).statusCode).toBe(404);
    await t.platform.db.insertInto('customer_group_registration_sales_channels').values({ customer_group_id: STANDARD_GROUP, sales_channel_id: DEFAULT_SALES_CHANNEL_ID }).execute();
    const open = await client.storeApi('GET', url);
    expect(open.json()).toMatchObject({ id: STANDARD_GROUP, registrationActive: true, registrationTitle: 'Trade customers', translated: { registrationTitle: 'Trade customers' } });
  });
});
