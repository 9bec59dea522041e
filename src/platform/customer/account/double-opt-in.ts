import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../database/connection.js';
import { transaction, type UnitOfWork } from '../../database/transaction.js';
import type { EntityRecord } from '../../entities/serializer.js';
import { errors, throwProblems, type AppError } from '../../errors/app-error.js';
import type { CoreServices } from '../../core-services.js';
import { customerRegisterMailType } from '../../mail/types/customer-mail-types.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { accountErrors } from './account-errors.js';
import { newAccountToken, tokenDigest } from './account-tokens.js';
import { loadCustomerJson } from './customer-json.js';
import { CUSTOMER_REGISTERED_EVENT } from './customer-events.js';
import { recordLogin } from './customer-login.js';
import { violations } from './violations.js';

/** What the double opt-in uses: its settings, the customer records, the context and the mail. */
export type DoubleOptInDeps = Pick<CoreServices, 'db' | 'env' | 'mail' | 'repositories' | 'salesChannelContexts' | 'systemConfig'>;

/** Shopware's setting: registrations in the sales channel wait for the e-mail address to be confirmed. */
export const DOUBLE_OPT_IN_SETTING = 'core.loginRegistration.doubleOptInRegistration';
/** Where the confirmation link leads, below the storefront URL (Shopware's default). */
export const CONFIRM_PATH = '/registration/confirm';

export async function requiresDoubleOptIn(platform: DoubleOptInDeps, salesChannelId: string): Promise<boolean> {
  const value = await platform.systemConfig.get(DOUBLE_OPT_IN_SETTING, salesChannelId);
  return value === true || value === 'true' || value === 1 || value === '1';
}

/** Shopware's `em` parameter: the SHA-1 of the address, so the link names the account without showing it. */
export function emailDigest(email: string): string {
  return createHash('sha1').update(email, 'utf8').digest('hex');
}

/**
 * Marks a new (inactive) account as waiting for its confirmation and returns the confirmation link.
 * Only the token's SHA-256 is stored; the link travels sealed in the queued mail.
 */
export async function startDoubleOptIn(uow: UnitOfWork, customer: { id: string; email: string }, storefrontUrl: string): Promise<string> {
  const token = newAccountToken();
  await uow.db
    .updateTable('customer')
    .set({ double_opt_in_registration: true, double_opt_in_email_sent_date: sql`now()`, double_opt_in_hash: tokenDigest(token), updated_at: sql`now()` })
    .where('id', '=', customer.id)
    .execute();
  return `${storefrontUrl.replace(/\/+$/, '')}${CONFIRM_PATH}?em=${emailDigest(customer.email)}&hash=${token}`;
}

/** The storefront address a link points to: the one the registration named, else the channel's first domain, else APP_URL. */
export async function storefrontUrlOf(platform: DoubleOptInDeps, db: Db | UnitOfWork['db'], salesChannelId: string, given: string | null): Promise<string> {
  if (given) return given.replace(/\/+$/, '');
  const domain = await db.selectFrom('sales_channel_domain').select('url').where('sales_channel_id', '=', salesChannelId).orderBy('created_at').limit(1).executeTakeFirst();
  return typeof domain?.url === 'string' ? domain.url.replace(/\/+$/, '') : platform.env.appUrl;
}

export interface ConfirmedRegistration {
  customer: EntityRecord;
  /** Logged in as the confirmed customer, with a new token. */
  context: SalesChannelContext;
}

/**
 * Shopware's RegisterConfirmRoute: the link's `hash` and `em` activate the account and log the customer
 * in; the welcome mail follows. 404 for a link that matches no account, 412 when it is confirmed already.
 */
export async function confirmRegistration(platform: DoubleOptInDeps, context: SalesChannelContext, body: unknown): Promise<ConfirmedRegistration> {
  if (!isPlainObject(body)) throw errors.invalidRequest('The request body must be a JSON object.', '/');
  const problems: AppError[] = [];
  const hash = typeof body.hash === 'string' ? body.hash : '';
  const em = typeof body.em === 'string' ? body.em : '';
  if (hash.trim() === '') problems.push(violations.blank('/hash'));
  if (em.trim() === '') problems.push(violations.blank('/em'));
  throwProblems(problems);
  if (hash.length > 256) throw accountErrors.notFoundByHash();

  return transaction(platform.db, async (uow) => {
    const customer = await uow.db
      .selectFrom('customer')
      .select(['id', 'email', 'sales_channel_id', 'double_opt_in_confirm_date'])
      .where('double_opt_in_hash', '=', tokenDigest(hash))
      .forUpdate()
      .executeTakeFirst();
    if (!customer || emailDigest(customer.email as string) !== em) throw accountErrors.notFoundByHash();
    if (customer.double_opt_in_confirm_date !== null) throw accountErrors.alreadyConfirmed();
    const customerId = customer.id as string;
    await uow.db.updateTable('customer').set({ active: true, double_opt_in_confirm_date: sql`now()`, updated_at: sql`now()` }).where('id', '=', customerId).execute();
    await recordLogin(uow, customerId);
    const loggedIn = await platform.salesChannelContexts.login(context, customerId, uow);
    const type = customerRegisterMailType.technicalName;
    await platform.mail.enqueue(uow, {
      type,
      dedupeKey: `${type}:${customerId}:${CUSTOMER_REGISTERED_EVENT}`,
      salesChannelId: customer.sales_channel_id as string,
      references: { customerId },
    });
    const json = await loadCustomerJson(platform, customerId, uow);
    if (!json) throw new Error(`confirmRegistration: customer ${customerId} vanished inside its own transaction`);
    return { customer: json, context: loggedIn };
  });
}
