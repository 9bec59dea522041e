import type { FastifyInstance } from 'fastify';
import type { Platform } from '../src/platform/kernel.js';
import { newId } from '../src/platform/ids.js';
import { CURRENCY_DEFAULT, defaultShopId } from '../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../src/platform/first-start/default-shop.js';
import { measure, summarize, type Row } from './measure.js';

const PRODUCTS = 2000;
const HOME = defaultShopId('category', 'home');

/**
 * Store API and storefront hot paths over 2,000 products visible in the default sales channel:
 * listing, detail, cart changes and reads, order placement, and the storefront's home and category pages.
 */
export async function shopCases(platform: Platform, app: FastifyInstance): Promise<Row[]> {
  const productIds = await seedProducts(platform);
  const channel = await platform.db.selectFrom('sales_channel').select('access_key').where('id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow();
  const storeApi = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    app.inject({
      method,
      url,
      payload,
      headers: { 'sw-access-key': channel.access_key as string, accept: 'application/json', ...(token ? { 'sw-context-token': token } : {}) },
    });

  const register = await storeApi('POST', '/store-api/account/register', undefined, {
    email: `bench-${newId().slice(0, 8)}@example.com`,
    password: 'bench-password-1',
    firstName: 'Bench',
    lastName: 'Mark',
    billingAddress: { street: 'Main 1', city: 'Berlin', countryId: defaultShopId('country', 'DE') },
  });
  if (register.statusCode !== 200) throw new Error(`registration failed: ${register.body}`);
  const token = register.headers['sw-context-token'] as string;
  const addItem = (index: number) =>
    storeApi('POST', '/store-api/checkout/cart/line-item', token, { items: [{ type: 'product', referencedId: productIds[index % PRODUCTS], quantity: 1 }] });
  for (let i = 0; i < 10; i++) await addItem(i);

  let next = 100;
  const rows: Row[] = [
    await measure(`POST /store-api/product, limit 24 (${PRODUCTS} products)`, 100, () => storeApi('POST', '/store-api/product', undefined, { limit: 24 })),
    await measure('POST /store-api/product, term search', 100, () => storeApi('POST', '/store-api/product', undefined, { limit: 24, term: 'Mug 01' })),
    await measure('GET /store-api/product/{id}', 200, () => storeApi('GET', `/store-api/product/${productIds[1234]}`)),
    await measure('GET /store-api/checkout/cart (10 items)', 200, () => storeApi('GET', '/store-api/checkout/cart', token)),
    await measure('POST /store-api/checkout/cart/line-item', 100, () => addItem(next++)),
  ];
  // only the order request is timed: the cart is filled before each one (three line-item requests that
  // would otherwise more than double the figure)
  const orderTimes: number[] = [];
  for (let i = 0; i < 35; i++) {
    for (let k = 0; k < 3; k++) await addItem(next++);
    const started = performance.now();
    const order = await storeApi('POST', '/store-api/checkout/order', token, {});
    if (i >= 5) orderTimes.push(performance.now() - started);
    if (order.statusCode !== 200) throw new Error(`order failed: ${order.body}`);
  }
  rows.push(summarize('POST /store-api/checkout/order (3 items, invoice; the cart filled beforehand)', orderTimes));
  rows.push(await measure('GET / (storefront home, 24 products)', 100, () => app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })));
  rows.push(await measure('GET /navigation/{id}?p=5 (storefront category page)', 100, () => app.inject({ method: 'GET', url: `/navigation/${HOME}?p=5`, headers: { accept: 'text/html' } })));
  return rows;
}

async function seedProducts(platform: Platform): Promise<string[]> {
  const tax = defaultShopId('tax', 'standard');
  const ids = Array.from({ length: PRODUCTS }, () => newId());
  for (let offset = 0; offset < PRODUCTS; offset += 500) {
    const slice = ids.slice(offset, offset + 500);
    await platform.db
      .insertInto('product')
      .values(
        slice.map((id, i) => ({
          id,
          product_number: `BENCH-${offset + i}`,
          name: `Mug ${String(offset + i).padStart(4, '0')}`,
          price: JSON.stringify([{ currencyId: CURRENCY_DEFAULT, gross: 10 + ((offset + i) % 50), net: 8.4, linked: true }]),
          stock: 1_000_000,
          tax_id: tax,
          active: true,
        })),
      )
      .execute();
    await platform.db.insertInto('product_visibility').values(slice.map((id) => ({ id: newId(), product_id: id, sales_channel_id: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }))).execute();
    await platform.db.insertInto('product_category').values(slice.map((id) => ({ product_id: id, category_id: HOME }))).execute();
  }
  return ids;
}
