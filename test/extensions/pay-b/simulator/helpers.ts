import { DEFAULT_SECRET_KEY, type PayBSimulator } from '../../../../src/extensions/pay-b/simulator/index.js';
import { callSimulator, WebhookReceiver as GatewayWebhookReceiver, type SimulatorAnswer } from '../../_gateway/simulator-helpers.js';

export type { ReceivedWebhook } from '../../_gateway/simulator-helpers.js';

/** A call to the simulator's API over real HTTP, authenticated with the default test key unless told. */
export function api(sim: PayBSimulator, method: string, path: string, body?: unknown, options: { key?: string | null; rawBody?: string } = {}): Promise<SimulatorAnswer> {
  return callSimulator(sim.baseUrl, DEFAULT_SECRET_KEY, method, path, body, options);
}

/** Initialises a hosted payment and returns its link. */
export async function initPayment(sim: PayBSimulator, fields: Record<string, unknown>): Promise<string> {
  const response = await api(sim, 'POST', '/v3/payments', {
    customer: { email: 'buyer@example.com', name: 'Ada Buyer' },
    redirect_url: 'http://shop.test/payment/finalize-transaction?_sw_payment_token=abc.def',
    ...fields,
  });
  if (response.status !== 200) throw new Error(`payment init failed: ${response.text}`);
  return response.json.data.link as string;
}

/** The shop's webhook endpoint as gateway D sees it: `/pay-b/webhook`, 200 `{"status":"success"}` unless told. */
export class WebhookReceiver extends GatewayWebhookReceiver {
  constructor() {
    super({ path: '/pay-b/webhook', defaultStatus: 200, bodyFor: (status) => (status === 204 ? undefined : { status: status === 200 ? 'success' : 'error' }) });
  }
}
