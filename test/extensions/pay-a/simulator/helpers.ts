import { DEFAULT_SECRET_KEY, type PayASimulator } from '../../../../src/extensions/pay-a/simulator/index.js';
import { callSimulator, WebhookReceiver as GatewayWebhookReceiver, type SimulatorAnswer } from '../../_gateway/simulator-helpers.js';

export type { ReceivedWebhook } from '../../_gateway/simulator-helpers.js';

export const CALLBACK_URL = 'http://shop.test/payment/finalize-transaction?_sw_payment_token=abc.def';

/** A call to the simulator's API over real HTTP, authenticated with the default test key unless told. */
export function api(sim: PayASimulator, method: string, path: string, body?: unknown, options: { key?: string | null; rawBody?: string } = {}): Promise<SimulatorAnswer> {
  return callSimulator(sim.baseUrl, DEFAULT_SECRET_KEY, method, path, body, options);
}

/** Initializes a transaction and returns initialize's data (authorization_url, access_code, reference). */
export async function initialize(sim: PayASimulator, fields: Record<string, unknown> = {}, key?: string): Promise<{ authorization_url: string; access_code: string; reference: string }> {
  const response = await api(sim, 'POST', '/transaction/initialize', { email: 'buyer@example.com', amount: 500000, currency: 'NGN', callback_url: CALLBACK_URL, ...fields }, { key });
  if (response.status !== 200) throw new Error(`initialize failed: ${response.text}`);
  return response.json.data;
}

/** A successful payment of `amount` (wire units) with charge.success not sent; returns its reference. */
export async function paidTransaction(sim: PayASimulator, fields: Record<string, unknown> = {}): Promise<string> {
  const { reference } = await initialize(sim, fields);
  sim.setOptions({ autoWebhooks: false });
  try {
    await sim.completePayment(reference, 'success');
  } finally {
    sim.setOptions({ autoWebhooks: true });
  }
  return reference;
}

/** The shop's webhook endpoint as gateway A sees it: `/pay-a/webhook`, 204 without a body unless told. */
export class WebhookReceiver extends GatewayWebhookReceiver {
  constructor() {
    super({ path: '/pay-a/webhook', defaultStatus: 204 });
  }
}
