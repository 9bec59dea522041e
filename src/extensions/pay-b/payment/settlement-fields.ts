import type { GatewayTransaction } from '../client.js';
import { TRANSACTION_FIELDS } from '../custom-fields.js';

/** The gateway data stored on the order transaction once a verified transaction is applied. */
export function settlementFields(verified: GatewayTransaction, verifiedAt: Date): Record<string, unknown> {
  return {
    [TRANSACTION_FIELDS.reference]: verified.flwRef,
    [TRANSACTION_FIELDS.transactionId]: String(verified.id),
    [TRANSACTION_FIELDS.paymentType]: verified.paymentType,
    [TRANSACTION_FIELDS.transactionFee]: verified.appFee,
    [TRANSACTION_FIELDS.amountCharged]: verified.chargedAmount,
    [TRANSACTION_FIELDS.amountSettled]: verified.amountSettled,
    [TRANSACTION_FIELDS.currency]: verified.currency,
    [TRANSACTION_FIELDS.verifiedAt]: verifiedAt.toISOString(),
    [TRANSACTION_FIELDS.customer]: { name: verified.customer.name, email: verified.customer.email },
  };
}
