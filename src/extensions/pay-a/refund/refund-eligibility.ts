import type { ExtensionHost, OrderTransactionView } from '../../../platform/sdk/index.js';
import { REFUNDABLE_STATES } from '../../_gateway-kit/index.js';
import type { PayACurrency } from '../amounts.js';
import { isGatewayId } from '../client.js';
import { PAY_A_PAYMENT_METHOD_ID, readPayASettings, type PayASettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { amountMinorOf, currencyOf } from '../payment/order-transaction.js';
import { isGatewayReference } from '../payment/reference.js';
import { RefundRefusal, REFUND_MESSAGES } from './refund-refusal.js';

/** An order transaction that passed eligibility, with what the later steps need. */
export interface RefundableTransaction {
  id: string;
  /** Its `pay_a_reference`: the verified, paid attempt. */
  reference: string;
  currency: PayACurrency;
  /** The order transaction's amount (what the gateway verified it was paid), minor units of `currency`. */
  amountMinor: number;
  settings: PayASettings;
}

/** A verified gateway A payment: what its refunds are read and checked with. */
export interface GatewayPayment {
  currency: PayACurrency;
  /** The order transaction's amount, minor units of `currency`. */
  amountMinor: number;
  /** The gateway's transaction id (`pay_a_transaction_id`). */
  gatewayTransactionId: string;
}

/**
 * The verified payment of a gateway A order transaction, whatever its state: the gateway id and the
 * currency are stored (the currency the gateway's and the order's), the amount is exact. Null otherwise.
 */
export function gatewayPaymentOf(transaction: OrderTransactionView): GatewayPayment | null {
  const { customFields } = transaction;
  const currency = currencyOf(transaction);
  const amountMinor = amountMinorOf(transaction);
  const gatewayTransactionId = customFields[TRANSACTION_FIELDS.transactionId];
  if (!isGatewayId(gatewayTransactionId) || !currency || customFields[TRANSACTION_FIELDS.currency] !== currency.isoCode || amountMinor === null || amountMinor <= 0) {
    return null;
  }
  return { currency, amountMinor, gatewayTransactionId: String(gatewayTransactionId) };
}

/**
 * The refusal the refund route gives any amount of this transaction once it was found: refunds disabled
 * for its sales channel, then a state refunds cannot start from or no verified payment. Null otherwise.
 */
export function refusalOf(transaction: OrderTransactionView, settings: PayASettings): string | null {
  if (!settings.refundEnabled) return REFUND_MESSAGES.disabled;
  if (!REFUNDABLE_STATES.has(transaction.state) || !gatewayPaymentOf(transaction)) return REFUND_MESSAGES.notRefundable;
  return null;
}

/**
 * Eligibility, checked in this order so the first failing check names the refusal: the reference names a
 * gateway A transaction of this shop (stored `pay_a_reference`; the route has no "not found" message, so an
 * unknown one is "not in a refundable state"), refunds are enabled for its sales channel, its state is refundable, it was verified
 * (gateway id and currency stored, the currency the gateway's and the order's). Throws RefundRefusal.
 */
export async function loadRefundableTransaction(host: ExtensionHost, reference: string): Promise<RefundableTransaction> {
  const ids = isGatewayReference(reference) ? await host.orderTransactions.idsByCustomField(TRANSACTION_FIELDS.reference, reference, { paymentMethodId: PAY_A_PAYMENT_METHOD_ID }) : [];
  const transaction = ids.length === 1 ? await host.orderTransactions.load(ids[0]!) : undefined;
  if (!transaction) throw new RefundRefusal(REFUND_MESSAGES.notRefundable);

  const settings = await readPayASettings(host, transaction.salesChannelId);
  const refusal = refusalOf(transaction, settings);
  if (refusal !== null) throw new RefundRefusal(refusal);
  const { currency, amountMinor } = gatewayPaymentOf(transaction)!;
  return { id: transaction.id, reference, currency, amountMinor, settings };
}
