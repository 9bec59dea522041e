import { Agent, request } from 'undici';
import { configKey, PAY_B_PAYMENT_METHOD_ID } from '../src/extensions/pay-b/config.js';
import type { Platform } from '../src/platform/kernel.js';
import { compared, measure, type Row } from './measure.js';
import { duplicateStorm, webhookFloor } from './webhook-cases.js';
import { adminToken, benchProduct, registeredShopper, storeApiOf } from './fixtures.js';
import type { BenchClient } from './loopback-client.js';
import { startRemoteSimulator } from './remote-simulator.js';

const SECRET_KEY = 'FLWSECK_TEST-bench';
const WEBHOOK_HASH = 'bench-webhook-hash';
const CHARGES = 40;
const REFUNDS = 40;

/**
 * Gateway D's hot paths over loopback HTTP, against the simulator in a process of its own: the cart view with the gateway
 * selected (its `validate` runs on every view), a `charge.completed` webhook that verifies and settles
 * an order, a duplicate delivery (the dedup path a webhook storm takes), and a refund (live ledger
 * read over a growing ledger, gateway call, records).
 */
export async function payBCases(platform: Platform, http: BenchClient): Promise<Row[]> {
  const sim = await startRemoteSimulator('pay-b', { secretKeys: [SECRET_KEY], secretHash: WEBHOOK_HASH, autoWebhooks: false, refundWebhooks: false });
  // the bare round trip uses the client the gateway kit uses: undici on a keep-alive agent
  const agent = new Agent({ keepAliveTimeout: 4_000 });
  try {
    for (const [key, value] of [
      ['secretKeySandbox', SECRET_KEY],
      ['secretHashSandbox', WEBHOOK_HASH],
      ['apiBaseUrl', sim.urls.baseUrl!],
    ] as const) {
      await platform.systemConfig.set(platform.db, configKey(key), value);
    }
    const storeApi = await storeApiOf(platform, http);
    const productId = await benchProduct(platform, 'pay-b');
    const token = await registeredShopper(storeApi, 'pay-b', { paymentMethodId: PAY_B_PAYMENT_METHOD_ID });

    // orders whose customers paid on the hosted page but never came back: only the webhook settles them
    const charges: Array<{ id: number; txRef: string }> = [];
    for (let i = 0; i < CHARGES + 1; i++) {
      await storeApi('POST', '/store-api/checkout/cart/line-item', token, { items: [{ type: 'product', referencedId: productId, quantity: 1 }] });
      const order = await storeApi('POST', '/store-api/checkout/order', token, {});
      await storeApi('POST', '/store-api/handle-payment', token, { orderId: order.json().id, finishUrl: 'https://shop.example/finish', errorUrl: 'https://shop.example/error' });
      const txRef = order.json().transactions[0].id as string;
      const paid = await sim.call<{ transactionId?: number }>('completePayment', txRef, 'successful');
      charges.push({ id: paid.transactionId!, txRef });
    }
    await storeApi('POST', '/store-api/checkout/cart/line-item', token, { items: [{ type: 'product', referencedId: productId, quantity: 1 }] });

    const delivery = (charge: { id: number; txRef: string }) => ({
      path: '/pay-b/webhook',
      headers: { 'content-type': 'application/json', 'verif-hash': WEBHOOK_HASH },
      body: JSON.stringify({ event: 'charge.completed', data: { id: charge.id, tx_ref: charge.txRef, status: 'successful' } }),
      status: 200,
    });
    const webhook = async (charge: { id: number; txRef: string }) => {
      const { path, headers, body, status } = delivery(charge);
      const answered = await http.request({ method: 'POST', url: path, headers, payload: body });
      if (answered.statusCode !== status) throw new Error(`webhook answered ${answered.statusCode}: ${answered.body}`);
    };

    const rows: Row[] = [await measure('GET /store-api/checkout/cart (gateway D selected: validate)', 200, () => storeApi('GET', '/store-api/checkout/cart', token))];
    const duplicate = charges.pop()!;
    // the floor of a webhook: the verify call it must make, alone, to the same simulator
    const verify = async () => {
      const response = await request(`${sim.urls.baseUrl}/v3/transactions/${duplicate.id}/verify`, { headers: { authorization: `Bearer ${SECRET_KEY}` }, dispatcher: agent });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`verify answered ${response.statusCode}`);
    };
    const bareVerify = await measure('gateway D: bare verify round trip to the simulator', 200, verify);
    const floor = await webhookFloor(platform, 'gateway D', verify);
    rows.push(bareVerify, floor);
    await webhook(duplicate);
    let next = 0;
    // measure() warms up with a few runs: every run needs an order of its own
    const first = await measure('POST /pay-b/webhook charge.completed (verify + settle)', CHARGES - 5, () => webhook(charges[next++]!));
    rows.push(compared(first, bareVerify, platform.database.kind === 'postgres' ? '≤ 2.5×' : '≤ 3×'), compared({ ...first, case: '  the same, against the floor' }, floor, ''));
    rows.push(await measure('POST /pay-b/webhook charge.completed, duplicate', 200, () => webhook(duplicate)));
    rows.push(await duplicateStorm(sim, http, 'POST /pay-b/webhook duplicates, 8 senders in the simulator process', delivery(duplicate)));

    const adminBearer = await adminToken(http, platform.env.adminPassword);
    const refund = () =>
      http
        .request({
          method: 'POST',
          url: '/api/_action/pay-b/refund',
          headers: { authorization: `Bearer ${adminBearer}`, 'content-type': 'application/json' },
          payload: { orderTransactionId: duplicate.txRef, amount: '0.01', comments: 'bench' },
        })
        .then((response) => {
          if (response.statusCode !== 200) throw new Error(`refund answered ${response.statusCode}: ${response.body}`);
        });
    await platform.systemConfig.set(platform.db, configKey('minimumRefundAmount'), { default: '0.01' });
    rows.push(await measure(`POST /api/_action/pay-b/refund (ledger of up to ${REFUNDS + 5} refunds)`, REFUNDS, refund));
    return rows;
  } finally {
    await agent.close();
    await sim.close();
  }
}

