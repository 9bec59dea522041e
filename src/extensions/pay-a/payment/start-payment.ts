import type { ExtensionHost, PaymentPayInput } from '../../../platform/sdk/index.js';
import { PaymentRequestError, startHostedPayment } from '../../_gateway-kit/index.js';
import { toWireAmount } from '../amounts.js';
import { createPayAClient } from '../client.js';
import { readPayASettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { amountMinorOf, currencyOf } from './order-transaction.js';
import { newPaymentReference } from './reference.js';

const START_FAILED_MESSAGE = 'The payment with Gateway A could not be started. Please try again or choose another payment method.';

/**
 * `pay`: the attempt's new reference is stored as `pay_a_reference` first, then `POST /transaction/initialize` (wire
 * amount, the currency always sent, the finalize URL as `callback_url`) sends the customer to `authorization_url`.
 */
export function startPayment(host: ExtensionHost, input: PaymentPayInput): Promise<{ redirectUrl: string }> {
  const { transaction, context } = input;
  return startHostedPayment(host, input, { logPrefix: 'pay-a', failedMessage: START_FAILED_MESSAGE }, async (orderTransaction) => {
    const { orderTransactionId } = transaction;
    const client = createPayAClient(await readPayASettings(host, context.salesChannel.id));
    const currency = currencyOf(orderTransaction);
    const amountMinor = amountMinorOf(orderTransaction);
    if (!currency || amountMinor === null) throw new PaymentRequestError(`gateway A cannot charge the ${orderTransaction.currency.isoCode} amount of order transaction ${orderTransactionId}`);
    const payer = await host.orderTransactions.payerOf(orderTransaction.orderId);
    if (!payer) throw new PaymentRequestError(`order ${orderTransaction.orderId} has no customer`);

    const reference = newPaymentReference(orderTransactionId);
    // bound before it exists anywhere else: the return and the webhooks are checked against it
    await host.orderTransactions.mergeCustomFields(host.db, orderTransactionId, { [TRANSACTION_FIELDS.reference]: reference });
    const { authorizationUrl } = await client.initializeTransaction({
      email: payer.email,
      amount: toWireAmount(amountMinor, currency),
      currency: currency.isoCode,
      reference,
      callback_url: transaction.returnUrl,
      metadata: {
        order_id: orderTransaction.orderId,
        order_number: orderTransaction.orderNumber,
        order_transaction_id: orderTransactionId,
        // the gateway sends a customer who cancels here (without a reference): finalize then verifies the stored one
        cancel_action: transaction.returnUrl,
      },
    });
    return { redirectUrl: authorizationUrl, log: { reference } };
  });
}
