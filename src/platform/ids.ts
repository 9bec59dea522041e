import { hash as oneShotHash, randomUUID } from 'node:crypto';

/** IDs travel as 32 lowercase hex characters (Shopware style) and are stored as PostgreSQL uuid. */
export const ID_PATTERN = /^[0-9a-f]{32}$/;

export function newId(): string {
  return randomUUID().replace(/-/g, '');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** Accepts hex with or without dashes, any case; returns the API form. */
export function normalizeId(value: string): string {
  return value.replace(/-/g, '').toLowerCase();
}

/** Namespace ids as bytes: a handful per process (one per seeder or default-record family). */
const namespaceBytes = new Map<string, Buffer>();

/** Scratch space for `namespace || key` (keys are short; a longer one gets a buffer of its own). */
const scratch = Buffer.allocUnsafe(1024);

/**
 * A name-based UUID (version 5, RFC 9562): the same namespace id and key give the same id on every
 * installation, so seeded records (state machines, default records) can be referred to without a lookup.
 */
export function deterministicId(namespace: string, key: string): string {
  let prefix = namespaceBytes.get(namespace);
  if (!prefix) {
    if (!isId(namespace)) throw new Error(`deterministicId: the namespace must be an id (32 lowercase hex characters), got "${namespace}"`);
    prefix = Buffer.from(namespace, 'hex');
    namespaceBytes.set(namespace, prefix);
  }
  // one-shot hashing of bytes written in place: seeders derive thousands of ids per run, and a Hash
  // object or a concatenated Buffer per id cost as much as the digest itself
  let input: Buffer;
  if (key.length * 3 <= scratch.length - 16) {
    prefix.copy(scratch, 0);
    input = scratch.subarray(0, 16 + scratch.write(key, 16, 'utf8'));
  } else {
    input = Buffer.concat([prefix, Buffer.from(key, 'utf8')]);
  }
  const hash = oneShotHash('sha1', input, 'buffer');
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC variant
  return hash.toString('hex', 0, 16);
}
