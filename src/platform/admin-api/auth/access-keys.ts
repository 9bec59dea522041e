import { randomBytes } from 'node:crypto';

/**
 * Shopware-style access keys: a type prefix (`SWIA` integration, `SWUA` user, `SWSC` sales channel)
 * and 22 upper-case alphanumeric characters.
 */
export type AccessKeyPrefix = 'SWIA' | 'SWUA' | 'SWSC';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function generateAccessKey(prefix: AccessKeyPrefix): string {
  return prefix + randomString(22, ALPHABET);
}

/** A secret shown once on creation; only its hash is stored. */
export function generateSecretAccessKey(): string {
  return randomBytes(40).toString('base64url');
}

function randomString(length: number, alphabet: string): string {
  // rejection sampling keeps the distribution uniform
  const out: string[] = [];
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out.push(alphabet[byte % alphabet.length]!);
    }
  }
  return out.join('');
}
