import type { FastifyInstance } from 'fastify';
import { configKey, PAY_A_PAYMENT_METHOD_ID } from '../src/extensions/pay-a/config.js';
import { startPayASimulator } from '../src/extensions/pay-a/simulator/index.js';
import { newId } from '../src/platform/ids.js';
import { CURRENCY_DEFAULT, defaultShopCurrencyId, defaultShopId } from '../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../src/platform/first-start/default-shop.js';
import type { Platform } from '../src/platform/kernel.js';
import { compared, measure, throughput, type Row } from './measure.js';

const SECRET_KEY = 'sk_test_bench';
const CHARGES = 40;
const REFUNDS = 40;

/**
 * Gateway A's hot paths against the simulator over loopback HTTP: a bare verify round trip (what every
 * charge.success costs at least), the first delivery of a signed charge.success (signature, verify,
 * settle), a duplicate delivery (signature and the dedup path only), and a refund (gateway call and
 * records under the lease).
 */
export async function payACases(platform: Platform, app: FastifyInstance): Promise<Row[]> {
  const sim = await startPayASimulator({ secretKeys: [SECRET_KEY], autoWebhooks: false, refundWebhooks: false });
  try {
    for (const [key, value] of [
      ['secretKeySandbox', SECRET_KEY],
      ['apiBaseUrl', sim.baseUrl],
      ['minimumRefundAmount', { default: '0.01', NGN: '0.01' }],
    ] as const) {
      await platform.systemConfig.set(platform.db, configKey(key), value);
    }
    const channel = await platform.db.selectFrom('sales_channel').select('access_key').where('id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow();
    const storeApi = async (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: object) => {
      const response = await app.inject({
        method,
        url,
        payload,
        headers: { 'sw-access-key': channel.access_key as string, accept: 'application/json', ...(token ? { 'sw-context-token': token } : {}) },
      });
      if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
      return response;
    };
    const productId = await createProduct(platform);
    const register = await storeApi('POST', '/store-api/account/register', undefined, {
      email: `bench-pay-a-${newId().slice(0, 8)}@example.com`,
      password: 'bench-password-1',
      firstName: 'Bench',
      lastName: 'Payer',
      billingAddress: { street: 'Marina 1', city: 'Lagos', countryId: defaultShopId('country', 'DE') },
    });
    const token = register.headers['sw-context-token'] as string;
    await storeApi('PATCH', '/store-api/context', token, { paymentMethodId: PAY_A_PAYMENT_METHOD_ID, currencyId: defaultShopCurrencyId('NGN') });

    // orders whose customers paid on the hosted page but never came back: only the webhook settles them
    const references: string[] = [];
    for (let i = 0; i < CHARGES + 1; i++) {
      await storeApi('POST', '/store-api/checkout/cart/line-item', token, { items: [{ type: 'product', referencedId: productId, quantity: 1 }] });
      const order = await storeApi('POST', '/store-api/checkout/order', token, {});
      await storeApi('POST', '/store-api/handle-payment', token, { orderId: order.json().id, finishUrl: 'https://shop.example/finish', errorUrl: 'https://shop.example/error' });
      const reference = sim.references().at(-1)!;
      await sim.completePayment(reference, 'success');
      references.push(reference);
    }

    const webhook = (reference: string) => {
      const payload = JSON.stringify({ event: 'charge.success', data: sim.transaction(reference) });
      return app.inject({ method: 'POST', url: '/pay-a/webhook', headers: { 'content-type': 'application/json', 'x-pay-a-signature': sim.signatureOf(payload) }, payload });
    };
    const expectHandled = async (response: Promise<{ statusCode: number; body: string }>) => {
      const answered = await response;
      if (answered.statusCode !== 204) throw new Error(`webhook answered ${answered.statusCode}: ${answered.body}`);
    };

    const duplicate = references.pop()!;
    const bareVerify = await measure('gateway A: bare verify round trip to the simulator', 200, async () => {
        const response = await fetch(`${sim.baseUrl}/transaction/verify/${duplicate}`, { headers: { authorization: `Bearer ${SECRET_KEY}` } });
        if (response.status !== 200) throw new Error(`verify answered ${response.status}`);
        await response.arrayBuffer();
    });
    const rows: Row[] = [bareVerify];
    await expectHandled(webhook(duplicate));
    let next = 0;
    // measure() warms up with a few runs: every run needs an order of its own
    const first = await measure('POST /pay-a/webhook charge.success (signature + verify + settle)', CHARGES - 5, () => expectHandled(webhook(references[next++]!)));
    rows.push(compared(first, bareVerify, platform.database.kind === 'postgres' ? '≤ 2.5×' : '≤ 3×'));
    rows.push(await measure('POST /pay-a/webhook charge.success, duplicate', 200, () => expectHandled(webhook(duplicate))));
    rows.push({ ...(await throughput('POST /pay-a/webhook duplicates, 8 senders', 400, 8, () => expectHandled(webhook(duplicate)))), target: '≥ 2,000/s (PostgreSQL)' });

    const adminToken = await tokenOf(app, platform.env.adminPassword);
    const refund = () =>
      app
        .inject({
          method: 'POST',
          url: '/api/_action/pay-a/refund',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          payload: { transaction: duplicate, amount: '0.01', reason: 'bench' },
        })
        .then((response) => {
          if (response.statusCode !== 200) throw new Error(`refund answered ${response.statusCode}: ${response.body}`);
        });
    rows.push(await measure(`POST /api/_action/pay-a/refund (up to ${REFUNDS + 5} refunds recorded)`, REFUNDS, refund));
    return rows;
  } finally {
    await sim.close();
  }
}

async function createProduct(platform: Platform): Promise<string> {
  const id = newId();
  await platform.db
    .insertInto('product')
    .values({
      id,
      product_number: `BENCH-PAYA-${id.slice(0, 8)}`,
      name: 'Gateway A bench mug',
      price: JSON.stringify([{ currencyId: CURRENCY_DEFAULT, gross: 24.99, net: 21, linked: true }]),
      stock: 1_000_000,
      tax_id: defaultShopId('tax', 'standard'),
      active: true,
    })
    .execute();
  await platform.db.insertInto('product_visibility').values({ id: newId(), product_id: id, sales_channel_id: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }).execute();
  return id;
}

async function tokenOf(app: FastifyInstance, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    payload: { grant_type: 'password', client_id: 'administration', username: 'admin', password },
  });
  return response.json().access_token as string;
}
