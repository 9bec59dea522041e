import { isId, normalizeId, type ExtensionHost, type OrderTransactionView } from '../../../platform/sdk/index.js';
import { REFUNDABLE_STATES, type RefundCurrency } from '../../_gateway-kit/index.js';
import { isGatewayId } from '../client.js';
import { readPayBSettings, type PayBSettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { isPayBTransaction, payBAmountMinor, payBDecimals } from '../payment/order-transaction.js';
import { RefundRefusal, REFUND_MESSAGES } from './refund-refusal.js';

/** A gateway D payment the gateway was verified to hold: what its refunds are read and checked with. */
export interface GatewayPayment {
  id: string;
  salesChannelId: string;
  state: string;
  currency: RefundCurrency;
  /** The order transaction's amount (what the gateway verified it was paid), minor units. */
  amountMinor: number;
  gatewayTransactionId: number;
  /** When the order transaction was created: its charge, and so every refund of it, came later. */
  createdAt: Date;
}

/** An order transaction that passed eligibility, with what the later steps need. */
export interface RefundableTransaction extends GatewayPayment {
  settings: PayBSettings;
}

/**
 * The gateway payment of a gateway D order transaction, whatever its state: the gateway transaction id
 * is known, the currency is the one the gateway verified (another one would make major units mean
 * something else), and the amount is an exact positive amount of it. Null otherwise.
 */
export function gatewayPaymentOf(transaction: OrderTransactionView): GatewayPayment | null {
  const { customFields } = transaction;
  const amountMinor = payBAmountMinor(transaction);
  const gatewayTransactionId = customFields[TRANSACTION_FIELDS.transactionId];
  const currency: RefundCurrency = { isoCode: transaction.currency.isoCode, decimals: payBDecimals(transaction) };
  if (!isGatewayId(gatewayTransactionId)) return null;
  const gatewayCurrency = customFields[TRANSACTION_FIELDS.currency];
  if (typeof gatewayCurrency === 'string' && gatewayCurrency.trim() !== '' && gatewayCurrency.trim().toUpperCase() !== currency.isoCode) return null;
  if (amountMinor === null || amountMinor <= 0) return null;
  return {
    id: transaction.id,
    salesChannelId: transaction.salesChannelId,
    state: transaction.state,
    currency,
    amountMinor,
    gatewayTransactionId: Number(gatewayTransactionId),
    createdAt: transaction.createdAt,
  };
}

/** A gateway D order transaction by id (any spelling normalizeId reads); undefined when there is none or it was paid with another method. */
export async function loadPayBTransaction(host: ExtensionHost, orderTransactionId: string): Promise<OrderTransactionView | undefined> {
  const id = normalizeId(orderTransactionId);
  if (!isId(id)) return undefined;
  const transaction = await host.orderTransactions.load(id);
  return transaction && isPayBTransaction(transaction) ? transaction : undefined;
}

/**
 * The refusal the refund route gives any amount of this transaction after it was found (in this
 * order, the order of the route's messages: refunds disabled for its sales channel, then a state refunds cannot start from or no verified
 * gateway payment), or null.
 */
export function refusalOf(transaction: OrderTransactionView, settings: PayBSettings): string | null {
  if (!settings.refundEnabled) return REFUND_MESSAGES.disabled;
  if (!REFUNDABLE_STATES.has(transaction.state) || !gatewayPaymentOf(transaction)) return REFUND_MESSAGES.notRefundable;
  return null;
}

/**
 * Step 1 (eligibility), checked in this order so the first failing check names the refusal: the transaction exists and was paid with gateway D,
 * refunds are enabled for its sales channel, its state is refundable, the gateway transaction id and
 * the currency are known. Throws the matching RefundRefusal otherwise. The minimum is checked with the amount.
 */
export async function loadRefundableTransaction(host: ExtensionHost, orderTransactionId: string): Promise<RefundableTransaction> {
  const transaction = await loadPayBTransaction(host, orderTransactionId);
  if (!transaction) throw new RefundRefusal(REFUND_MESSAGES.notFound);
  const settings = await readPayBSettings(host, transaction.salesChannelId);
  const refusal = refusalOf(transaction, settings);
  if (refusal !== null) throw new RefundRefusal(refusal);
  return { ...gatewayPaymentOf(transaction)!, settings };
}
