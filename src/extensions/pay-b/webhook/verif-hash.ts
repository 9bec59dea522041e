import { createHash, timingSafeEqual } from 'node:crypto';

/** The header gateway D sends the merchant's secret hash in, verbatim (reference 4.1). */
export const VERIF_HASH_HEADER = 'verif-hash';

/**
 * Whether the `verif-hash` header carries the configured secret hash. Fails closed: no hash
 * configured, no header, or a repeated header is a refusal. Both sides are hashed to fixed-length
 * digests first, so the comparison is constant-time and reveals neither content nor length.
 */
export function verifHashMatches(configured: string | null, header: string | string[] | undefined): boolean {
  if (!configured || typeof header !== 'string' || header === '') return false;
  return timingSafeEqual(digest(configured), digest(header));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
