import { paymentErrors, type ExtensionHost, type PaymentPayInput } from '../../../platform/sdk/index.js';
import { GatewayClientError } from '../../_gateway-kit/index.js';
import { createPayBClient } from '../client.js';
import { readPayBSettings } from '../config.js';
import { buildPaymentRequest } from './payment-request.js';

const START_FAILED_MESSAGE = 'The payment with Gateway D could not be started. Please try again or choose another payment method.';

/**
 * `pay`: creates the hosted payment at the gateway and sends the customer there. Any failure fails the
 * transaction with a message fit for the customer; the log gets ids and the gateway's answer, never the key.
 */
export async function startPayment(host: ExtensionHost, { transaction, context }: PaymentPayInput): Promise<{ redirectUrl: string }> {
  const { orderTransactionId } = transaction;
  try {
    const settings = await readPayBSettings(host, context.salesChannel.id);
    const client = createPayBClient(settings);
    const orderTransaction = await host.orderTransactions.load(orderTransactionId);
    if (!orderTransaction) throw paymentErrors.invalidTransaction(orderTransactionId);
    const body = await buildPaymentRequest(host, { transaction: orderTransaction, returnUrl: transaction.returnUrl, settings, shopName: await host.config.shopName(context.salesChannel.id) });
    const { link } = await client.initializePayment(body);
    host.logger.info({ orderTransactionId, orderId: transaction.orderId }, 'pay-b: hosted payment created');
    return { redirectUrl: link };
  } catch (error) {
    const gateway = error instanceof GatewayClientError ? error.toLog() : {};
    host.logger.error({ orderTransactionId, orderId: transaction.orderId, reason: error instanceof Error ? error.message : String(error), ...gateway }, 'pay-b: the payment could not be started');
    throw paymentErrors.asyncProcessInterrupted(orderTransactionId, START_FAILED_MESSAGE, error);
  }
}
