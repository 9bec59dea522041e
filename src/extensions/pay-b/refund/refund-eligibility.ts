import { isId, normalizeId, type ExtensionHost } from '../../../platform/sdk/index.js';
import { REFUNDABLE_STATES, type RefundCurrency } from '../../_gateway-kit/index.js';
import { isGatewayId } from '../client.js';
import { readPayBSettings, type PayBSettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { isPayBTransaction, payBAmountMinor, payBDecimals } from '../payment/order-transaction.js';
import { RefundRefusal, REFUND_MESSAGES } from './refund-refusal.js';

/** An order transaction that passed eligibility, with what the later steps need. */
export interface RefundableTransaction {
  id: string;
  salesChannelId: string;
  state: string;
  currency: RefundCurrency;
  /** The order transaction's amount (what the gateway verified it was paid), minor units. */
  amountMinor: number;
  gatewayTransactionId: number;
  settings: PayBSettings;
  /** When the order transaction was created: its charge, and so every refund of it, came later. */
  createdAt: Date;
}

/**
 * Step 1 (eligibility), in the spec's order: the transaction exists and was paid with gateway D,
 * refunds are enabled for its sales channel, its state is refundable, the gateway transaction id and
 * the currency are known. Throws the matching RefundRefusal otherwise. The minimum is checked with the amount.
 */
export async function loadRefundableTransaction(host: ExtensionHost, orderTransactionId: string): Promise<RefundableTransaction> {
  const id = normalizeId(orderTransactionId);
  if (!isId(id)) throw new RefundRefusal(REFUND_MESSAGES.notFound);
  const transaction = await host.orderTransactions.load(id);
  if (!transaction || !isPayBTransaction(transaction)) throw new RefundRefusal(REFUND_MESSAGES.notFound);

  const settings = await readPayBSettings(host, transaction.salesChannelId);
  if (!settings.refundEnabled) throw new RefundRefusal(REFUND_MESSAGES.disabled);

  const { state, customFields } = transaction;
  const amountMinor = payBAmountMinor(transaction);
  const gatewayTransactionId = customFields[TRANSACTION_FIELDS.transactionId];
  const currency: RefundCurrency = { isoCode: transaction.currency.isoCode, decimals: payBDecimals(transaction) };
  if (!REFUNDABLE_STATES.has(state) || !isGatewayId(gatewayTransactionId)) throw new RefundRefusal(REFUND_MESSAGES.notRefundable);
  // the gateway transaction was verified in this currency; another one would make major units mean something else
  const gatewayCurrency = customFields[TRANSACTION_FIELDS.currency];
  if (typeof gatewayCurrency === 'string' && gatewayCurrency.trim() !== '' && gatewayCurrency.trim().toUpperCase() !== currency.isoCode) {
    throw new RefundRefusal(REFUND_MESSAGES.notRefundable);
  }
  if (amountMinor === null || amountMinor <= 0) throw new RefundRefusal(REFUND_MESSAGES.notRefundable);

  return {
    id,
    salesChannelId: transaction.salesChannelId,
    state,
    currency,
    amountMinor,
    gatewayTransactionId: Number(gatewayTransactionId),
    settings,
    createdAt: transaction.createdAt,
  };
}
