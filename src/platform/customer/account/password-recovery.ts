import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { transaction } from '../../database/transaction.js';
import type { AppError } from '../../errors/app-error.js';
import { errors, throwProblems } from '../../errors/app-error.js';
import { newId } from '../../ids.js';
import type { CoreServices } from '../../core-services.js';
import { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { hashPassword } from '../../security/password.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { passwordRecoveryMailType } from '../../mail/types/customer-mail-types.js';
import { accountErrors } from './account-errors.js';
import { ACCOUNT_TOKEN_LENGTH, newAccountToken, tokenDigest } from './account-tokens.js';
import { PASSWORD_MIN_LENGTH } from './registration-input.js';
import { constraintViolation, violations } from './violations.js';

/** What password recovery uses: the customer rows and the mail with the link. */
export type PasswordRecoveryDeps = Pick<CoreServices, 'db' | 'mail'>;

/** How long a recovery link works (Shopware: two hours). */
export const RECOVERY_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** Where the link leads, below the storefront URL (Shopware's `core.loginRegistration.pwdRecoverUrl` default). */
export const RECOVERY_PATH = '/account/recover/password';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PASSWORD_MAX_LENGTH = 4096;

/** Requests per e-mail address and client per 15 minutes, per process (Shopware rate-limits the route too). */
const recoveryRequests = new WeakMap<object, RateLimiter>();
function recoveryLimiter(platform: PasswordRecoveryDeps): RateLimiter {
  let limiter = recoveryRequests.get(platform);
  if (!limiter) recoveryRequests.set(platform, (limiter = new RateLimiter({ points: 5, durationMs: 15 * 60 * 1000, keyPrefix: 'password-recovery' })));
  return limiter;
}

function text(body: Record<string, unknown>, key: string): string | undefined {
  return typeof body[key] === 'string' ? body[key] : undefined;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw errors.invalidRequest('The request body must be a JSON object.', '/');
  return body;
}

export interface RecoveryRequestOptions {
  clientIp: string;
  /** The storefront's own origin: trusted, not checked against the channel's domains. */
  trustedStorefrontUrl?: string;
}

/**
 * Shopware's SendPasswordRecoveryMailRoute: for an active account with this address, a new recovery link
 * (replacing an older one) is mailed. The answer is the same whether an account exists or not, so the
 * route tells nobody which addresses have accounts; the mail is queued, never sent in the request.
 */
export async function requestPasswordRecovery(platform: PasswordRecoveryDeps, context: SalesChannelContext, body: unknown, options: RecoveryRequestOptions): Promise<void> {
  const input = objectBody(body);
  const problems: AppError[] = [];
  const email = text(input, 'email')?.trim() ?? '';
  if (email === '') problems.push(violations.blank('/email'));
  else if (email.length > 254 || !EMAIL_PATTERN.test(email) || email.includes('\u0000')) problems.push(violations.invalidEmail('/email'));
  let storefrontUrl = options.trustedStorefrontUrl;
  if (storefrontUrl === undefined) {
    const given = text(input, 'storefrontUrl')?.trim().replace(/\/+$/, '') ?? '';
    if (given === '') problems.push(violations.blank('/storefrontUrl'));
    else if (!(await isDomainOf(platform.db, context.salesChannel.id, given))) problems.push(violations.noSuchChoice('/storefrontUrl'));
    storefrontUrl = given;
  }
  throwProblems(problems);

  const decision = await recoveryLimiter(platform).consume(`${email.toLowerCase()}|${options.clientIp}`);
  if (!decision.allowed) throw accountErrors.rateLimited(decision.retryAfterSeconds);

  const customer = await platform.db
    .selectFrom('customer')
    .select(['id'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('guest', '=', false)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!customer) return;

  const token = newAccountToken();
  const resetUrl = `${storefrontUrl.replace(/\/+$/, '')}${RECOVERY_PATH}?hash=${token}`;
  await transaction(platform.db, async (uow) => {
    // one pending link per customer: a new request replaces the older link
    await sql`
      INSERT INTO customer_recovery (id, customer_id, hash) VALUES (${newId()}, ${customer.id}, ${tokenDigest(token)})
      ON CONFLICT (customer_id) DO UPDATE SET id = excluded.id, hash = excluded.hash, created_at = now()`.execute(uow.db);
    await platform.mail.enqueue(uow, {
      type: passwordRecoveryMailType.technicalName,
      salesChannelId: context.salesChannel.id,
      references: { customerId: customer.id as string },
      variables: { expiresAt: new Date(Date.now() + RECOVERY_LIFETIME_MS).toISOString() },
      secrets: { resetUrl },
    });
  });
}

/**
 * Shopware's ResetPasswordRoute: the link's token sets a new password once. An unknown or used token
 * answers 404, an expired one 410. The link is spent in the statement that checks it, so two uses at
 * once cannot both succeed; every session of the customer ends (whoever knew the old password is out).
 */
export async function resetPasswordWithRecovery(platform: PasswordRecoveryDeps, body: unknown): Promise<void> {
  const input = objectBody(body);
  const problems: AppError[] = [];
  const hash = text(input, 'hash') ?? '';
  const newPassword = text(input, 'newPassword') ?? '';
  if (hash.trim() === '') problems.push(violations.blank('/hash'));
  if (newPassword === '') problems.push(violations.blank('/newPassword'));
  else if ([...newPassword].length < PASSWORD_MIN_LENGTH) problems.push(violations.tooShort('/newPassword', PASSWORD_MIN_LENGTH));
  else if (newPassword.length > PASSWORD_MAX_LENGTH || newPassword.includes('\u0000')) problems.push(violations.invalidCharacters('/newPassword'));
  else if (newPassword !== text(input, 'newPasswordConfirm')) {
    problems.push(constraintViolation('/newPasswordConfirm', 'VIOLATION::NOT_EQUAL_ERROR', 'The password confirmation does not match the password.'));
  }
  throwProblems(problems);

  const recovery = await findRecovery(platform.db, hash);
  if (!recovery) throw accountErrors.notFoundByHash();
  if (recovery.expired) throw accountErrors.recoveryHashExpired();
  const passwordHash = await hashPassword(newPassword);
  await transaction(platform.db, async (uow) => {
    const spent = await sql<{ customer_id: string }>`
      DELETE FROM customer_recovery WHERE id = ${recovery.id} AND created_at > now() - make_interval(secs => ${RECOVERY_LIFETIME_MS / 1000})
      RETURNING customer_id`.execute(uow.db);
    const customerId = spent.rows[0]?.customer_id;
    // used or expired in the meantime (a second use at the same moment)
    if (!customerId) throw accountErrors.notFoundByHash();
    await uow.db.updateTable('customer').set({ password: passwordHash, updated_at: sql`now()` }).where('id', '=', customerId).execute();
    await uow.db.deleteFrom('sales_channel_api_context').where('customer_id', '=', customerId).execute();
  });
}

/**
 * Shopware's CustomerRecoveryIsExpiredRoute: whether a recovery link still works. 404 for a token that
 * matches no pending link (also one already used).
 */
export async function isRecoveryExpired(platform: PasswordRecoveryDeps, body: unknown): Promise<boolean> {
  const hash = text(objectBody(body), 'hash') ?? '';
  if (hash.trim() === '') throw violations.blank('/hash');
  if (hash.length !== ACCOUNT_TOKEN_LENGTH) {
    throw constraintViolation('/hash', 'VIOLATION::NOT_EQUAL_LENGTH_ERROR', `This value should have exactly ${ACCOUNT_TOKEN_LENGTH} characters.`, { limit: ACCOUNT_TOKEN_LENGTH });
  }
  const recovery = await findRecovery(platform.db, hash);
  if (!recovery) throw accountErrors.notFoundByHash();
  return recovery.expired;
}

/** Whether a recovery link of this token exists (and has expired); only the token's digest is compared. */
export async function findRecovery(db: Db, token: string): Promise<{ id: string; customerId: string; expired: boolean } | undefined> {
  if (token.length > 256) return undefined;
  const row = await sql<{ id: string; customer_id: string; expired: boolean }>`
    SELECT id, customer_id, created_at <= now() - make_interval(secs => ${RECOVERY_LIFETIME_MS / 1000}) AS expired
    FROM customer_recovery WHERE hash = ${tokenDigest(token)}`.execute(db);
  const found = row.rows[0];
  return found ? { id: found.id, customerId: found.customer_id, expired: found.expired } : undefined;
}

/** Whether `url` (without a trailing slash) is one of the sales channel's domains. */
export async function isDomainOf(db: Db, salesChannelId: string, url: string): Promise<boolean> {
  const found = await db
    .selectFrom('sales_channel_domain')
    .select('id')
    .where('sales_channel_id', '=', salesChannelId)
    .where('url', 'in', [url, `${url}/`])
    .executeTakeFirst();
  return found !== undefined;
}
