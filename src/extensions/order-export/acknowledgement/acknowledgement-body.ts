import { isId, isObjectLiteral } from '../../../platform/sdk/index.js';
import { ACK_VERDICTS, type AckVerdict } from '../records/values.js';

export interface AcknowledgementBody {
  correlationId: string;
  status: AckVerdict;
  reference: string | null;
  message: string | null;
}

const KEYS = new Set(['correlationId', 'status', 'reference', 'message']);
export const MAX_REFERENCE_LENGTH = 255;
export const MAX_MESSAGE_LENGTH = 2000;

/**
 * `{"correlationId", "status": "acknowledged"|"rejected", "reference"?, "message"?}` from the raw bytes;
 * the reason as text when it is malformed (400). Unknown keys are refused, so a typo is not silently
 * ignored.
 */
export function parseAcknowledgementBody(raw: Buffer | undefined): { ok: true; body: AcknowledgementBody } | { ok: false; problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse((raw ?? Buffer.alloc(0)).toString('utf8'));
  } catch {
    return { ok: false, problem: 'the body must be JSON' };
  }
  if (!isObjectLiteral(parsed)) return { ok: false, problem: 'the body must be a JSON object' };
  const unknown = Object.keys(parsed).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) return { ok: false, problem: `unknown keys: ${unknown.join(', ')}` };
  const { correlationId, status, reference, message } = parsed;
  if (!isId(correlationId)) return { ok: false, problem: 'correlationId must be the webhook-id of a delivery (32 lowercase hexadecimal characters)' };
  if (typeof status !== 'string' || !(ACK_VERDICTS as readonly string[]).includes(status)) return { ok: false, problem: 'status must be "acknowledged" or "rejected"' };
  const text = (value: unknown, name: string, max: number): string | null | { problem: string } => {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' || value.length > max) return { problem: `${name} must be text of at most ${max} characters` };
    return value;
  };
  const ref = text(reference, 'reference', MAX_REFERENCE_LENGTH);
  if (typeof ref === 'object' && ref !== null) return { ok: false, problem: ref.problem };
  const msg = text(message, 'message', MAX_MESSAGE_LENGTH);
  if (typeof msg === 'object' && msg !== null) return { ok: false, problem: msg.problem };
  return { ok: true, body: { correlationId, status: status as AckVerdict, reference: ref, message: msg } };
}
