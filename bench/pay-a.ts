import { configKey, PAY_A_PAYMENT_METHOD_ID } from '../src/extensions/pay-a/config.js';
import { defaultShopCurrencyId } from '../src/platform/first-start/default-ids.js';
import type { Platform } from '../src/platform/kernel.js';
import { gatewayCases } from './gateway-cases.js';
import type { BenchClient } from './loopback-client.js';
import type { Row } from './measure.js';

const SECRET_KEY = 'sk_test_bench';

/** A charge.success as the gateway signs it, made before the timing starts. */
interface SignedCharge {
  reference: string;
  payload: string;
  signature: string;
}

/**
 * Gateway A's hot paths (the shared cases in gateway-cases.ts): the first delivery of a signed charge.success
 * costs signature, verify and settle; a duplicate the signature and the dedup path only.
 */
export function payACases(platform: Platform, http: BenchClient): Promise<Row[]> {
  return gatewayCases<SignedCharge>(platform, http, {
    kind: 'pay-a',
    label: 'gateway A',
    secretKey: SECRET_KEY,
    simulatorOptions: { secretKeys: [SECRET_KEY], autoWebhooks: false, refundWebhooks: false },
    configKey: (key) => configKey(key as Parameters<typeof configKey>[0]),
    settings: [['minimumRefundAmount', { default: '0.01', NGN: '0.01' }]],
    shopperContext: { paymentMethodId: PAY_A_PAYMENT_METHOD_ID, currencyId: defaultShopCurrencyId('NGN') },
    async paid(sim) {
      const reference = (await sim.call<string[]>('references')).at(-1)!;
      await sim.call('completePayment', reference, 'success');
      const payload = JSON.stringify({ event: 'charge.success', data: await sim.call('transaction', reference) });
      return { reference, payload, signature: await sim.call<string>('signatureOf', payload) };
    },
    delivery: ({ payload, signature }) => ({ path: '/pay-a/webhook', headers: { 'content-type': 'application/json', 'x-pay-a-signature': signature }, body: payload, status: 204 }),
    verifyPath: ({ reference }) => `/transaction/verify/${reference}`,
    webhookCase: { first: 'charge.success (signature + verify + settle)', duplicate: 'charge.success' },
    refund: { body: ({ reference }) => ({ transaction: reference, amount: '0.01', reason: 'bench' }), case: '(up to {n} refunds recorded)' },
  });
}
