import { Type } from '@sinclair/typebox';
import { optionalRefundAmount, optionalRefundText, refundBodyFields, requiredRefundText } from '../../_gateway-kit/index.js';
import { DEFAULT_REFUND_REASON, REFUND_MESSAGES } from './refund-refusal.js';

/** Longer texts are refused rather than cut: the merchant should see what reaches the gateway. */
export const MAX_NOTE_LENGTH = 500;
/** The platform refund's reason column. */
export const MAX_REASON_LENGTH = 255;

/** The body as the route documents it (OpenAPI); `parseRefundRequest` checks it and refuses with the route's fixed messages. */
export const RefundRequestBody = Type.Object({
  transaction: Type.String({ description: "The order transaction's gateway reference (pay_a_reference)", minLength: 1 }),
  amount: Type.Optional(
    Type.Union([Type.Number({ exclusiveMinimum: 0 }), Type.String({ pattern: '^\\d+(\\.\\d+)?$' })], {
      description: 'Major units of the order currency; omit to refund the whole remaining balance',
    }),
  ),
  reason: Type.Optional(Type.String({ maxLength: MAX_REASON_LENGTH, description: `Stored on the platform refund, and sent as a note the caller did not give; default "${DEFAULT_REFUND_REASON}"` })),
  customer_note: Type.Optional(Type.String({ maxLength: MAX_NOTE_LENGTH, description: 'Passed to the gateway' })),
  merchant_note: Type.Optional(Type.String({ maxLength: MAX_NOTE_LENGTH, description: 'Passed to the gateway' })),
});

/** The body of `POST /api/_action/pay-a/refund`, checked for shape; the amount is read once the currency is known. */
export interface RefundRequest {
  /** The gateway reference as given (trimmed); whether it names a refundable transaction is decided later. */
  transaction: string;
  /** Major units as sent; undefined = the whole remaining balance. */
  amount: number | string | undefined;
  reason: string;
  customerNote: string | undefined;
  merchantNote: string | undefined;
}

/** Checks the body's shape only (the kit's readers: null counts as absent, other wrong types are refused). */
export function parseRefundRequest(body: unknown): RefundRequest {
  const fields = refundBodyFields(body);
  return {
    transaction: requiredRefundText(fields.transaction, REFUND_MESSAGES.referenceRequired),
    amount: optionalRefundAmount(fields.amount),
    reason: optionalRefundText(fields.reason, 'Reason', MAX_REASON_LENGTH) ?? DEFAULT_REFUND_REASON,
    customerNote: optionalRefundText(fields.customer_note, 'Customer note', MAX_NOTE_LENGTH),
    merchantNote: optionalRefundText(fields.merchant_note, 'Merchant note', MAX_NOTE_LENGTH),
  };
}
