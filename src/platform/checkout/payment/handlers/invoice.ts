import type { PaymentHandler } from '../payment-handler.js';

/**
 * Invoice (Shopware's InvoicePayment): nothing to do at checkout. As in Shopware 6.7 the transaction
 * stays `open` until the merchant marks it paid.
 */
export const invoicePaymentHandler: PaymentHandler = {
  async pay() {},
};
