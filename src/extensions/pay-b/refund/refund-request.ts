import { Type } from '@sinclair/typebox';
import { isPlainObject } from '../../../platform/sdk/index.js';
import { RefundRefusal, REFUND_MESSAGES } from './refund-refusal.js';

/** Longer comments are refused rather than cut: the merchant should see what reaches the gateway. */
export const MAX_COMMENTS_LENGTH = 500;

/** The body as the route documents it (OpenAPI); `parseRefundRequest` checks it with the spec's messages. */
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

/**
 * Checks the body's shape only. `null` counts as absent for the optional fields (admin forms send
 * null for an empty input); any other type is refused, so nothing unintended reaches the gateway.
 */
export function parseRefundRequest(body: unknown): RefundRequest {
  const fields = isPlainObject(body) ? body : {};
  const id = fields.orderTransactionId;
  if (typeof id !== 'string' || id.trim() === '') throw new RefundRefusal(REFUND_MESSAGES.idRequired);

  const amount = fields.amount ?? undefined;
  if (amount !== undefined && typeof amount !== 'number' && typeof amount !== 'string') {
    throw new RefundRefusal('Refund amount must be a number or a numeric string');
  }

  const comments = fields.comments ?? undefined;
  if (comments !== undefined && (typeof comments !== 'string' || comments.length > MAX_COMMENTS_LENGTH)) {
    throw new RefundRefusal(`Comments must be a text of at most ${MAX_COMMENTS_LENGTH} characters`);
  }
  const trimmedComments = comments?.trim();
  return { orderTransactionId: id.trim(), amount, comments: trimmedComments === '' ? undefined : trimmedComments };
}
