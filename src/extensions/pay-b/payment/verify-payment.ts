import { decimalsFor, type ExtensionHost, type PaymentVerdict, type Verification, type VerifiedPayment } from '../../../platform/sdk/index.js';
import { verificationOf } from '../../_gateway-kit/index.js';
import { gatewayAmountToMinor } from '../amounts.js';
import { createPayBClient, type GatewayTransaction } from '../client.js';
import { readPayBSettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { orderTransactionIdFromTxRef } from './order-transaction.js';

/** Gateway D's statuses as verdicts; every other status is not final yet (pending). */
const VERDICTS: Readonly<Record<string, PaymentVerdict>> = { successful: 'successful', failed: 'failed' };

/** `GET /v3/transactions/:id/verify` with the key of the transaction's sales channel. */
export function verifyPayment(host: ExtensionHost, gatewayTransactionId: string, salesChannelId: string): Promise<Verification> {
  return verificationOf({ gatewayTransactionId }, async () => verifiedPayment(await createPayBClient(await readPayBSettings(host, salesChannelId)).verifyTransaction(gatewayTransactionId)));
}

/**
 * A verified transaction as the host settles it: `tx_ref` names the order transaction, and the amount
 * compared is `amount` (not `charged_amount`, which includes a fee the customer bore), in major units
 * on the wire, exact minor units here (0 decimals for RWF and UGX, 3 for KWD).
 */
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
