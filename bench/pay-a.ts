import { Agent, request } from 'undici';
import { configKey, PAY_A_PAYMENT_METHOD_ID } from '../src/extensions/pay-a/config.js';
import { defaultShopCurrencyId } from '../src/platform/first-start/default-ids.js';
import type { Platform } from '../src/platform/kernel.js';
import { compared, measure, type Row } from './measure.js';
import { duplicateStorm, webhookFloor } from './webhook-cases.js';
import { adminToken, benchProduct, registeredShopper, storeApiOf } from './fixtures.js';
import type { BenchClient } from './loopback-client.js';
import { startRemoteSimulator } from './remote-simulator.js';

const SECRET_KEY = 'sk_test_bench';
const CHARGES = 40;
const REFUNDS = 40;

/**
 * Gateway A's hot paths over loopback HTTP, against the simulator in a process of its own: a bare verify round trip (what every
 * charge.success costs at least), the first delivery of a signed charge.success (signature, verify,
 * settle), a duplicate delivery (signature and the dedup path only), and a refund (gateway call and
 * records under the lease).
 */
export async function payACases(platform: Platform, http: BenchClient): Promise<Row[]> {
  const sim = await startRemoteSimulator('pay-a', { secretKeys: [SECRET_KEY], autoWebhooks: false, refundWebhooks: false });
  // the bare round trip uses the client the gateway kit uses: undici on a keep-alive agent
  const agent = new Agent({ keepAliveTimeout: 4_000 });
  try {
    for (const [key, value] of [
      ['secretKeySandbox', SECRET_KEY],
      ['apiBaseUrl', sim.urls.baseUrl!],
      ['minimumRefundAmount', { default: '0.01', NGN: '0.01' }],
    ] as const) {
      await platform.systemConfig.set(platform.db, configKey(key), value);
    }
    const storeApi = await storeApiOf(platform, http);
    const productId = await benchProduct(platform, 'pay-a');
    const token = await registeredShopper(storeApi, 'pay-a', { paymentMethodId: PAY_A_PAYMENT_METHOD_ID, currencyId: defaultShopCurrencyId('NGN') });

    // orders whose customers paid on the hosted page but never came back: only the webhook settles them
    const references: string[] = [];
    // each delivery as the gateway signs it, made before the timing starts
    const deliveries = new Map<string, { payload: string; signature: string }>();
    for (let i = 0; i < CHARGES + 1; i++) {
      await storeApi('POST', '/store-api/checkout/cart/line-item', token, { items: [{ type: 'product', referencedId: productId, quantity: 1 }] });
      const order = await storeApi('POST', '/store-api/checkout/order', token, {});
      await storeApi('POST', '/store-api/handle-payment', token, { orderId: order.json().id, finishUrl: 'https://shop.example/finish', errorUrl: 'https://shop.example/error' });
      const reference = (await sim.call<string[]>('references')).at(-1)!;
      await sim.call('completePayment', reference, 'success');
      const payload = JSON.stringify({ event: 'charge.success', data: await sim.call('transaction', reference) });
      deliveries.set(reference, { payload, signature: await sim.call<string>('signatureOf', payload) });
      references.push(reference);
    }

    const delivery = (reference: string) => {
      const { payload, signature } = deliveries.get(reference)!;
      return { path: '/pay-a/webhook', headers: { 'content-type': 'application/json', 'x-pay-a-signature': signature }, body: payload, status: 204 };
    };
    const webhook = async (reference: string) => {
      const { path, headers, body, status } = delivery(reference);
      const answered = await http.request({ method: 'POST', url: path, headers, payload: body });
      if (answered.statusCode !== status) throw new Error(`webhook answered ${answered.statusCode}: ${answered.body}`);
    };

    const duplicate = references.pop()!;
    const verify = async () => {
      const response = await request(`${sim.urls.baseUrl}/transaction/verify/${duplicate}`, { headers: { authorization: `Bearer ${SECRET_KEY}` }, dispatcher: agent });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`verify answered ${response.statusCode}`);
    };
    const bareVerify = await measure('gateway A: bare verify round trip to the simulator', 200, verify);
    const floor = await webhookFloor(platform, 'gateway A', verify);
    const rows: Row[] = [bareVerify, floor];
    await webhook(duplicate);
    let next = 0;
    // measure() warms up with a few runs: every run needs an order of its own
    const first = await measure('POST /pay-a/webhook charge.success (signature + verify + settle)', CHARGES - 5, () => webhook(references[next++]!));
    rows.push(compared(first, bareVerify, platform.database.kind === 'postgres' ? '≤ 2.5×' : '≤ 3×'), compared({ ...first, case: '  the same, against the floor' }, floor, ''));
    rows.push(await measure('POST /pay-a/webhook charge.success, duplicate', 200, () => webhook(duplicate)));
    rows.push(await duplicateStorm(sim, http, 'POST /pay-a/webhook duplicates, 8 senders in the simulator process', delivery(duplicate)));

    const adminBearer = await adminToken(http, platform.env.adminPassword);
    const refund = () =>
      http
        .request({
          method: 'POST',
          url: '/api/_action/pay-a/refund',
          headers: { authorization: `Bearer ${adminBearer}`, 'content-type': 'application/json' },
          payload: { transaction: duplicate, amount: '0.01', reason: 'bench' },
        })
        .then((response) => {
          if (response.statusCode !== 200) throw new Error(`refund answered ${response.statusCode}: ${response.body}`);
        });
    rows.push(await measure(`POST /api/_action/pay-a/refund (up to ${REFUNDS + 5} refunds recorded)`, REFUNDS, refund));
    return rows;
  } finally {
    await agent.close();
    await sim.close();
  }
}

