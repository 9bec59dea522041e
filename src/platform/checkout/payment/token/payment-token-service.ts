import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { sql } from 'kysely';
import type { Db } from '../../../database/connection.js';
import { executorOf, type UnitOfWork } from '../../../database/transaction.js';
import { isId, newId } from '../../../ids.js';
import { SecretBox } from '../../../security/secret-box.js';
import { paymentTokenErrors } from './errors.js';

export interface PaymentTokenRequest {
  orderTransactionId: string;
  paymentMethodId: string;
  /** Where finalize redirects after success (claim `ful`). */
  finishUrl?: string;
  /** Where finalize redirects after a failure (claim `eul`). */
  errorUrl?: string;
  /** Read by the caller from `core.cart.paymentFinalizeTransactionTime` (see lifetime.ts). */
  lifetimeMinutes: number;
}

/** The claims of a verified payment token. */
export interface PaymentToken {
  /** `jti`, the key of the payment_token row */
  tokenId: string;
  /** `sub` */
  orderTransactionId: string;
  /** `pmi` */
  paymentMethodId: string;
  /** `ful` */
  finishUrl?: string;
  /** `eul` */
  errorUrl?: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface PaymentTokenServiceOptions {
  /** The clock; tests move it to make tokens expire. */
  now?: () => Date;
}

interface PaymentTokenClaims extends JWTPayload {
  pmi?: unknown;
  ful?: unknown;
  eul?: unknown;
}

/**
 * Shopware's payment token (JWTFactoryV2): an HS256 JWT that carries the order transaction through the
 * payment provider's redirect and back to `/payment/finalize-transaction`. Every token is recorded in
 * `payment_token` so it can be used once: `consume` marks it with one conditional UPDATE, so of two
 * concurrent finalize requests (a double click, a provider calling back twice) only one gets the claims.
 */
export class PaymentTokenService {
  readonly #key: Uint8Array;
  readonly #now: () => Date;

  constructor(appSecret: string, options: PaymentTokenServiceOptions = {}) {
    // a key of its own: a payment token can never pass as an Admin API token, nor the other way round
    this.#key = SecretBox.deriveKey(appSecret, 'payment-token');
    this.#now = options.now ?? (() => new Date());
  }

  /** Issues a token and records it; pass the unit of work that created the transaction, if any. */
  async generate(within: Db | UnitOfWork, request: PaymentTokenRequest): Promise<string> {
    if (!isId(request.orderTransactionId)) throw new RangeError(`Not an order transaction id: ${request.orderTransactionId}`);
    if (!isId(request.paymentMethodId)) throw new RangeError(`Not a payment method id: ${request.paymentMethodId}`);
    const lifetimeSeconds = Math.round(request.lifetimeMinutes * 60);
    if (!Number.isFinite(lifetimeSeconds) || lifetimeSeconds < 1) {
      throw new RangeError(`A payment token lifetime must be positive, got ${request.lifetimeMinutes} minutes`);
    }
    const tokenId = newId();
    const issuedAt = Math.floor(this.#now().getTime() / 1000);
    const expiresAt = issuedAt + lifetimeSeconds;

    const claims: PaymentTokenClaims = { pmi: request.paymentMethodId };
    if (request.finishUrl !== undefined) claims.ful = request.finishUrl;
    if (request.errorUrl !== undefined) claims.eul = request.errorUrl;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(tokenId)
      .setSubject(request.orderTransactionId)
      .setIssuedAt(issuedAt)
      .setNotBefore(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.#key);

    await executorOf(within)
      .insertInto('payment_token')
      .values({ token_id: tokenId, order_transaction_id: request.orderTransactionId, expires_at: new Date(expiresAt * 1000) })
      .execute();
    return token;
  }

  /**
   * Verifies a token without using it up. Checks in Shopware's order: signature and shape (400
   * `CHECKOUT__INVALID_PAYMENT_TOKEN`), expiry (410 `CHECKOUT__PAYMENT_TOKEN_EXPIRED`), then whether it
   * was already used or is unknown to this shop's database (410 `CHECKOUT__PAYMENT_TOKEN_INVALIDATED`).
   */
  async parse(within: Db | UnitOfWork, token: string): Promise<PaymentToken> {
    const claims = await this.#verify(token);
    const row = await executorOf(within)
      .selectFrom('payment_token')
      .select('invalidated_at')
      .where('token_id', '=', claims.tokenId)
      .executeTakeFirst();
    if (!row || row.invalidated_at !== null) throw paymentTokenErrors.invalidated(token);
    return claims;
  }

  /**
   * Verifies a token and uses it up in one atomic step: the first caller gets the claims, every later
   * (or concurrent) caller a 410 `CHECKOUT__PAYMENT_TOKEN_INVALIDATED`. Inside a unit of work the
   * invalidation commits or rolls back with it.
   */
  async consume(within: Db | UnitOfWork, token: string): Promise<PaymentToken> {
    const claims = await this.#verify(token);
    if (!(await this.invalidate(within, claims.tokenId))) throw paymentTokenErrors.invalidated(token);
    return claims;
  }

  /**
   * Marks a token used. True only for the call that did it: the WHERE clause is re-checked after a
   * concurrent writer's commit (PostgreSQL read committed), so two calls cannot both see the row unused.
   */
  async invalidate(within: Db | UnitOfWork, tokenId: string): Promise<boolean> {
    const row = await executorOf(within)
      .updateTable('payment_token')
      .set({ invalidated_at: sql`now()` })
      .where('token_id', '=', tokenId)
      .where('invalidated_at', 'is', null)
      .returning('token_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async #verify(token: string): Promise<PaymentToken> {
    let payload: PaymentTokenClaims;
    try {
      ({ payload } = await jwtVerify<PaymentTokenClaims>(token, this.#key, { algorithms: ['HS256'], currentDate: this.#now() }));
    } catch (error) {
      // jose checks the signature before the claims, so only a genuine token can be reported expired
      if (error instanceof joseErrors.JWTExpired) throw paymentTokenErrors.expired(token);
      throw paymentTokenErrors.invalid(token, error);
    }
    const { jti, sub, pmi, ful, eul, iat, exp } = payload;
    if (
      typeof jti !== 'string' ||
      !isId(sub) ||
      !isId(pmi) ||
      (ful !== undefined && typeof ful !== 'string') ||
      (eul !== undefined && typeof eul !== 'string') ||
      typeof iat !== 'number' ||
      typeof exp !== 'number'
    ) {
      throw paymentTokenErrors.invalid(token);
    }
    const claims: PaymentToken = {
      tokenId: jti,
      orderTransactionId: sub,
      paymentMethodId: pmi,
      issuedAt: new Date(iat * 1000),
      expiresAt: new Date(exp * 1000),
    };
    if (ful !== undefined) claims.finishUrl = ful;
    if (eul !== undefined) claims.errorUrl = eul;
    return claims;
  }
}
