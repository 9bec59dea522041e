import { systemContext } from '../../../platform/acl/context.js';
import type { Platform } from '../../../platform/kernel.js';
import { isId } from '../../../platform/ids.js';
import { toWireAmount } from '../amounts.js';
import type { PaymentInitialization } from '../client.js';
import type { PayBSettings } from '../config.js';
import type { PayBOrderTransaction } from '../order-transaction/order-transaction-data.js';

/** The gateway refuses longer sessions (reference 2.1). */
const MAX_SESSION_MINUTES = 1440;

export interface PaymentRequestInput {
  transaction: PayBOrderTransaction;
  /** The platform's finalize URL with the payment token. */
  returnUrl: string;
  settings: PayBSettings;
  /** The title shown on the hosted page when the merchant set none. */
  salesChannelName: string;
}

/** Thrown when the order lacks what the gateway requires; the message names no customer data. */
export class PaymentRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentRequestError';
  }
}

/**
 * The `POST /v3/payments` body for an order transaction (reference 2.1): `tx_ref` is exactly the
 * order transaction id, the amount its total in major units as the gateway charges it (never scaled),
 * the customer and billing phone from the order, the hosted page's look and the payment options and
 * session limits from the settings (sent, unlike the original plugin: the issue asks for it).
 */
export async function buildPaymentRequest(platform: Platform, input: PaymentRequestInput): Promise<PaymentInitialization> {
  const { transaction, settings } = input;
  if (transaction.amountMinor === null) throw new PaymentRequestError(`The amount of order transaction ${transaction.orderTransactionId} is no exact ${transaction.currencyIso} amount.`);

  const customer = await platform.db
    .selectFrom('order_customer')
    .select(['email', 'first_name', 'last_name'])
    .where('order_id', '=', transaction.orderId)
    .executeTakeFirst();
  if (!customer) throw new PaymentRequestError(`Order ${transaction.orderId} has no customer.`);
  const phone = await billingPhone(platform, transaction.orderId);
  const logo = await logoUrl(platform, settings.logoMediaId);
  const name = `${customer.first_name ?? ''} ${customer.last_name ?? ''}`.trim();

  return {
    tx_ref: transaction.orderTransactionId,
    amount: toWireAmount(transaction.amountMinor, transaction.decimals),
    currency: transaction.currencyIso,
    redirect_url: input.returnUrl,
    customer: {
      email: customer.email as string,
      ...(name !== '' ? { name } : {}),
      ...(phone ? { phonenumber: phone } : {}),
    },
    customizations: {
      title: settings.title ?? input.salesChannelName,
      ...(settings.description ? { description: settings.description } : {}),
      ...(logo ? { logo } : {}),
    },
    meta: { order_id: transaction.orderId, order_number: transaction.orderNumber },
    ...(settings.paymentOptions ? { payment_options: settings.paymentOptions } : {}),
    ...(configurations(settings) ?? {}),
  };
}

function configurations(settings: PayBSettings): Pick<PaymentInitialization, 'configurations'> | undefined {
  const limits = {
    ...(settings.sessionDuration !== null ? { session_duration: Math.min(settings.sessionDuration, MAX_SESSION_MINUTES) } : {}),
    ...(settings.maxRetryAttempt !== null ? { max_retry_attempt: settings.maxRetryAttempt } : {}),
  };
  return Object.keys(limits).length > 0 ? { configurations: limits } : undefined;
}

async function billingPhone(platform: Platform, orderId: string): Promise<string | null> {
  const row = await platform.db
    .selectFrom('order as o')
    .innerJoin('order_address as a', 'a.id', 'o.billing_address_id')
    .select('a.phone_number')
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  const phone = typeof row?.phone_number === 'string' ? row.phone_number.trim() : '';
  return phone !== '' ? phone : null;
}

/**
 * The absolute URL of the logo media: read through the repository, whose read decorator adds `url`
 * (APP_URL based). Omitted when unset, missing, or not uploaded yet.
 */
async function logoUrl(platform: Platform, mediaId: string | null): Promise<string | null> {
  if (!mediaId || !isId(mediaId)) return null;
  const media = await platform.repositories.get('media').get(mediaId, systemContext);
  const url = media?.url;
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null;
}
