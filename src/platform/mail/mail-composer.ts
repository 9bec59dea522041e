import type { SecretBox } from '../security/secret-box.js';
import type { MailJob } from './mail-job.js';
import { commonVariables, senderOf } from './mail-settings.js';
import type { MailService } from './mail-service.js';
import type { MailAddress, MailReaders, MailTemplateContent } from './mail-type.js';
import { MailRenderProblem, renderMail, type MailFrame } from './rendering/render-mail.js';

/** A mail that cannot be composed, now or later (its order is gone, its template does not render). */
export class UncomposableMail extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UncomposableMail';
  }
}

export interface ComposedMail {
  from: MailAddress;
  to: MailAddress[];
  replyTo?: MailAddress;
  subject: string;
  html: string;
  text: string;
  /** The same with every secret masked: what the log keeps. */
  logged: { subject: string; html: string; text: string };
  orderId?: string;
  customerId?: string;
}

const MASK = '[hidden]';

/** What composing a mail reads: records and settings, the mail types and templates, and the key that opens sealed secrets. */
export interface MailComposerDeps extends MailReaders {
  readonly mail: MailService;
  readonly secrets: SecretBox;
}

/**
 * Turns a queued mail into the message to send, in the worker: reads what the type needs (the order,
 * the customer), the template of the sales channel (else the type's default, else the one shipped with
 * the platform), the header and footer, and the sender; renders; and masks the secrets for the log.
 */
export async function composeMail(platform: MailComposerDeps, job: MailJob): Promise<ComposedMail> {
  const type = platform.mail.types.get(job.type);
  const loaded = type?.load ? await type.load(platform, job.references, job.salesChannelId) : undefined;
  if (type?.load && !loaded) throw new UncomposableMail(`what the ${job.type} mail is about no longer exists`);
  const secrets = job.sealed ? (JSON.parse(platform.secrets.decrypt(job.sealed)) as Record<string, string>) : {};
  const salesChannelId = job.salesChannelId ?? loaded?.salesChannelId ?? null;
  const common = await commonVariables(platform, salesChannelId);
  const variables = { ...common, ...loaded?.variables, ...job.variables, ...secrets };
  const to = job.to ?? loaded?.to ?? [];
  if (to.length === 0) throw new UncomposableMail(`the ${job.type} mail has no recipient`);

  const template = job.template ?? (await templateOf(platform, job.type, salesChannelId)) ?? type?.defaultTemplate;
  if (!template) throw new UncomposableMail(`no template of type ${job.type} exists`);
  let rendered;
  try {
    rendered = renderMail(template, await frameOf(platform, salesChannelId), variables);
  } catch (error) {
    if (error instanceof MailRenderProblem) throw new UncomposableMail(`the template does not render: ${error.message}`);
    throw error;
  }
  const from = await senderOf(platform, salesChannelId, rendered.senderName, String(common.shopName));
  const hidden = maskedFragments(Object.values(secrets));
  const mask = (text: string) => hidden.reduce((masked, fragment) => masked.split(fragment).join(MASK), text);
  return {
    from,
    to,
    ...(job.replyTo ? { replyTo: job.replyTo } : {}),
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    logged: { subject: mask(rendered.subject), html: mask(rendered.html), text: mask(rendered.text) },
    ...(loaded?.orderId ? { orderId: loaded.orderId } : {}),
    ...(loaded?.customerId ? { customerId: loaded.customerId } : {}),
  };
}

/**
 * What to mask for the secrets: each value as it is and HTML-escaped (a link printed in the HTML body),
 * and every long token inside it (a link's `hash=...` however the template prints it). Longest first.
 */
function maskedFragments(secrets: readonly string[]): string[] {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  const fragments = secrets.flatMap((secret) => [secret, escape(secret), ...secret.split(/[^A-Za-z0-9]+/).filter((part) => part.length >= 20)]);
  return [...new Set(fragments.filter((fragment) => fragment.length > 0))].sort((a, b) => b.length - a.length);
}

/** The type's template for the sales channel, else its default (no sales channel). */
export async function templateOf(platform: Pick<MailComposerDeps, 'mail'>, type: string, salesChannelId: string | null): Promise<MailTemplateContent | undefined> {
  return (await platform.mail.templates().template(type, salesChannelId)) ?? undefined;
}

/** The sales channel's header and footer, else the default one. */
export async function frameOf(platform: Pick<MailComposerDeps, 'mail'>, salesChannelId: string | null): Promise<MailFrame | undefined> {
  return (await platform.mail.templates().frame(salesChannelId)) ?? undefined;
}
