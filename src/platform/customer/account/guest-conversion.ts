import { sql } from 'kysely';
import { transaction } from '../../database/transaction.js';
import { AppError, throwProblems } from '../../errors/app-error.js';
import type { CoreServices } from '../../core-services.js';
import { systemContext } from '../../acl/context.js';
import { hashPassword } from '../../security/password.js';
import { PASSWORD_MIN_LENGTH } from './registration-input.js';
import { violations } from './violations.js';

/** What converting a guest and deleting an account use. */
export type GuestConversionDeps = Pick<CoreServices, 'db' | 'repositories'>;

/*
 * A guest account becoming a registered one, and a customer deleting their account (Shopware's
 * ConvertGuestRoute and DeleteCustomerRoute), shared by the Store API and the storefront.
 */

const PASSWORD_MAX_LENGTH = 4096;
// the partial unique index on lower(email) of non-guest customers (customer/migration.ts)
const EMAIL_UNIQUE_CONSTRAINT = 'customer_email_account_uniq';

const notGuest = (customerId: string) =>
  new AppError(400, 'CHECKOUT__REGISTERED_CUSTOMER_CANNOT_BE_CONVERTED', `Customer with id "${customerId}" is not a guest`, { meta: { parameters: { customerId } } });

/**
 * Gives the logged-in guest account a password, making it a registered customer. A registered customer
 * is 400 `CHECKOUT__REGISTERED_CUSTOMER_CANNOT_BE_CONVERTED`; an address another registered customer
 * has is 400 `VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE` at `/email`, as in Shopware.
 */
export async function convertGuest(platform: GuestConversionDeps, customerId: string, body: unknown): Promise<void> {
  const row = await platform.db.selectFrom('customer').select(['guest', 'email']).where('id', '=', customerId).executeTakeFirstOrThrow();
  if (row.guest !== true) throw notGuest(customerId);
  const source = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const password = typeof source.password === 'string' ? source.password : '';
  const email = row.email as string;
  const found: AppError[] = [];
  if (password === '') found.push(violations.blank('/password'));
  else if ([...password].length < PASSWORD_MIN_LENGTH) found.push(violations.tooShort('/password', PASSWORD_MIN_LENGTH));
  else if (password.length > PASSWORD_MAX_LENGTH || password.includes('\u0000')) found.push(violations.invalidCharacters('/password'));
  const taken = await platform.db.selectFrom('customer').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).where('guest', '=', false).executeTakeFirst();
  if (taken) found.push(violations.emailNotUnique('/email', email));
  throwProblems(found);
  const passwordHash = await hashPassword(password);
  try {
    await platform.db.updateTable('customer').set({ guest: false, password: passwordHash, updated_at: sql`now()` }).where('id', '=', customerId).where('guest', '=', true).execute();
  } catch (error) {
    // a registration with the address at the same moment: the index decides
    if ((error as { constraint?: unknown }).constraint === EMAIL_UNIQUE_CONSTRAINT) throw violations.emailNotUnique('/email', email);
    throw error;
  }
}

/**
 * Deletes the logged-in customer: addresses, wishlist and recovery links go with the row, orders keep
 * their copy of the customer (their link is set to null), every session of the customer ends.
 */
export async function deleteCustomer(platform: GuestConversionDeps, customerId: string): Promise<void> {
  await transaction(platform.db, async (uow) => {
    await uow.db.deleteFrom('sales_channel_api_context').where('customer_id', '=', customerId).execute();
    await platform.repositories.get('customer').delete([customerId], systemContext, uow);
  });
}
