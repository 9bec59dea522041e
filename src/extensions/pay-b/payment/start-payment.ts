import type { ExtensionHost, PaymentPayInput } from '../../../platform/sdk/index.js';
import { startHostedPayment } from '../../_gateway-kit/index.js';
import { createPayBClient } from '../client.js';
import { readPayBSettings } from '../config.js';
import { buildPaymentRequest } from './payment-request.js';

const START_FAILED_MESSAGE = 'The payment with Gateway D could not be started. Please try again or choose another payment method.';

/** `pay`, on the kit's hosted payment start: creates the hosted payment at the gateway and sends the customer there. */
export function startPayment(host: ExtensionHost, input: PaymentPayInput): Promise<{ redirectUrl: string }> {
  const { transaction, context } = input;
  return startHostedPayment(host, input, { logPrefix: 'pay-b', failedMessage: START_FAILED_MESSAGE }, async (orderTransaction) => {
    const settings = await readPayBSettings(host, context.salesChannel.id);
    const client = createPayBClient(settings);
    const body = await buildPaymentRequest(host, { transaction: orderTransaction, returnUrl: transaction.returnUrl, settings, shopName: await host.config.shopName(context.salesChannel.id) });
    const { link } = await client.initializePayment(body);
    return { redirectUrl: link };
  });
}
