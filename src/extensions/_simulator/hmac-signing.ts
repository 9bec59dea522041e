import { createHmac } from 'node:crypto';
import type { WebhookSigning } from './webhook-sender.js';

export interface HmacSigningOptions {
  /** Name used in error messages, e.g. `PayA simulator`. */
  name: string;
  /** e.g. `x-pay-a-signature`. */
  header: string;
  algorithm: 'sha256' | 'sha512';
  /** The key one payload is signed with (a gateway signs with the merchant's key of the event's mode); undefined sends no signature. */
  secretFor(payload: string): string | undefined;
  isDelivered(status: number): boolean;
  eventOf(body: unknown): string;
  attemptTimeoutMs: number;
}

/** WebhookSigning for gateways that sign the raw body with an HMAC (gateway A: lowercase hex HMAC-SHA512 with the secret key). */
export function hmacWebhookSigning(options: HmacSigningOptions): WebhookSigning {
  return {
    name: options.name,
    headersFor(payload) {
      const secret = options.secretFor(payload);
      return secret === undefined ? {} : { [options.header]: hmacHex(options.algorithm, secret, payload) };
    },
    isDelivered: options.isDelivered,
    eventOf: options.eventOf,
    attemptTimeoutMs: options.attemptTimeoutMs,
  };
}

/** Lowercase hex HMAC of the exact bytes, as gateways sign webhooks. */
export function hmacHex(algorithm: 'sha256' | 'sha512', secret: string, payload: string): string {
  return createHmac(algorithm, secret).update(payload).digest('hex');
}
