import { Type } from '@sinclair/typebox';
import { optionalRefundAmount, optionalRefundText, refundBodyFields, requiredRefundText } from '../../_gateway-kit/index.js';
import { REFUND_MESSAGES } from './refund-refusal.js';

/** Longer comments are refused rather than cut: the merchant should see what reaches the gateway. */
export const MAX_COMMENTS_LENGTH = 500;

/** The body as the route documents it (OpenAPI); `parseRefundRequest` checks it and refuses with the route's fixed messages. */
export const RefundRequestBody = Type.Object({
  orderTransactionId: Type.String({ description: 'The platform order transaction id', pattern: '^[0-9a-fA-F-]{32,36}$' }),
  amount: Type.Optional(
    Type.Union([Type.Number({ exclusiveMinimum: 0 }), Type.String({ pattern: '^\\d+(\\.\\d+)?$' })], {
      description: 'Major units of the order currency; omit to refund the whole remaining balance',
    }),
  ),
  comments: Type.Optional(Type.String({ maxLength: MAX_COMMENTS_LENGTH, description: 'Passed to the gateway' })),
});

/** The body of `POST /api/_action/pay-b/refund`, checked for shape; the amount is read once the currency is known. */
export interface RefundRequest {
  /** As given (trimmed); whether it names a refundable transaction is decided later. */
  orderTransactionId: string;
  /** Major units as sent; undefined = the whole remaining balance. */
  amount: number | string | undefined;
  /** Passed to the gateway; undefined when absent or blank. */
  comments: string | undefined;
}

/** Checks the body's shape only (the kit's readers: null counts as absent, other wrong types are refused). */
export function parseRefundRequest(body: unknown): RefundRequest {
  const fields = refundBodyFields(body);
  return {
    orderTransactionId: requiredRefundText(fields.orderTransactionId, REFUND_MESSAGES.idRequired),
    amount: optionalRefundAmount(fields.amount),
    comments: optionalRefundText(fields.comments, 'Comments', MAX_COMMENTS_LENGTH),
  };
}
