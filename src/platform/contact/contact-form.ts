import { errors, throwProblems, type AppError } from '../errors/app-error.js';
import type { CoreServices } from '../core-services.js';
import { contactFormMailType } from '../mail/types/form-mail-types.js';
import { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { SalesChannelContext } from '../sales-channel/context/sales-channel-context.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { accountErrors } from '../customer/account/account-errors.js';
import { constraintViolation, violations } from '../customer/account/violations.js';

/** What the contact form uses: its settings and the mail to the shop owner. */
export type ContactFormDeps = Pick<CoreServices, 'db' | 'mail' | 'systemConfig'>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ID_PATTERN = /^[0-9a-f]{32}$/;
const MAX_COMMENT_LENGTH = 65_535;
/** System config that makes a field required, as in Shopware's contact form. */
const REQUIRED_SETTINGS = {
  firstName: 'core.basicInformation.firstNameFieldRequired',
  lastName: 'core.basicInformation.lastNameFieldRequired',
  phone: 'core.basicInformation.phoneNumberFieldRequired',
} as const;

/** Contact forms per client address per 15 minutes, per process: each one mails the shop owner. */
const contactRequests = new WeakMap<object, RateLimiter>();
function contactLimiter(platform: ContactFormDeps): RateLimiter {
  let limiter = contactRequests.get(platform);
  if (!limiter) contactRequests.set(platform, (limiter = new RateLimiter({ points: 5, durationMs: 15 * 60 * 1000, keyPrefix: 'contact-form' })));
  return limiter;
}

/** What Shopware's ContactFormRoute answers. */
export interface ContactFormResult {
  individualSuccessMessage: string;
  apiAlias: 'contact_form_result';
}

/**
 * Shopware's ContactFormRoute: `email`, `subject` and `comment` are required (first and last name and phone
 * when the channel's settings say so; names may not carry links, as they are printed in the mail). The
 * message is mailed to the shop owner (`core.basicInformation.email`) with the visitor as reply-to, queued
 * like every mail. 5 forms per client address per 15 minutes, then 429 `FRAMEWORK__RATE_LIMIT_EXCEEDED`.
 */
export async function sendContactForm(platform: ContactFormDeps, context: SalesChannelContext, body: unknown, options: { clientIp: string }): Promise<ContactFormResult> {
  if (!isPlainObject(body)) throw errors.invalidRequest('The request body must be a JSON object.', '/');
  const salesChannelId = context.salesChannel.id;
  const problems: AppError[] = [];
  const text = (key: string, max: number): string => {
    const value = body[key];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') {
      problems.push(violations.invalidType(`/${key}`, 'string'));
      return '';
    }
    if (value.length > max) problems.push(violations.tooLong(`/${key}`, max));
    else if (value.includes('\u0000')) problems.push(violations.invalidCharacters(`/${key}`));
    return value.trim();
  };
  const data = {
    firstName: text('firstName', 255),
    lastName: text('lastName', 255),
    email: text('email', 254),
    phone: text('phone', 255),
    subject: text('subject', 255),
    comment: text('comment', MAX_COMMENT_LENGTH),
  };
  if (data.email === '') problems.push(violations.blank('/email'));
  else if (!EMAIL_PATTERN.test(data.email)) problems.push(violations.invalidEmail('/email'));
  if (data.subject === '') problems.push(violations.blank('/subject'));
  if (data.comment === '') problems.push(violations.blank('/comment'));
  for (const [key, setting] of Object.entries(REQUIRED_SETTINGS)) {
    if (data[key as keyof typeof data] === '' && (await platform.systemConfig.get(setting, salesChannelId)) === true) problems.push(violations.blank(`/${key}`));
  }
  for (const key of ['firstName', 'lastName'] as const) {
    if (/https?:|www\.|\//i.test(data[key])) problems.push(constraintViolation(`/${key}`, 'VIOLATION::REGEX_FAILED_ERROR', 'This value is not valid.'));
  }
  const salutationId = body.salutationId;
  if (salutationId !== undefined && salutationId !== null && (typeof salutationId !== 'string' || !ID_PATTERN.test(salutationId))) problems.push(violations.invalidId('/salutationId'));
  throwProblems(problems);

  const decision = await contactLimiter(platform).consume(options.clientIp);
  if (!decision.allowed) throw accountErrors.rateLimited(decision.retryAfterSeconds);

  const name = [data.firstName, data.lastName].filter(Boolean).join(' ');
  await platform.mail.enqueue(platform.db, {
    type: contactFormMailType.technicalName,
    salesChannelId,
    replyTo: { address: data.email, name: name || null },
    variables: { contactFormData: data },
  });
  return { individualSuccessMessage: '', apiAlias: 'contact_form_result' };
}
