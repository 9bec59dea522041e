import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../../../helpers/test-platform.js';
import { newId } from '../../../../../src/platform/ids.js';
import { runMigrations } from '../../../../../src/platform/database/migrations.js';
import { transaction } from '../../../../../src/platform/database/transaction.js';
import { SecretBox } from '../../../../../src/platform/security/secret-box.js';
import { paymentTokenMigration } from '../../../../../src/platform/checkout/payment/token/migration.js';
import { PaymentTokenService } from '../../../../../src/platform/checkout/payment/token/payment-token-service.js';

const INVALID = { status: 400, code: 'CHECKOUT__INVALID_PAYMENT_TOKEN' };
const EXPIRED = { status: 410, code: 'CHECKOUT__PAYMENT_TOKEN_EXPIRED' };
const INVALIDATED = { status: 410, code: 'CHECKOUT__PAYMENT_TOKEN_INVALIDATED' };

describe('payment token service', () => {
  let t: TestPlatform;
  let clock: Date;
  let service: PaymentTokenService;
  const orderTransactionId = newId();
  const paymentMethodId = newId();

  beforeAll(async () => {
    t = await createTestPlatform();
    // not wired into the platform's modules yet; once it is, the template already has the table
    const { rows } = await sql<{ exists: boolean }>`SELECT to_regclass('payment_token') IS NOT NULL AS exists`.execute(t.platform.db);
    if (!rows[0].exists) await runMigrations(t.platform.db, 'test-payment-token', [paymentTokenMigration]);
    service = new PaymentTokenService(t.platform.env.appSecret, { now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = new Date('2026-03-01T12:00:00.000Z');
  });

  const generate = (overrides: Partial<Parameters<PaymentTokenService['generate']>[1]> = {}) =>
    service.generate(t.platform.db, {
      orderTransactionId,
      paymentMethodId,
      finishUrl: 'http://localhost:8000/checkout/finish?orderId=abc',
      errorUrl: 'http://localhost:8000/account/order/edit/abc',
      lifetimeMinutes: 30,
      ...overrides,
    });

  const row = async (tokenId: string) =>
    t.platform.db.selectFrom('payment_token').selectAll().where('token_id', '=', tokenId).executeTakeFirstOrThrow();

  it("issues an HS256 JWT with Shopware's claims and records it", async () => {
    const token = await generate();
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    const issuedAt = Math.floor(clock.getTime() / 1000);
    expect(claims).toEqual({
      jti: expect.stringMatching(/^[0-9a-f]{32}$/),
      iat: issuedAt,
      nbf: issuedAt,
      exp: issuedAt + 30 * 60,
      sub: orderTransactionId,
      pmi: paymentMethodId,
      ful: 'http://localhost:8000/checkout/finish?orderId=abc',
      eul: 'http://localhost:8000/account/order/edit/abc',
    });
    const stored = await row(claims.jti!);
    expect(stored.order_transaction_id).toBe(orderTransactionId);
    expect(new Date(stored.expires_at).getTime()).toBe((issuedAt + 1800) * 1000);
    expect(stored.invalidated_at).toBeNull();
  });

  it('parses a token into its claims without using it up', async () => {
    const token = await generate({ lifetimeMinutes: 5 });
    const expected = {
      tokenId: decodeJwt(token).jti,
      orderTransactionId,
      paymentMethodId,
      finishUrl: 'http://localhost:8000/checkout/finish?orderId=abc',
      errorUrl: 'http://localhost:8000/account/order/edit/abc',
      issuedAt: clock,
      expiresAt: new Date(clock.getTime() + 5 * 60_000),
    };
    expect(await service.parse(t.platform.db, token)).toEqual(expected);
    expect(await service.parse(t.platform.db, token)).toEqual(expected);
  });

  it('leaves out the redirect URLs that were not given', async () => {
    const token = await generate({ finishUrl: undefined, errorUrl: undefined });
    expect(decodeJwt(token)).not.toHaveProperty('ful');
    expect(decodeJwt(token)).not.toHaveProperty('eul');
    const claims = await service.parse(t.platform.db, token);
    expect(claims).not.toHaveProperty('finishUrl');
    expect(claims).not.toHaveProperty('errorUrl');
  });

  it('is valid until its lifetime has passed, then expired (410)', async () => {
    const token = await generate({ lifetimeMinutes: 30 });
    const issued = clock.getTime();
    clock = new Date(issued + 30 * 60_000 - 1000);
    await expect(service.parse(t.platform.db, token)).resolves.toMatchObject({ orderTransactionId });
    clock = new Date(issued + 30 * 60_000);
    await expect(service.parse(t.platform.db, token)).rejects.toMatchObject(EXPIRED);
    await expect(service.consume(t.platform.db, token)).rejects.toMatchObject(EXPIRED);
    // an expired token is not used up by the failed attempt
    expect((await row(decodeJwt(token).jti!)).invalidated_at).toBeNull();
  });

  it('a token is consumed once: later attempts are told it is invalidated (410)', async () => {
    const token = await generate();
    const claims = await service.consume(t.platform.db, token);
    expect(claims).toMatchObject({ orderTransactionId, paymentMethodId });
    expect((await row(claims.tokenId)).invalidated_at).not.toBeNull();
    await expect(service.consume(t.platform.db, token)).rejects.toMatchObject(INVALIDATED);
    await expect(service.parse(t.platform.db, token)).rejects.toMatchObject(INVALIDATED);
  });

  it('of two concurrent consumes exactly one gets the claims', async () => {
    for (let round = 0; round < 5; round++) {
      const token = await generate();
      const results = await Promise.allSettled([service.consume(t.platform.db, token), service.consume(t.platform.db, token)]);
      const fulfilled = results.filter((r) => r.status === 'fulfilled');
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(fulfilled).toHaveLength(1);
      expect(rejected).toHaveLength(1);
      expect(rejected[0].reason).toMatchObject(INVALIDATED);
    }
  });

  it('a consume inside a unit of work that rolls back leaves the token usable', async () => {
    const token = await generate();
    await expect(
      transaction(t.platform.db, async (uow) => {
        await service.consume(uow, token);
        throw new Error('the finalize step failed');
      }),
    ).rejects.toThrow('the finalize step failed');
    await expect(service.consume(t.platform.db, token)).resolves.toMatchObject({ orderTransactionId });
  });

  it('invalidate reports whether this call invalidated the token', async () => {
    const token = await generate();
    const { jti } = decodeJwt(token);
    expect(await service.invalidate(t.platform.db, jti!)).toBe(true);
    expect(await service.invalidate(t.platform.db, jti!)).toBe(false);
    expect(await service.invalidate(t.platform.db, newId())).toBe(false);
    await expect(service.parse(t.platform.db, token)).rejects.toMatchObject(INVALIDATED);
  });

  it('a genuine token this database has no record of counts as invalidated', async () => {
    const token = await generate();
    await t.platform.db.deleteFrom('payment_token').where('token_id', '=', decodeJwt(token).jti!).execute();
    await expect(service.parse(t.platform.db, token)).rejects.toMatchObject(INVALIDATED);
    await expect(service.consume(t.platform.db, token)).rejects.toMatchObject(INVALIDATED);
  });

  it('rejects a tampered signature or payload as invalid (400)', async () => {
    const token = await generate();
    const [header, payload, signature] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    await expect(service.parse(t.platform.db, `${header}.${payload}.${flipped}`)).rejects.toMatchObject(INVALID);

    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: newId() })).toString('base64url');
    await expect(service.consume(t.platform.db, `${header}.${forgedPayload}.${signature}`)).rejects.toMatchObject(INVALID);
    // the genuine token was not used up by the forgeries
    await expect(service.consume(t.platform.db, token)).resolves.toMatchObject({ orderTransactionId });
  });

  it('rejects tokens signed with another secret, even expired ones, and Admin API tokens', async () => {
    const other = new PaymentTokenService('another-app-secret-0123456789', { now: () => clock });
    const foreign = await other.generate(t.platform.db, { orderTransactionId, paymentMethodId, lifetimeMinutes: 30 });
    await expect(service.parse(t.platform.db, foreign)).rejects.toMatchObject(INVALID);
    clock = new Date(clock.getTime() + 3600_000);
    // a forged token must not learn whether it would be expired
    await expect(service.consume(t.platform.db, foreign)).rejects.toMatchObject(INVALID);

    await expect(service.parse(t.platform.db, await t.adminToken())).rejects.toMatchObject(INVALID);
  });

  it('rejects malformed tokens, unsigned tokens and tokens missing claims', async () => {
    for (const bad of ['', 'not-a-jwt', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9..']) {
      await expect(service.parse(t.platform.db, bad)).rejects.toMatchObject(INVALID);
    }
    const issuedAt = Math.floor(clock.getTime() / 1000);
    const unsigned = new UnsecuredJWT({ pmi: paymentMethodId }).setJti(newId()).setSubject(orderTransactionId).setIssuedAt(issuedAt).setExpirationTime(issuedAt + 600).encode();
    await expect(service.parse(t.platform.db, unsigned)).rejects.toMatchObject(INVALID);

    // correctly signed with the service's key, but without the payment method
    const key = SecretBox.deriveKey(t.platform.env.appSecret, 'payment-token');
    const incomplete = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(newId())
      .setSubject(orderTransactionId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 600)
      .sign(key);
    await expect(service.parse(t.platform.db, incomplete)).rejects.toMatchObject(INVALID);
  });

  it('reports errors in the Shopware shape', async () => {
    const error = await service.parse(t.platform.db, 'not-a-jwt').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'CHECKOUT__INVALID_PAYMENT_TOKEN',
      message: 'The provided token not-a-jwt is invalid and the payment could not be processed.',
      meta: { parameters: { token: 'not-a-jwt' } },
    });
  });

  it('refuses to issue a token without a positive lifetime or with malformed ids', async () => {
    await expect(generate({ lifetimeMinutes: 0 })).rejects.toThrow(RangeError);
    await expect(generate({ lifetimeMinutes: Number.NaN })).rejects.toThrow(RangeError);
    await expect(generate({ orderTransactionId: 'order-1' })).rejects.toThrow(RangeError);
    await expect(generate({ paymentMethodId: 'invoice' })).rejects.toThrow(RangeError);
  });
});
