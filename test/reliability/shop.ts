import { randomBytes } from 'node:crypto';
import { defaultShopCurrencyId, defaultShopId } from '../../src/platform/first-start/default-ids.js';
import { PAY_A_PAYMENT_METHOD_ID } from '../../src/extensions/pay-a/config.js';
import { PAY_B_PAYMENT_METHOD_ID } from '../../src/extensions/pay-b/config.js';
import { expectStatus, request, type Answer } from './http.js';

export type Gateway = 'pay-a' | 'pay-b';

export const PAYMENT_METHOD = { 'pay-a': PAY_A_PAYMENT_METHOD_ID, 'pay-b': PAY_B_PAYMENT_METHOD_ID } as const;
export const NGN_ID = defaultShopCurrencyId('NGN');
const GERMANY_ID = defaultShopId('country', 'DE');

export function randomSecret(prefix: string): string {
  return prefix + randomBytes(18).toString('hex');
}

export async function adminToken(baseUrl: string): Promise<string> {
  const answer = await request(baseUrl, 'POST', '/api/oauth/token', {
    body: { grant_type: 'password', client_id: 'administration', username: 'admin', password: 'shopware' },
  });
  return expectStatus(answer, 200, 'admin token').json().access_token as string;
}

export async function setConfig(baseUrl: string, token: string, values: Record<string, unknown>): Promise<void> {
  expectStatus(await request(baseUrl, 'POST', '/api/_action/system-config', { token, body: values }), 204, 'system-config').text;
}

export interface ShopBasics {
  salesChannelId: string;
  accessKey: string;
  productId: string;
}

/** The default sales channel's ids and one visible product (the shop starts with an empty catalog). */
export async function prepareCatalog(baseUrl: string, token: string): Promise<ShopBasics> {
  const channel = expectStatus(await request(baseUrl, 'POST', '/api/search/sales-channel', { token, body: { limit: 1 } }), 200, 'sales channel').json().data[0];
  const tax = expectStatus(await request(baseUrl, 'GET', '/api/tax?filter[taxRate]=19', { token }), 200, 'tax').json().data[0];
  const created = await request(baseUrl, 'POST', '/api/product?_response=1', {
    token,
    body: {
      productNumber: `REL-${randomBytes(4).toString('hex')}`,
      name: 'Reliability mug',
      stock: 100000,
      taxId: tax.id,
      price: [{ currencyId: channel.currencyId, gross: 12.5, net: 10.5, linked: true }],
      categories: [{ id: channel.navigationCategoryId }],
      visibilities: [{ salesChannelId: channel.id, visibility: 30 }],
    },
  });
  expectStatus(created, 200, 'product');
  return { salesChannelId: channel.id, accessKey: channel.accessKey, productId: created.json().data.id };
}

export interface PlacedOrder {
  orderId: string;
  orderTransactionId: string;
  redirectUrl: string;
  /** the order total in the gateway's minor units (NGN ×100) */
  totalMinor: number;
}

/** A customer's way through the Store API: register, switch to NGN and the gateway, one cart line, order, handle-payment. */
export async function placeOrder(baseUrl: string, shop: ShopBasics, gateway: Gateway | null, quantity = 2): Promise<PlacedOrder> {
  let token: string | undefined;
  const store = async (method: string, url: string, body?: unknown): Promise<Answer> => {
    const answer = await request(baseUrl, method, url, { body, headers: { 'sw-access-key': shop.accessKey, ...(token ? { 'sw-context-token': token } : {}) } });
    const next = answer.headers.get('sw-context-token');
    if (next) token = next;
    return answer;
  };
  expectStatus(
    await store('POST', '/store-api/account/register', {
      firstName: 'Rel',
      lastName: 'Iability',
      email: `rel-${randomBytes(6).toString('hex')}@example.com`,
      password: 'correct-horse-9',
      billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: GERMANY_ID },
    }),
    200,
    'register',
  );
  const context: Record<string, string> = { currencyId: NGN_ID };
  if (gateway) context.paymentMethodId = PAYMENT_METHOD[gateway];
  expectStatus(await store('PATCH', '/store-api/context', context), 200, 'context');
  expectStatus(await store('POST', '/store-api/checkout/cart/line-item', { items: [{ type: 'product', referencedId: shop.productId, quantity }] }), 200, 'cart');
  const order = expectStatus(await store('POST', '/store-api/checkout/order', {}), 200, 'order').json();
  let redirectUrl = '';
  if (gateway) {
    const started = expectStatus(await store('POST', '/store-api/handle-payment', { orderId: order.id, finishUrl: 'https://frontend.example/finish', errorUrl: 'https://frontend.example/error' }), 200, 'handle-payment');
    redirectUrl = started.json().redirectUrl;
  }
  return { orderId: order.id, orderTransactionId: order.transactions[0].id, redirectUrl, totalMinor: Math.round(order.amountTotal * 100) };
}

/** The customer presses Pay on the simulator's hosted page; the redirect back to the shop is not followed (no return, no webhook). */
export async function payOnHostedPage(redirectUrl: string): Promise<URL> {
  const page = await fetch(redirectUrl);
  await page.text();
  if (page.status !== 200) throw new Error(`hosted page answered ${page.status}`);
  const action = /<form method="post" action="([^"]+)"/.exec(await (await fetch(redirectUrl)).text())?.[1]?.replace(/&amp;/g, '&');
  const target = action ? new URL(action, redirectUrl).toString() : redirectUrl;
  const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=pay', redirect: 'manual' });
  await answer.text();
  if (answer.status !== 302) throw new Error(`hosted page Pay answered ${answer.status}`);
  return new URL(answer.headers.get('location')!);
}
