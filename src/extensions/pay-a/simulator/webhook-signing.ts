import { isPlainObject } from '../../../platform/sdk/index.js';
import { hmacWebhookSigning, type WebhookSigning } from '../../_simulator/index.js';
import { keyOfMode, type SimulatorSettings } from './options.js';

/** The gateway waits 30 s per delivery attempt. */
const ATTEMPT_TIMEOUT_MS = 30_000;

export const SIGNATURE_HEADER = 'x-pay-a-signature';

export function eventOf(body: unknown): string {
  return isPlainObject(body) && typeof body.event === 'string' ? body.event : 'unknown';
}

/** The mode a payload belongs to: its `data.domain` (test unless it says live). */
export function modeOfPayload(payload: string): 'test' | 'live' {
  try {
    const body: unknown = JSON.parse(payload);
    return isPlainObject(body) && isPlainObject(body.data) && body.data.domain === 'live' ? 'live' : 'test';
  } catch {
    return 'test';
  }
}

/**
 * How gateway A sends webhooks: `x-pay-a-signature` = lowercase hex HMAC-SHA512 of
 * the exact bytes with the secret key of the event's mode (no timestamp, no id); any 2xx is delivered
 * (our shop answers 204); redirects are failures.
 */
export function payAWebhookSigning(settings: SimulatorSettings): WebhookSigning {
  return hmacWebhookSigning({
    name: 'PayA simulator',
    header: SIGNATURE_HEADER,
    algorithm: 'sha512',
    secretFor: (payload) => keyOfMode(settings, modeOfPayload(payload)) ?? settings.secretKeys[0],
    isDelivered: (status) => status >= 200 && status < 300,
    eventOf,
    attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
  });
}
