import { decimalsFor, type ExtensionHost, type OrderTransactionView, type PaymentVerdict, type Verification, type VerifiedPayment } from '../../../platform/sdk/index.js';
import { verificationOf } from '../../_gateway-kit/index.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { createPayBClient, type GatewayTransaction, type PayBClient } from '../client.js';
import { readPayBSettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { orderTransactionIdFromTxRef } from './order-transaction.js';

/** Gateway D's statuses as verdicts; every other status is not final yet (pending). */
const VERDICTS: Readonly<Record<string, PaymentVerdict>> = { successful: 'successful', failed: 'failed' };

/** `GET /v3/transactions/:id/verify` with the key of the transaction's sales channel. */
export function verifyPayment(host: ExtensionHost, gatewayTransactionId: string, salesChannelId: string): Promise<Verification> {
  return verifyWith(host, salesChannelId, { gatewayTransactionId }, (client) => client.verifyTransaction(gatewayTransactionId));
}

/** The re-check: `GET /v3/transactions/verify_by_reference` with the `tx_ref` the shop sent (the order transaction id). */
export function verifyLatestPayment(host: ExtensionHost, transaction: OrderTransactionView): Promise<Verification> {
  return verifyWith(host, transaction.salesChannelId, { txRef: transaction.id }, (client) => client.verifyByReference(transaction.id));
}

/** A verify call with the channel's key; asked with the sandbox keys, the payment is a test payment. */
function verifyWith(host: ExtensionHost, salesChannelId: string, log: Record<string, unknown>, ask: (client: PayBClient) => Promise<GatewayTransaction>): Promise<Verification> {
  return verificationOf(log, async () => {
    const settings = await readPayBSettings(host, salesChannelId);
    return { ...verifiedPayment(await ask(createPayBClient(settings))), testMode: settings.sandbox };
  });
}

/** A verified transaction as the host settles it: `tx_ref` names the order transaction; `amount` is compared (`charged_amount` includes a fee the customer bore). */
export function verifiedPayment(verified: GatewayTransaction, verifiedAt: Date = new Date()): VerifiedPayment {
  const verdict = VERDICTS[verified.status] ?? 'pending';
  const currency = verified.currency.toUpperCase();
  const decimals = decimalsFor(currency);
  const minor = gatewayAmountToMinor(verified.amount, decimals);
  return {
    gatewayTransactionId: String(verified.id),
    reference: verified.txRef,
    orderTransactionId: orderTransactionIdFromTxRef(verified.txRef),
    verdict,
    gatewayStatus: verified.status,
    final: verdict !== 'pending',
    amount: minor === null ? null : { minor, decimals },
    currency,
    fields: {
      [TRANSACTION_FIELDS.reference]: verified.flwRef,
      [TRANSACTION_FIELDS.transactionId]: String(verified.id),
      [TRANSACTION_FIELDS.paymentType]: verified.paymentType,
      [TRANSACTION_FIELDS.transactionFee]: verified.appFee,
      [TRANSACTION_FIELDS.amountCharged]: verified.chargedAmount,
      [TRANSACTION_FIELDS.amountSettled]: verified.amountSettled,
      [TRANSACTION_FIELDS.currency]: verified.currency,
      [TRANSACTION_FIELDS.verifiedAt]: verifiedAt.toISOString(),
      [TRANSACTION_FIELDS.customer]: { name: verified.customer.name, email: verified.customer.email },
    },
  };
}
