import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether a header carries the configured shared secret (gateway D's `verif-hash`). Fails closed: no
 * secret configured, no header, or a repeated header is a refusal. Both sides are hashed to fixed-length
 * digests first, so the comparison is constant-time and reveals neither content nor length.
 */
export function sharedSecretMatches(configured: string | null, header: string | string[] | undefined): boolean {
  if (!configured || typeof header !== 'string' || header === '') return false;
  return timingSafeEqual(sha256(configured), sha256(header));
}

/**
 * Whether a header is the lowercase hex HMAC of the raw body with the secret (gateway A's
 * `x-pay-a-signature`, HMAC-SHA512). Fails closed like sharedSecretMatches; the comparison is
 * constant-time on equal-length digests.
 */
export function hmacHexMatches(
  algorithm: 'sha256' | 'sha512',
  secret: string | null,
  rawBody: Buffer | undefined,
  header: string | string[] | undefined,
): boolean {
  if (!secret || !rawBody || typeof header !== 'string' || header === '') return false;
  return timingSafeEqual(sha256(hmacHex(algorithm, secret, rawBody)), sha256(header.trim()));
}

/** Lowercase hex HMAC of the exact bytes: what a gateway signs a webhook with (and its simulator too). */
export function hmacHex(algorithm: 'sha256' | 'sha512', secret: string, payload: Buffer | string): string {
  return createHmac(algorithm, secret).update(payload).digest('hex');
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
