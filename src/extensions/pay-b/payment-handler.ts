import type { ExtensionHost, PaymentHandler } from '../../platform/sdk/index.js';
import { readPayBSettings } from './config.js';
import { finalizePayment } from './payment/finalize-payment.js';
import { startPayment } from './payment/start-payment.js';

/** Shown in the cart when gateway D cannot take payments; names no configuration detail. */
export const NOT_CONFIGURED_MESSAGE = 'Payment with Gateway D is not available at the moment. Please choose another payment method.';
export const NOT_CONFIGURED_CODE = 'PAY_B__NOT_CONFIGURED';

/**
 * The handler of `ext_pay_b_payment`: validate blocks the checkout without
 * a secret key for the active mode, pay redirects to the gateway's hosted page, finalize verifies the
 * customer's return at the gateway.
 */
export function createPayBPaymentHandler(host: ExtensionHost): PaymentHandler {
  return {
    // runs on every cart view: one settings read, no gateway call
    async validate({ context }) {
      const settings = await readPayBSettings(host, context.salesChannel.id);
      if (!settings.secretKey) return { ok: false, message: NOT_CONFIGURED_MESSAGE, code: NOT_CONFIGURED_CODE };
      return { ok: true };
    },
    pay: (input) => startPayment(host, input),
    finalize: (input) => finalizePayment(host, input),
  };
}
