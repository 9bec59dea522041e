import { newId } from '../src/platform/ids.js';
import { CURRENCY_DEFAULT, defaultShopId } from '../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../src/platform/first-start/default-shop.js';
import type { Platform } from '../src/platform/kernel.js';
import type { BenchAnswer, BenchClient } from './loopback-client.js';

/** A product in the default channel with stock for every order a bench places (numbered after `label`). */
export async function benchProduct(platform: Platform, label: string): Promise<string> {
  const id = newId();
  await platform.db
    .insertInto('product')
    .values({
      id,
      product_number: `BENCH-${label.toUpperCase()}-${id.slice(0, 8)}`,
      name: `${label} bench mug`,
      price: JSON.stringify([{ currencyId: CURRENCY_DEFAULT, gross: 24.99, net: 21, linked: true }]),
      stock: 1_000_000,
      tax_id: defaultShopId('tax', 'standard'),
      active: true,
    })
    .execute();
  await platform.db.insertInto('product_visibility').values({ id: newId(), product_id: id, sales_channel_id: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }).execute();
  return id;
}

/** An Admin API access token of the admin user. */
export async function adminToken(http: BenchClient, password: string): Promise<string> {
  const response = await http.request({
    method: 'POST',
    url: '/api/oauth/token',
    payload: { grant_type: 'password', client_id: 'administration', username: 'admin', password },
  });
  if (response.statusCode !== 200) throw new Error(`token answered ${response.statusCode}: ${response.body}`);
  return response.json().access_token as string;
}

export type StoreApi = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: object) => Promise<BenchAnswer>;

/** Store API calls in the default channel that fail loudly on anything but 200. */
export async function storeApiOf(platform: Platform, http: BenchClient): Promise<StoreApi> {
  const channel = await platform.db.selectFrom('sales_channel').select('access_key').where('id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow();
  return async (method, url, token, payload) => {
    const response = await http.request({
      method,
      url,
      payload,
      headers: { 'sw-access-key': channel.access_key as string, accept: 'application/json', ...(token ? { 'sw-context-token': token } : {}) },
    });
    if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response;
  };
}

/** A newly registered shopper whose context has `context` applied (e.g. a payment method); its context token. */
export async function registeredShopper(storeApi: StoreApi, label: string, context: Record<string, string>): Promise<string> {
  const register = await storeApi('POST', '/store-api/account/register', undefined, {
    email: `bench-${label}-${newId().slice(0, 8)}@example.com`,
    password: 'bench-password-1',
    firstName: 'Bench',
    lastName: 'Payer',
    billingAddress: { street: 'Main 1', city: 'Lagos', countryId: defaultShopId('country', 'DE') },
  });
  const token = register.headers['sw-context-token'] as string;
  await storeApi('PATCH', '/store-api/context', token, context);
  return token;
}
