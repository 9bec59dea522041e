import { newId } from '../src/platform/ids.js';
import { CURRENCY_DEFAULT, defaultShopId } from '../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../src/platform/first-start/default-shop.js';
import type { Platform } from '../src/platform/kernel.js';
import type { BenchClient } from './loopback-client.js';

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
