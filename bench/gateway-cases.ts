import { Agent, request } from 'undici';
import type { Platform } from '../src/platform/kernel.js';
import { compared, measure, type Row } from './measure.js';
import { duplicateStorm, webhookFloor } from './webhook-cases.js';
import { adminToken, benchProduct, registeredShopper, storeApiOf, type StoreApi } from './fixtures.js';
import type { BenchClient } from './loopback-client.js';
import { startRemoteSimulator, type RemoteSimulator } from './remote-simulator.js';
import type { SimulatorKind } from './simulator-process.js';

const CHARGES = 40;
const REFUNDS = 40;

export interface WebhookDelivery {
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
}

/** One gateway's hot paths, as the shared cases run them. */
export interface GatewayBench<C> {
  /** The simulator, and the extension's path name (`/pay-a/webhook`, `/api/_action/pay-a/refund`). */
  kind: Extract<SimulatorKind, `pay-${string}`>;
  /** e.g. `gateway A` */
  label: string;
  secretKey: string;
  simulatorOptions: object;
  configKey(key: string): string;
  /** Settings besides `secretKeySandbox` and `apiBaseUrl`. */
  settings: Array<[string, unknown]>;
  /** The shopper's context: the gateway's payment method (and currency). */
  shopperContext: Record<string, string>;
  /** After handle-payment: the customer pays on the hosted page (and never comes back); what its webhook needs. */
  paid(sim: RemoteSimulator, orderTransactionId: string): Promise<C>;
  delivery(charge: C): WebhookDelivery;
  /** The gateway's verify call for a charge (path on the simulator). */
  verifyPath(charge: C): string;
  /** Names of the webhook cases: `charge.success (signature + verify + settle)`, `charge.success`. */
  webhookCase: { first: string; duplicate: string };
  /** Rows measured before the webhooks (gateway D: the cart view with the gateway selected). */
  before?(storeApi: StoreApi, token: string): Promise<Row[]>;
  refund: { body(charge: C): object; case: string; minimum?: object };
}

/**
 * A gateway's hot paths over loopback HTTP, against its simulator in a process of its own: a bare verify round
 * trip (what every webhook costs at least) and its floor, the first delivery of a charge webhook (verify and
 * settle), a duplicate delivery (the dedup path) alone and as a storm of 8 senders, and a refund (gateway
 * call and records under the lease).
 */
export async function gatewayCases<C>(platform: Platform, http: BenchClient, gateway: GatewayBench<C>): Promise<Row[]> {
  const sim = await startRemoteSimulator(gateway.kind, gateway.simulatorOptions);
  // the bare round trip uses the client the gateway kit uses: undici on a keep-alive agent
  const agent = new Agent({ keepAliveTimeout: 4_000 });
  try {
    const settings: Array<[string, unknown]> = [['secretKeySandbox', gateway.secretKey], ['apiBaseUrl', sim.urls.baseUrl!], ...gateway.settings];
    for (const [key, value] of settings) await platform.systemConfig.set(platform.db, gateway.configKey(key), value);
    const storeApi = await storeApiOf(platform, http);
    const productId = await benchProduct(platform, gateway.kind);
    const token = await registeredShopper(storeApi, gateway.kind, gateway.shopperContext);
    const addToCart = () => storeApi('POST', '/store-api/checkout/cart/line-item', token, { items: [{ type: 'product', referencedId: productId, quantity: 1 }] });

    // orders whose customers paid on the hosted page but never came back: only the webhook settles them
    const charges: C[] = [];
    for (let i = 0; i < CHARGES + 1; i++) {
      await addToCart();
      const order = await storeApi('POST', '/store-api/checkout/order', token, {});
      await storeApi('POST', '/store-api/handle-payment', token, { orderId: order.json().id, finishUrl: 'https://shop.example/finish', errorUrl: 'https://shop.example/error' });
      charges.push(await gateway.paid(sim, order.json().transactions[0].id as string));
    }
    await addToCart();

    const webhook = async (charge: C) => {
      const { path, headers, body, status } = gateway.delivery(charge);
      const answered = await http.request({ method: 'POST', url: path, headers, payload: body });
      if (answered.statusCode !== status) throw new Error(`webhook answered ${answered.statusCode}: ${answered.body}`);
    };

    const rows: Row[] = (await gateway.before?.(storeApi, token)) ?? [];
    const duplicate = charges.pop()!;
    // the floor of a webhook: the verify call it must make, alone, to the same simulator
    const verify = async () => {
      const response = await request(`${sim.urls.baseUrl}${gateway.verifyPath(duplicate)}`, { headers: { authorization: `Bearer ${gateway.secretKey}` }, dispatcher: agent });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`verify answered ${response.statusCode}`);
    };
    const bareVerify = await measure(`${gateway.label}: bare verify round trip to the simulator`, 200, verify);
    const floor = await webhookFloor(platform, gateway.label, verify);
    rows.push(bareVerify, floor);
    await webhook(duplicate);
    let next = 0;
    const path = `/${gateway.kind}/webhook`;
    // measure() warms up with a few runs: every run needs an order of its own
    const first = await measure(`POST ${path} ${gateway.webhookCase.first}`, CHARGES - 5, () => webhook(charges[next++]!));
    rows.push(compared(first, bareVerify, platform.database.kind === 'postgres' ? '≤ 2.5×' : '≤ 3×'), compared({ ...first, case: '  the same, against the floor' }, floor, ''));
    rows.push(await measure(`POST ${path} ${gateway.webhookCase.duplicate}, duplicate`, 200, () => webhook(duplicate)));
    rows.push(await duplicateStorm(sim, http, `POST ${path} duplicates, 8 senders in the simulator process`, gateway.delivery(duplicate)));

    const adminBearer = await adminToken(http, platform.env.adminPassword);
    const refund = () =>
      http
        .request({
          method: 'POST',
          url: `/api/_action/${gateway.kind}/refund`,
          headers: { authorization: `Bearer ${adminBearer}`, 'content-type': 'application/json' },
          payload: gateway.refund.body(duplicate),
        })
        .then((response) => {
          if (response.statusCode !== 200) throw new Error(`refund answered ${response.statusCode}: ${response.body}`);
        });
    if (gateway.refund.minimum) await platform.systemConfig.set(platform.db, gateway.configKey('minimumRefundAmount'), gateway.refund.minimum);
    rows.push(await measure(`POST /api/_action/${gateway.kind}/refund ${gateway.refund.case.replace('{n}', String(REFUNDS + 5))}`, REFUNDS, refund));
    return rows;
  } finally {
    await agent.close();
    await sim.close();
  }
}
