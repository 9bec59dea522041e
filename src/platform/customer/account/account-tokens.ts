import { createHash, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Length of the tokens in account links (Shopware's recovery hash is 32 alphanumeric characters). */
export const ACCOUNT_TOKEN_LENGTH = 32;

/** A random token for a link in a mail (password recovery, double opt-in): about 190 bits. */
export function newAccountToken(): string {
  let token = '';
  for (let i = 0; i < ACCOUNT_TOKEN_LENGTH; i++) token += ALPHABET[randomInt(ALPHABET.length)];
  return token;
}

/**
 * What the database keeps of a token: its SHA-256. A copy of the database (a backup, a replica) then
 * holds nothing a link could be rebuilt from; a lookup hashes what the link brings.
 */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
