import { sql } from 'kysely';
import { systemContext } from '../../acl/context.js';
import { transaction } from '../../database/transaction.js';
import { AppError, throwProblems } from '../../errors/app-error.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { hashPassword, verifyPassword } from '../../security/password.js';
import { PASSWORD_MIN_LENGTH } from './registration-input.js';
import { constraintViolation, violations } from './violations.js';

/** What changing a password or e-mail address uses (a password change renews the context). */
export type CustomerCredentialsDeps = Pick<CoreServices, 'db' | 'repositories' | 'salesChannelContexts'>;

/*
 * The logged-in customer's password and e-mail address (Shopware's ChangePasswordRoute and
 * ChangeEmailRoute), shared by the Store API and the storefront's account pages. Both need the current
 * password; a wrong one is a violation at `/password`, as in Shopware.
 */

const PASSWORD_MAX_LENGTH = 4096;
const EMAIL_MAX_LENGTH = 254;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// the partial unique index on lower(email) of non-guest customers (customer/migration.ts)
const EMAIL_UNIQUE_CONSTRAINT = 'customer_email_account_uniq';

const asObject = (body: unknown): Record<string, unknown> => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {});
const stringField = (source: Record<string, unknown>, key: string): string => (typeof source[key] === 'string' ? (source[key] as string) : '');

const wrongPassword = () => constraintViolation('/password', 'VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT', 'Your password is wrong');
const notEqual = (pointer: string, what: string) => constraintViolation(pointer, 'VIOLATION::NOT_EQUAL_ERROR', `The ${what} confirmation does not match.`);

/** The current password, checked against the stored hash; a miss is pushed to `found`. */
async function checkCurrentPassword(platform: CustomerCredentialsDeps, customerId: string, password: string, found: AppError[]): Promise<void> {
  if (password === '') {
    found.push(violations.blank('/password'));
    return;
  }
  const row = await platform.db.selectFrom('customer').select('password').where('id', '=', customerId).executeTakeFirst();
  const stored = (row?.password as string | null | undefined) ?? null;
  if (stored === null || password.length > PASSWORD_MAX_LENGTH || !(await verifyPassword(password, stored))) found.push(wrongPassword());
}

/**
 * Sets a new password after checking the current one. Every other session of the customer ends and the
 * current one continues under a NEW token (whoever held an old token is out); returns that context.
 */
export async function changePassword(platform: CustomerCredentialsDeps, context: SalesChannelContext, customerId: string, body: unknown): Promise<SalesChannelContext> {
  const source = asObject(body);
  const found: AppError[] = [];
  const newPassword = stringField(source, 'newPassword');
  if (newPassword === '') found.push(violations.blank('/newPassword'));
  else if ([...newPassword].length < PASSWORD_MIN_LENGTH) found.push(violations.tooShort('/newPassword', PASSWORD_MIN_LENGTH));
  else if (newPassword.length > PASSWORD_MAX_LENGTH || newPassword.includes('\u0000')) found.push(violations.invalidCharacters('/newPassword'));
  else if (newPassword !== stringField(source, 'newPasswordConfirm')) found.push(notEqual('/newPasswordConfirm', 'password'));
  await checkCurrentPassword(platform, customerId, stringField(source, 'password'), found);
  throwProblems(found);
  const passwordHash = await hashPassword(newPassword);
  return transaction(platform.db, async (uow) => {
    await uow.db.updateTable('customer').set({ password: passwordHash, updated_at: sql`now()` }).where('id', '=', customerId).execute();
    await uow.db.deleteFrom('sales_channel_api_context').where('customer_id', '=', customerId).where('token', '!=', context.token).execute();
    return platform.salesChannelContexts.login(context, customerId, uow);
  });
}

/**
 * Changes the e-mail address after checking the current password. The address must be unused by every
 * other registered (non-guest) customer, as registration requires: else 400
 * `VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE` at `/email`.
 */
export async function changeEmail(platform: CustomerCredentialsDeps, customerId: string, body: unknown): Promise<void> {
  const source = asObject(body);
  const found: AppError[] = [];
  const email = stringField(source, 'email').trim();
  if (email === '') found.push(violations.blank('/email'));
  else if (email.length > EMAIL_MAX_LENGTH) found.push(violations.tooLong('/email', EMAIL_MAX_LENGTH));
  else if (email.includes('\u0000') || !EMAIL_PATTERN.test(email)) found.push(violations.invalidEmail('/email'));
  else if (email !== stringField(source, 'emailConfirmation').trim()) found.push(notEqual('/emailConfirmation', 'e-mail'));
  else {
    const taken = await platform.db
      .selectFrom('customer')
      .select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('guest', '=', false)
      .where('id', '!=', customerId)
      .executeTakeFirst();
    if (taken) found.push(violations.emailNotUnique('/email', email));
  }
  await checkCurrentPassword(platform, customerId, stringField(source, 'password'), found);
  throwProblems(found);
  try {
    await transaction(platform.db, (uow) => platform.repositories.get('customer').update({ id: customerId, email }, systemContext, uow));
  } catch (error) {
    // another customer took the address at the same moment: the index decides
    if (error instanceof AppError && (error.meta?.parameters as { constraint?: unknown } | undefined)?.constraint === EMAIL_UNIQUE_CONSTRAINT) {
      throw violations.emailNotUnique('/email', email);
    }
    throw error;
  }
}
