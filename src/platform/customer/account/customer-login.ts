import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { transaction, type UnitOfWork } from '../../database/transaction.js';
import type { CoreServices } from '../../core-services.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { hashPassword, verifyPassword } from '../../security/password.js';
import { accountErrors } from './account-errors.js';
import { customerLoginThrottle } from './customer-login-throttle.js';

/** What logging a customer in and out uses: the customer rows and the context it switches. */
export type CustomerLoginDeps = Pick<CoreServices, 'db' | 'salesChannelContexts'>;

export interface CustomerCredentials {
  email: string;
  password: string;
}

// the customer.email column's length
const MAX_EMAIL_LENGTH = 254;

// verified when the e-mail is unknown, so a miss costs as much as a wrong password (no account probing by timing)
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Logs a customer in (Shopware's LoginRoute): the returned context has a NEW token, the guest token
 * stops working. Wrong password, unknown e-mail, inactive and guest accounts all answer the same 401
 * `CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS`; after 10 failures per e-mail and client address within 5
 * minutes attempts are refused with 429 `CHECKOUT__CUSTOMER_AUTH_THROTTLED`. Sets `lastLogin` (and
 * `firstLogin` on the first login).
 */
export async function loginCustomer(platform: CustomerLoginDeps, context: SalesChannelContext, credentials: CustomerCredentials, clientIp: string): Promise<SalesChannelContext> {
  const email = credentials.email.trim();
  if (email === '' || credentials.password === '') throw accountErrors.badCredentials();
  // no account has such an address: answered before the database (which refuses NUL characters with
  // an error, a 500) and before the throttle
  if (email.length > MAX_EMAIL_LENGTH || email.includes('\u0000')) throw accountErrors.badCredentials();
  const throttle = customerLoginThrottle(platform);
  // counted before the password is checked: attempts at the same time count too
  const wait = await throttle.attempt(email, clientIp);
  if (wait > 0) throw accountErrors.throttled(wait);

  const customer = await platform.db
    .selectFrom('customer')
    .select(['id', 'password', 'active'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('guest', '=', false)
    .executeTakeFirst();
  const storedHash = (customer?.password as string | null | undefined) ?? null;
  const passwordMatches = await verifyPassword(credentials.password, storedHash ?? (await dummyPasswordHash()));
  if (!customer || storedHash === null || !passwordMatches || customer.active !== true) throw accountErrors.badCredentials();
  await throttle.succeed(email, clientIp);
  const customerId = customer.id as string;
  return transaction(platform.db, async (uow) => {
    await recordLogin(uow, customerId);
    return platform.salesChannelContexts.login(context, customerId, uow);
  });
}

/** Logs the customer out: the token is dropped and the visitor continues as a new guest (new token). */
export async function logoutCustomer(platform: CustomerLoginDeps, context: SalesChannelContext, within?: Db | UnitOfWork): Promise<SalesChannelContext> {
  return platform.salesChannelContexts.logout(context, within);
}

/** Stamps a login: `lastLogin` always, `firstLogin` once. */
export async function recordLogin(uow: UnitOfWork, customerId: string): Promise<void> {
  await uow.db
    .updateTable('customer')
    .set({ last_login: sql`now()`, first_login: sql`coalesce(first_login, now())`, updated_at: sql`now()` })
    .where('id', '=', customerId)
    .execute();
}
