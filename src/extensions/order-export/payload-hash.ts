import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * RFC 8785 canonical JSON: members sorted by UTF-16 code units, no whitespace, numbers and strings in
 * ECMAScript's JSON form. Two renders of the same data give the same text whatever their member order.
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('canonical JSON needs JSON data, not undefined');
  return text;
}

/** SHA-256 (lowercase hex) of the canonical JSON of rendered data: what deduplication compares. */
export function payloadHash(data: unknown): string {
  return createHash('sha256').update(canonicalJson(data), 'utf8').digest('hex');
}
