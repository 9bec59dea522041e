import type { PaymentHandler } from '../payment-handler.js';

/**
 * Cash on delivery (Shopware's CashPayment): the courier collects the money, so the transaction stays
 * `open` until the merchant marks it paid (Shopware 6.7 behaviour).
 */
export const cashOnDeliveryPaymentHandler: PaymentHandler = {
  async pay() {},
};
