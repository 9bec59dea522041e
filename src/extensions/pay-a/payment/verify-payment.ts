import type { ExtensionHost, PaymentVerdict, Verification, VerifiedPayment } from '../../../platform/sdk/index.js';
import { verificationOf } from '../../_gateway-kit/index.js';
import { payACurrency, wireToMinor } from '../amounts.js';
import { createPayAClient, type VerifiedTransaction } from '../client.js';
import { readPayASettings } from '../config.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';
import { orderTransactionIdOfReference } from './reference.js';

/** Gateway A's verify statuses as verdicts; every other status (ongoing, pending, reversed, ...) reopens. */
const VERDICTS: Readonly<Record<string, PaymentVerdict>> = { success: 'successful', failed: 'failed', abandoned: 'cancelled', cancelled: 'cancelled' };

/** Only these never change again; an abandoned attempt can still be paid on its page. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['success', 'failed']);

/** `GET /transaction/verify/:reference` with the key of the transaction's sales channel. */
export function verifyPayment(host: ExtensionHost, reference: string, salesChannelId: string): Promise<Verification> {
  return verificationOf({ reference }, async () => {
    const settings = await readPayASettings(host, salesChannelId);
    // asked with the sandbox keys: a test payment
    return { ...verifiedPayment(await createPayAClient(settings).verifyTransaction(reference), reference), testMode: settings.sandbox };
  });
}

/**
 * A verified transaction as the host settles it. The reference must be the one asked about (it names
 * its order transaction); the amount is what was requested, in the currency's minor units, and only
 * when the charged amount is at least that (it includes fees the customer bore).
 */
export function verifiedPayment(verified: VerifiedTransaction, askedReference: string, verifiedAt: Date = new Date()): VerifiedPayment {
  const currency = payACurrency(verified.currency);
  const requestedMinor = currency && verified.amount >= verified.requestedAmount ? wireToMinor(verified.requestedAmount, currency) : null;
  return {
    gatewayTransactionId: verified.id,
    reference: verified.reference,
    orderTransactionId: verified.reference === askedReference ? orderTransactionIdOfReference(verified.reference) : null,
    verdict: VERDICTS[verified.status] ?? 'pending',
    gatewayStatus: verified.status,
    final: FINAL_STATUSES.has(verified.status),
    amount: currency && requestedMinor !== null ? { minor: requestedMinor, decimals: currency.decimals } : null,
    currency: verified.currency,
    fields: {
      [TRANSACTION_FIELDS.reference]: verified.reference,
      [TRANSACTION_FIELDS.transactionId]: verified.id,
      [TRANSACTION_FIELDS.channel]: verified.channel,
      [TRANSACTION_FIELDS.fees]: verified.fees,
      [TRANSACTION_FIELDS.amount]: verified.amount,
      [TRANSACTION_FIELDS.currency]: verified.currency,
      [TRANSACTION_FIELDS.verifiedAt]: verifiedAt.toISOString(),
    },
  };
}
