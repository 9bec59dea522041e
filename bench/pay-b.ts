import { configKey, PAY_B_PAYMENT_METHOD_ID } from '../src/extensions/pay-b/config.js';
import type { Platform } from '../src/platform/kernel.js';
import { gatewayCases } from './gateway-cases.js';
import type { BenchClient } from './loopback-client.js';
import { measure, type Row } from './measure.js';

const SECRET_KEY = 'FLWSECK_TEST-bench';
const WEBHOOK_HASH = 'bench-webhook-hash';

/**
 * Gateway D's hot paths (the shared cases in gateway-cases.ts), and the cart view with the gateway selected
 * (its `validate` runs on every view); its refund reads the live ledger, which grows with every refund.
 */
export function payBCases(platform: Platform, http: BenchClient): Promise<Row[]> {
  return gatewayCases<{ id: number; txRef: string }>(platform, http, {
    kind: 'pay-b',
    label: 'gateway D',
    secretKey: SECRET_KEY,
    simulatorOptions: { secretKeys: [SECRET_KEY], secretHash: WEBHOOK_HASH, autoWebhooks: false, refundWebhooks: false },
    configKey: (key) => configKey(key as Parameters<typeof configKey>[0]),
    settings: [['secretHashSandbox', WEBHOOK_HASH]],
    shopperContext: { paymentMethodId: PAY_B_PAYMENT_METHOD_ID },
    async paid(sim, txRef) {
      const paid = await sim.call<{ transactionId?: number }>('completePayment', txRef, 'successful');
      return { id: paid.transactionId!, txRef };
    },
    delivery: (charge) => ({
      path: '/pay-b/webhook',
      headers: { 'content-type': 'application/json', 'verif-hash': WEBHOOK_HASH },
      body: JSON.stringify({ event: 'charge.completed', data: { id: charge.id, tx_ref: charge.txRef, status: 'successful' } }),
      status: 200,
    }),
    verifyPath: (charge) => `/v3/transactions/${charge.id}/verify`,
    webhookCase: { first: 'charge.completed (verify + settle)', duplicate: 'charge.completed' },
    before: async (storeApi, token) => [await measure('GET /store-api/checkout/cart (gateway D selected: validate)', 200, () => storeApi('GET', '/store-api/checkout/cart', token))],
    refund: { body: (charge) => ({ orderTransactionId: charge.txRef, amount: '0.01', comments: 'bench' }), case: '(ledger of up to {n} refunds)', minimum: { default: '0.01' } },
  });
}
