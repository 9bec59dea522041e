import type { PaymentHandlerRegistration } from '../payment-handler.js';
import { cashOnDeliveryPaymentHandler } from './cash-on-delivery.js';
import { invoicePaymentHandler } from './invoice.js';

/** The platform's own payment handlers, by the identifiers of the default payment methods. */
export const platformPaymentHandlers: PaymentHandlerRegistration[] = [
  { identifier: 'invoice', handler: invoicePaymentHandler },
  { identifier: 'cash_on_delivery', handler: cashOnDeliveryPaymentHandler },
];
