import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SecretBox } from '../../security/secret-box.js';
import { AppError } from '../../errors/app-error.js';

export const CSRF_FIELD = '_csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Synchronizer tokens bound to the visitor's session token: the token is an HMAC of the session token,
 * so it needs no storage, differs per visitor and cannot be computed without the app secret.
 */
export class CsrfTokens {
  readonly #key: Uint8Array;

  constructor(appSecret: string) {
    this.#key = SecretBox.deriveKey(appSecret, 'storefront-csrf-token');
  }

  tokenFor(sessionToken: string): string {
    return createHmac('sha256', this.#key).update(sessionToken, 'utf8').digest('base64url');
  }

  /** Constant-time comparison: the time taken reveals nothing about how much of a guess was right. */
  verify(sessionToken: string, submitted: unknown): boolean {
    if (typeof submitted !== 'string' || submitted.length === 0) return false;
    const expected = Buffer.from(this.tokenFor(sessionToken), 'utf8');
    const given = Buffer.from(submitted, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** The token a request carries: the `x-csrf-token` header (XHR) or the `_csrf_token` field of the body (forms). */
export function submittedCsrfToken(request: FastifyRequest): unknown {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string' && header.length > 0) return header;
  const body = request.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) return (body as Record<string, unknown>)[CSRF_FIELD];
  return undefined;
}

export function invalidCsrfToken(): AppError {
  return new AppError(403, 'FRAMEWORK__INVALID_CSRF_TOKEN', 'The CSRF token is invalid. Reload the page and try again.');
}
