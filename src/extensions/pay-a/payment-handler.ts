import type { ExtensionHost, PaymentHandler } from '../../platform/sdk/index.js';
import { finalizePayment } from './payment/finalize-payment.js';
import { startPayment } from './payment/start-payment.js';
import { validateCart } from './payment/validate-cart.js';

/**
 * The handler of `ext_pay_a_payment`: validate blocks a checkout the gateway could not
 * charge, pay sends the customer to the gateway's hosted page, finalize verifies the return at the gateway.
 */
export function createPayAPaymentHandler(host: ExtensionHost): PaymentHandler {
  return {
    validate: (input) => validateCart(host, input),
    pay: (input) => startPayment(host, input),
    finalize: (input) => finalizePayment(host, input),
  };
}
