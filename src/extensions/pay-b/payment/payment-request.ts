import type { ExtensionHost, OrderTransactionView } from '../../../platform/sdk/index.js';
import { PaymentRequestError } from '../../_gateway-kit/index.js';
import { toWireAmount } from '../amounts.js';
import type { PaymentInitialization } from '../client.js';
import type { PayBSettings } from '../config.js';
import { payBAmountMinor, payBDecimals } from './order-transaction.js';

/** The gateway's longest session (24 hours); it refuses longer ones. */
const MAX_SESSION_MINUTES = 1440;

export interface PaymentRequestInput {
  transaction: OrderTransactionView;
  /** The platform's finalize URL with the payment token. */
  returnUrl: string;
  settings: PayBSettings;
  /** The channel's shop name: the hosted page's title unless the settings give one. */
  shopName: string;
}

/**
 * The `POST /v3/payments` body: `tx_ref` is the order transaction id, the amount its total in major units (never
 * scaled), customer and phone from the order, the hosted page's look, payment options and session limits from the settings.
 */
export async function buildPaymentRequest(host: ExtensionHost, input: PaymentRequestInput): Promise<PaymentInitialization> {
  const { transaction, settings } = input;
  const amountMinor = payBAmountMinor(transaction);
  if (amountMinor === null) throw new PaymentRequestError(`The amount of order transaction ${transaction.id} is no exact ${transaction.currency.isoCode} amount.`);

  const payer = await host.orderTransactions.payerOf(transaction.orderId);
  if (!payer) throw new PaymentRequestError(`Order ${transaction.orderId} has no customer.`);
  // omitted when unset, missing, or not uploaded yet
  const logo = settings.logoMediaId ? await host.media.urlOf(settings.logoMediaId) : null;
  const name = `${payer.firstName} ${payer.lastName}`.trim();
  const limits = {
    ...(settings.sessionDuration !== null ? { session_duration: Math.min(settings.sessionDuration, MAX_SESSION_MINUTES) } : {}),
    ...(settings.maxRetryAttempt !== null ? { max_retry_attempt: settings.maxRetryAttempt } : {}),
  };

  return {
    tx_ref: transaction.id,
    amount: toWireAmount(amountMinor, payBDecimals(transaction)),
    currency: transaction.currency.isoCode,
    redirect_url: input.returnUrl,
    customer: {
      email: payer.email,
      ...(name !== '' ? { name } : {}),
      ...(payer.phone ? { phonenumber: payer.phone } : {}),
    },
    customizations: {
      title: settings.title ?? input.shopName,
      ...(settings.description ? { description: settings.description } : {}),
      ...(logo ? { logo } : {}),
    },
    meta: { order_id: transaction.orderId, order_number: transaction.orderNumber },
    ...(settings.paymentOptions ? { payment_options: settings.paymentOptions } : {}),
    ...(Object.keys(limits).length > 0 ? { configurations: limits } : {}),
  };
}
