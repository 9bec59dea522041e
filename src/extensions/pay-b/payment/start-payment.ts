import { paymentErrors } from '../../../platform/checkout/payment/payment-errors.js';
import type { PaymentPayInput } from '../../../platform/checkout/payment/payment-handler.js';
import { createPayBClient, PayBClientError } from '../client.js';
import { readPayBSettings } from '../config.js';
import { loadPayBOrderTransaction } from '../order-transaction/order-transaction-data.js';
import { buildPaymentRequest } from './payment-request.js';

const START_FAILED_MESSAGE = 'The payment with Gateway D could not be started. Please try again or choose another payment method.';

/**
 * `pay`: creates the hosted payment at the gateway and sends the customer there. Any failure fails the
 * transaction with a message fit for the customer; the log gets ids and the gateway's answer, never the key.
 */
export async function startPayment({ transaction, context, platform }: PaymentPayInput): Promise<{ redirectUrl: string }> {
  const { orderTransactionId } = transaction;
  try {
    const settings = await readPayBSettings(platform, context.salesChannel.id);
    const client = createPayBClient(settings);
    const orderTransaction = await loadPayBOrderTransaction(platform.db, orderTransactionId);
    if (!orderTransaction) throw paymentErrors.invalidTransaction(orderTransactionId);
    const body = await buildPaymentRequest(platform, { transaction: orderTransaction, returnUrl: transaction.returnUrl, settings, salesChannelName: context.salesChannel.name });
    const { link } = await client.initializePayment(body);
    platform.logger.info({ orderTransactionId, orderId: transaction.orderId }, 'pay-b: hosted payment created');
    return { redirectUrl: link };
  } catch (error) {
    const gateway = error instanceof PayBClientError ? { kind: error.kind, httpStatus: error.details.httpStatus, gatewayMessage: error.details.gatewayMessage } : {};
    platform.logger.error({ orderTransactionId, orderId: transaction.orderId, reason: error instanceof Error ? error.message : String(error), ...gateway }, 'pay-b: the payment could not be started');
    throw paymentErrors.asyncProcessInterrupted(orderTransactionId, START_FAILED_MESSAGE, error);
  }
}
