import type { ExtensionHost, PaymentProvider } from '../../platform/sdk/index.js';
import { isGatewayId } from './client.js';
import { PAY_B_PAYMENT_METHOD_ID, readPayBSettings } from './config.js';
import { TRANSACTION_FIELDS } from './custom-fields.js';
import { startPayment } from './payment/start-payment.js';
import { verifyLatestPayment, verifyPayment } from './payment/verify-payment.js';
import { createPayBRefundProvider } from './refund.js';
import { readPayBWebhook, webhookAnswers } from './webhook/read-webhook.js';

export const WEBHOOK_PATH = '/pay-b/webhook';

/** Shown in the cart when gateway D cannot take payments; names no configuration detail. */
export const NOT_CONFIGURED_MESSAGE = 'Payment with Gateway D is not available at the moment. Please choose another payment method.';
export const NOT_CONFIGURED_CODE = 'PAY_B__NOT_CONFIGURED';

/**
 * Gateway D as a payment provider: no checkout without a secret key for the active mode, the hosted page, the return
 * and `charge.completed` verified through the API; `POST /pay-b/webhook` gated by the `verif-hash` header.
 */
export function createPayBProvider(host: ExtensionHost): PaymentProvider {
  return {
    name: 'pay-b',
    paymentMethodId: PAY_B_PAYMENT_METHOD_ID,
    processedEventsField: TRANSACTION_FIELDS.processedEvents,
    messages: {
      notConfirmed: 'The payment with Gateway D could not be confirmed.',
      declined: 'The payment with Gateway D was not successful.',
      cancelled: 'The payment was cancelled on the payment page of Gateway D.',
    },
    // runs on every cart view: one settings read, no gateway call
    async validate({ context }) {
      const settings = await readPayBSettings(host, context.salesChannel.id);
      return settings.secretKey ? { ok: true } : { ok: false, message: NOT_CONFIGURED_MESSAGE, code: NOT_CONFIGURED_CODE };
    },
    start: (input) => startPayment(host, input),
    // the query is a hint only: `status=cancelled` cancels, otherwise `transaction_id` is verified
    returnedAttempt({ requestData }) {
      const status = typeof requestData.status === 'string' ? requestData.status.trim().toLowerCase() : '';
      if (status === 'cancelled') return { kind: 'cancelled' };
      const gatewayTransactionId = requestData.transaction_id;
      return isGatewayId(gatewayTransactionId) ? { kind: 'verify', attempt: String(gatewayTransactionId) } : { kind: 'unconfirmed' };
    },
    verify: (gatewayTransactionId, transaction) => verifyPayment(host, gatewayTransactionId, transaction.salesChannelId),
    webhook: { path: WEBHOOK_PATH, answers: webhookAnswers, read: (request) => readPayBWebhook(host, request) },
    refunds: createPayBRefundProvider(host),
    // the host's re-check asks by the tx_ref the shop sent: no gateway id is known when the customer never came back
    recheck: {
      settings: async (salesChannelId) => (await readPayBSettings(host, salesChannelId)).recheck,
      verifyLatest: (transaction) => verifyLatestPayment(host, transaction),
    },
  };
}
