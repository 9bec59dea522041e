import type { ExtensionHost, PaymentProvider } from '../../platform/sdk/index.js';
import { PAY_A_PAYMENT_METHOD_ID, readPayASettings } from './config.js';
import { TRANSACTION_FIELDS } from './custom-fields.js';
import { isGatewayReference } from './payment/reference.js';
import { startPayment } from './payment/start-payment.js';
import { validateCart } from './payment/validate-cart.js';
import { verifyPayment } from './payment/verify-payment.js';
import { createPayARefundProvider } from './refund.js';
import { readPayAWebhook, webhookAnswers } from './webhook/read-webhook.js';

export const WEBHOOK_PATH = '/pay-a/webhook';

/**
 * Gateway A as a payment provider: no checkout it could not charge, the hosted page, the return and `charge.success`
 * verified through the API; `POST /pay-a/webhook` gated by the `x-pay-a-signature` HMAC over the raw bytes.
 */
export function createPayAProvider(host: ExtensionHost): PaymentProvider {
  return {
    name: 'pay-a',
    paymentMethodId: PAY_A_PAYMENT_METHOD_ID,
    processedEventsField: TRANSACTION_FIELDS.processedEvents,
    messages: {
      notConfirmed: 'The payment with Gateway A could not be confirmed.',
      declined: 'The payment with Gateway A was not successful.',
      cancelled: 'The payment was not completed on the payment page of Gateway A.',
    },
    validate: (input) => validateCart(host, input),
    start: (input) => startPayment(host, input),
    // the return (`reference`, `trxref`) is never trusted: the reference stored before the customer left is verified
    returnedAttempt({ transaction, requestData }) {
      const stored = transaction.customFields[TRANSACTION_FIELDS.reference];
      if (!isGatewayReference(stored)) return { kind: 'unconfirmed' };
      const returned = requestData.reference ?? requestData.trxref;
      if (returned !== undefined && returned !== stored) {
        host.logger.warn({ orderTransactionId: transaction.id, reference: stored }, 'pay-a: the return names another reference than the stored one; the stored one is verified');
      }
      return { kind: 'verify', attempt: stored };
    },
    verify: (reference, transaction) => verifyPayment(host, reference, transaction.salesChannelId),
    webhook: { path: WEBHOOK_PATH, answers: webhookAnswers, read: (request) => readPayAWebhook(host, request) },
    refunds: createPayARefundProvider(host),
    // the host's re-check verifies the reference stored when the customer was sent to the hosted page
    recheck: {
      settings: async (salesChannelId) => (await readPayASettings(host, salesChannelId)).recheck,
      async verifyLatest(transaction) {
        const reference = transaction.customFields[TRANSACTION_FIELDS.reference];
        return isGatewayReference(reference) ? verifyPayment(host, reference, transaction.salesChannelId) : null;
      },
    },
  };
}
