import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks v1 (symmetric): `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
 * keyed with the bytes after `whsec_`. Outbound deliveries are signed with the target's signing secret
 * and the target signs its acknowledgement callback with the same secret.
 */
export const SIGNING_SECRET_PREFIX = 'whsec_';
/** accepted distance between a message's timestamp and now, either way (the reference library's value) */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;
export const MIN_SECRET_BYTES = 24;
export const MAX_SECRET_BYTES = 64;

export interface StandardWebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export interface SignInput {
  /** the message id; the idempotency key of the receiver. Must not contain "." */
  id: string;
  /** Unix seconds */
  timestamp: number;
  /** the exact bytes sent: re-serialising JSON would break the signature */
  body: string | Buffer;
  /** one signature per secret: during a rotation, sign with the old and the new secret */
  secrets: readonly string[];
}

export type VerificationFailure =
  | 'missing_headers'
  | 'invalid_id'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'no_matching_signature';

export type VerificationResult = { ok: true; id: string; timestamp: number } | { ok: false; reason: VerificationFailure };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Raised for a malformed secret; the message never contains the secret. */
export class InvalidSigningSecretError extends Error {
  constructor() {
    super(`a signing secret is "${SIGNING_SECRET_PREFIX}" followed by the base64 of ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} random bytes`);
    this.name = 'InvalidSigningSecretError';
  }
}

/** A new secret in the `whsec_` format (32 random bytes unless told). */
export function generateSigningSecret(byteLength = 32): string {
  if (!Number.isInteger(byteLength) || byteLength < MIN_SECRET_BYTES || byteLength > MAX_SECRET_BYTES) {
    throw new RangeError(`a signing secret has ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES} bytes`);
  }
  return SIGNING_SECRET_PREFIX + randomBytes(byteLength).toString('base64');
}

export function isValidSigningSecret(secret: unknown): secret is string {
  return typeof secret === 'string' && decodeSecret(secret) !== undefined;
}

/** The HMAC key of a secret: the decoded bytes after the prefix. */
export function signingKey(secret: string): Buffer {
  const key = decodeSecret(secret);
  if (!key) throw new InvalidSigningSecretError();
  return key;
}

/** The value of `webhook-signature`: one `v1,<base64>` entry per secret, space-separated. */
export function signatureHeader(input: SignInput): string {
  if (input.secrets.length === 0) throw new InvalidSigningSecretError();
  assertSignable(input.id, input.timestamp);
  return input.secrets.map((secret) => `v1,${hmac(signingKey(secret), input.id, String(input.timestamp), input.body).toString('base64')}`).join(' ');
}

/** The three Standard Webhooks headers for a message. */
export function signedHeaders(input: SignInput): StandardWebhookHeaders {
  return { 'webhook-id': input.id, 'webhook-timestamp': String(input.timestamp), 'webhook-signature': signatureHeader(input) };
}

/**
 * Verifies a received message: timestamp within the tolerance, then any `v1` entry of the signature
 * header matching any of the secrets, compared in constant time. Deduplicating on the id is the caller's.
 */
export function verifySignedMessage(input: {
  headers: Record<string, string | string[] | undefined>;
  body: string | Buffer;
  secrets: readonly string[];
  /** Unix seconds; default the clock */
  now?: number;
  toleranceSeconds?: number;
}): VerificationResult {
  const id = headerValue(input.headers, 'webhook-id');
  const timestampText = headerValue(input.headers, 'webhook-timestamp');
  const signatures = headerValue(input.headers, 'webhook-signature');
  if (!id || !timestampText || !signatures) return { ok: false, reason: 'missing_headers' };
  if (id.includes('.') || id.length > 256) return { ok: false, reason: 'invalid_id' };
  if (!/^\d{1,12}$/.test(timestampText)) return { ok: false, reason: 'invalid_timestamp' };
  const timestamp = Number(timestampText);
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? TIMESTAMP_TOLERANCE_SECONDS;
  if (now - timestamp > tolerance) return { ok: false, reason: 'timestamp_too_old' };
  if (timestamp - now > tolerance) return { ok: false, reason: 'timestamp_too_new' };

  const candidates: Buffer[] = [];
  for (const entry of signatures.split(' ')) {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== 'v1') continue;
    const encoded = entry.slice(comma + 1);
    if (BASE64.test(encoded)) candidates.push(Buffer.from(encoded, 'base64'));
  }
  let matched = false;
  for (const secret of input.secrets) {
    const key = decodeSecret(secret);
    if (!key) continue;
    const expected = hmac(key, id, timestampText, input.body);
    for (const candidate of candidates) {
      // every pair is compared (no early exit), so timing says nothing about which one matched
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
    }
  }
  return matched ? { ok: true, id, timestamp } : { ok: false, reason: 'no_matching_signature' };
}

function hmac(key: Buffer, id: string, timestamp: string, body: string | Buffer): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`, 'utf8').update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body).digest();
}

function decodeSecret(secret: string): Buffer | undefined {
  if (!secret.startsWith(SIGNING_SECRET_PREFIX)) return undefined;
  const encoded = secret.slice(SIGNING_SECRET_PREFIX.length);
  if (!BASE64.test(encoded)) return undefined;
  const key = Buffer.from(encoded, 'base64');
  return key.length >= MIN_SECRET_BYTES && key.length <= MAX_SECRET_BYTES ? key : undefined;
}

function assertSignable(id: string, timestamp: number): void {
  if (id === '' || id.includes('.')) throw new TypeError('a webhook id is not empty and has no "."');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new TypeError('a webhook timestamp is whole Unix seconds');
}

/** Node gives repeated headers as arrays; several signature headers are read as one list. */
function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(' ') : value;
    return text.trim() === '' ? undefined : text.trim();
  }
  return undefined;
}
