import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { transaction } from '../database/transaction.js';
import { errors, throwProblems, type AppError } from '../errors/app-error.js';
import { newId } from '../ids.js';
import type { CoreServices } from '../core-services.js';
import { newsletterDoubleOptInMailType } from '../mail/types/form-mail-types.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { accountErrors } from '../customer/account/account-errors.js';
import { newAccountToken, tokenDigest } from '../customer/account/account-tokens.js';
import { isDomainOf } from '../customer/account/password-recovery.js';
import { constraintViolation, violations } from '../customer/account/violations.js';
import { newsletterErrors } from './newsletter-errors.js';

/** What the newsletter subscription uses: its settings, the recipient rows and the mails. */
export type NewsletterSubscriptionDeps = Pick<CoreServices, 'db' | 'mail' | 'systemConfig'>;

/** Shopware's newsletter_recipient statuses. */
export type NewsletterStatus = 'notSet' | 'direct' | 'optIn' | 'optOut';

/** Where the double opt-in link leads below the storefront URL (Shopware's `core.newsletter.subscribeUrl` default). */
export const NEWSLETTER_CONFIRM_PATH = '/newsletter-subscribe';
/** System config: false lets `option: direct` subscribe without a confirmation (Shopware's default is true). */
export const DOUBLE_OPT_IN_KEY = 'core.newsletter.doubleOptIn';

const OPTIONS = ['direct', 'subscribe', 'confirmSubscribe', 'unsubscribe'] as const;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ID_PATTERN = /^[0-9a-f]{32}$/;
const TEXT_FIELDS = { firstName: 'first_name', lastName: 'last_name', street: 'street', city: 'city', zipCode: 'zip_code', title: 'title' } as const;

/** Subscriptions per client address per 15 minutes, per process: each one mails an address the client names. */
const subscribeRequests = new WeakMap<object, RateLimiter>();
function subscribeLimiter(platform: NewsletterSubscriptionDeps): RateLimiter {
  let limiter = subscribeRequests.get(platform);
  if (!limiter) subscribeRequests.set(platform, (limiter = new RateLimiter({ points: 10, durationMs: 15 * 60 * 1000, keyPrefix: 'newsletter-subscribe' })));
  return limiter;
}

/** The `em` of a confirmation link: the SHA-1 of the address, as Shopware builds it. */
export function emailDigest(email: string): string {
  return createHash('sha1').update(email, 'utf8').digest('hex');
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw errors.invalidRequest('The request body must be a JSON object.', '/');
  return body;
}

function checkedEmail(input: Record<string, unknown>, problems: AppError[]): string {
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  if (email === '') problems.push(violations.blank('/email'));
  else if (email.length > 254 || !EMAIL_PATTERN.test(email) || email.includes('\u0000')) problems.push(violations.invalidEmail('/email'));
  return email;
}

export interface SubscribeOptions {
  clientIp: string;
  /** The storefront's own origin: trusted, not checked against the channel's domains. */
  trustedStorefrontUrl?: string;
}

/**
 * Shopware's NewsletterSubscribeRoute. `subscribe` (and `confirmSubscribe`, which needs the mailed link
 * here too) stores the recipient as `notSet` and mails the double opt-in link; `direct` subscribes at
 * once only where the channel switched double opt-in off; `unsubscribe` opts out. An address already
 * subscribed gets no second mail. Answers the recipient's status.
 */
export async function subscribeToNewsletter(platform: NewsletterSubscriptionDeps, context: SalesChannelContext, body: unknown, options: SubscribeOptions): Promise<NewsletterStatus> {
  const input = objectBody(body);
  const problems: AppError[] = [];
  const email = checkedEmail(input, problems);
  const option = input.option;
  if (option === undefined || option === null || option === '') problems.push(violations.blank('/option'));
  else if (typeof option !== 'string' || !(OPTIONS as readonly string[]).includes(option)) problems.push(violations.noSuchChoice('/option'));
  const salutationId = input.salutationId;
  if (salutationId !== undefined && salutationId !== null && (typeof salutationId !== 'string' || !ID_PATTERN.test(salutationId))) problems.push(violations.invalidId('/salutationId'));
  const fields: Record<string, string | null> = {};
  for (const [key, column] of Object.entries(TEXT_FIELDS)) {
    const value = input[key];
    if (value === undefined || value === null || value === '') fields[column] = null;
    else if (typeof value !== 'string') problems.push(violations.invalidType(`/${key}`, 'string'));
    else if (value.length > 255) problems.push(violations.tooLong(`/${key}`, 255));
    else if (value.includes('\u0000')) problems.push(violations.invalidCharacters(`/${key}`));
    // Shopware refuses links in names: the name is printed in the mail
    else if (/https?:|www\./i.test(value)) problems.push(constraintViolation(`/${key}`, 'VIOLATION::REGEX_FAILED_ERROR', 'This value is not valid.'));
    else fields[column] = value.trim();
  }
  let storefrontUrl = options.trustedStorefrontUrl;
  if (storefrontUrl === undefined && option !== 'unsubscribe') {
    const given = typeof input.storefrontUrl === 'string' ? input.storefrontUrl.trim().replace(/\/+$/, '') : '';
    if (given === '') problems.push(violations.blank('/storefrontUrl'));
    else if (!(await isDomainOf(platform.db, context.salesChannel.id, given))) problems.push(violations.noSuchChoice('/storefrontUrl'));
    storefrontUrl = given;
  }
  throwProblems(problems);

  if (option === 'unsubscribe') {
    await unsubscribeFromNewsletter(platform, context, { email });
    return 'optOut';
  }
  const decision = await subscribeLimiter(platform).consume(options.clientIp);
  if (!decision.allowed) throw accountErrors.rateLimited(decision.retryAfterSeconds);

  const salesChannelId = context.salesChannel.id;
  const direct = option === 'direct' && (await platform.systemConfig.get(DOUBLE_OPT_IN_KEY, salesChannelId)) === false;
  const existing = await platform.db
    .selectFrom('newsletter_recipient')
    .select(['id', 'status'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('sales_channel_id', '=', salesChannelId)
    .executeTakeFirst();
  if (existing && (existing.status === 'optIn' || existing.status === 'direct')) return existing.status as NewsletterStatus;

  const status: NewsletterStatus = direct ? 'direct' : 'notSet';
  const token = newAccountToken();
  const row = {
    ...fields,
    email,
    status,
    hash: tokenDigest(token),
    salutation_id: typeof salutationId === 'string' ? await knownSalutation(platform, salutationId) : null,
    language_id: context.languageId,
    confirmed_at: direct ? sql`now()` : null,
  };
  await transaction(platform.db, async (uow) => {
    const id = (existing?.id as string | undefined) ?? newId();
    if (existing) await uow.db.updateTable('newsletter_recipient').set({ ...row, updated_at: sql`now()` }).where('id', '=', id).execute();
    else await uow.db.insertInto('newsletter_recipient').values({ id, ...row, sales_channel_id: salesChannelId }).execute();
    if (direct) return;
    const url = `${storefrontUrl!.replace(/\/+$/, '')}${NEWSLETTER_CONFIRM_PATH}?em=${emailDigest(email)}&hash=${token}`;
    const name = [fields.first_name, fields.last_name].filter(Boolean).join(' ');
    await platform.mail.enqueue(uow, {
      type: newsletterDoubleOptInMailType.technicalName,
      salesChannelId,
      to: [{ address: email, name: name || null }],
      variables: { newsletterRecipient: { firstName: fields.first_name, lastName: fields.last_name, email } },
      secrets: { url },
    });
  });
  return status;
}

async function knownSalutation(platform: NewsletterSubscriptionDeps, id: string): Promise<string> {
  const found = await platform.db.selectFrom('salutation').select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw violations.entityDoesNotExist('/salutationId', 'salutation', id);
  return id;
}

/**
 * Shopware's NewsletterConfirmRoute: the link's `hash` and `em` (the SHA-1 of the address) confirm the
 * subscription (`optIn`). The link works once: confirming replaces the stored hash.
 */
export async function confirmNewsletter(platform: NewsletterSubscriptionDeps, context: SalesChannelContext, body: unknown): Promise<void> {
  const input = objectBody(body);
  const hash = typeof input.hash === 'string' ? input.hash.trim() : '';
  const em = typeof input.em === 'string' ? input.em.trim() : '';
  const problems: AppError[] = [];
  if (hash === '') problems.push(violations.blank('/hash'));
  if (em === '') problems.push(violations.blank('/em'));
  throwProblems(problems);
  const recipient = await platform.db
    .selectFrom('newsletter_recipient')
    .select(['id', 'email'])
    .where('hash', '=', tokenDigest(hash))
    .where('sales_channel_id', '=', context.salesChannel.id)
    .executeTakeFirst();
  if (!recipient) throw newsletterErrors.recipientNotFound('hash');
  if (emailDigest(recipient.email as string) !== em) throw constraintViolation('/em', 'VIOLATION::NOT_EQUAL_ERROR', 'This value should be equal to the hash of the address.');
  const spent = await platform.db
    .updateTable('newsletter_recipient')
    .set({ status: 'optIn', confirmed_at: sql`now()`, updated_at: sql`now()`, hash: tokenDigest(newAccountToken()) })
    .where('id', '=', recipient.id)
    .where('hash', '=', tokenDigest(hash))
    .executeTakeFirst();
  // used at the same moment by another request
  if (Number(spent.numUpdatedRows) === 0) throw newsletterErrors.recipientNotFound('hash');
}

/**
 * Shopware's NewsletterUnsubscribeRoute: the address opts out in this channel. An address that never
 * subscribed answers the same, so the route tells nobody who is subscribed.
 */
export async function unsubscribeFromNewsletter(platform: NewsletterSubscriptionDeps, context: SalesChannelContext, body: unknown): Promise<void> {
  const input = objectBody(body);
  const problems: AppError[] = [];
  const email = checkedEmail(input, problems);
  throwProblems(problems);
  await platform.db
    .updateTable('newsletter_recipient')
    .set({ status: 'optOut', updated_at: sql`now()` })
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('sales_channel_id', '=', context.salesChannel.id)
    .execute();
}
