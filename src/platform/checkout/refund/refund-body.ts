import { Type } from '@sinclair/typebox';
import { isPlainObject } from '../../util/is-plain-object.js';
import { RefundRefusal } from './refund-refusal.js';

/**
 * Reading a refund route's body with the refusals a merchant understands. `null` counts as absent for
 * optional fields (admin forms send null for an empty input); any other wrong type is refused, so nothing
 * unintended reaches the gateway.
 */

/** The body's fields; a body that is not an object has none (the required field's message answers it). */
export function refundBodyFields(body: unknown): Record<string, unknown> {
  return isPlainObject(body) ? body : {};
}

/** An optional amount as sent (major units, read once the currency is known); undefined when absent. */
export function optionalRefundAmount(value: unknown): number | string | undefined {
  const amount = value ?? undefined;
  if (amount !== undefined && typeof amount !== 'number' && typeof amount !== 'string') {
    throw new RefundRefusal('Refund amount must be a number or a numeric string');
  }
  return amount;
}

/** An optional text, trimmed; undefined when absent or blank. Longer texts are refused rather than cut. */
export function optionalRefundText(value: unknown, label: string, maxLength: number): string | undefined {
  const text = value ?? undefined;
  if (text !== undefined && (typeof text !== 'string' || text.length > maxLength)) {
    throw new RefundRefusal(`${label} must be a text of at most ${maxLength} characters`);
  }
  const trimmed = text?.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A required text (an id or reference), trimmed; the refusal `message` when absent, blank or no text. */
export function requiredRefundText(value: unknown, message: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new RefundRefusal(message);
  return value.trim();
}

/** The optional amount of a refund body as its route documents it (read by `optionalRefundAmount`). */
export const RefundAmountField = Type.Optional(
  Type.Union([Type.Number({ exclusiveMinimum: 0 }), Type.String({ pattern: '^\\d+(\\.\\d+)?$' })], {
    description: 'Major units of the order currency; omit to refund the whole remaining balance',
  }),
);
