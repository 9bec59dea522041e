import { isId } from '../ids.js';
import { isPlainObject } from '../util/is-plain-object.js';
import type { MailAddress, MailReferences, MailTemplateContent } from './mail-type.js';

/** The queue that sends mails; its handler is the only code that talks to a mail server. */
export const MAIL_QUEUE = 'mail.send';

/**
 * A queued mail: small, because it is written inside the business transaction that causes it. What it
 * is about is read again when it is sent (references), so the request that queued it pays one insert.
 */
export interface MailJob {
  /** The mail log row's id. */
  mailId: string;
  /** The mail template type's technical name. */
  type: string;
  /** `<type>:<entity id>:<event>`: the log keeps one mail per key. */
  dedupeKey: string;
  salesChannelId: string | null;
  references: MailReferences;
  /** Recipients, when the sender names them (else the type finds them). */
  to?: MailAddress[];
  replyTo?: MailAddress;
  variables?: Record<string, unknown>;
  /** Secret variables (links with tokens), sealed with the platform's secret box: never in clear in the queue. */
  sealed?: string;
  /** A template given with the mail (the test mail route) instead of the type's. */
  template?: MailTemplateContent;
}

function isAddress(value: unknown): value is MailAddress {
  return isPlainObject(value) && typeof value.address === 'string' && (value.name === undefined || value.name === null || typeof value.name === 'string');
}

/** The job's data if it has the shape of a MailJob (a queue message is input like any other). */
export function parseMailJob(data: unknown): MailJob | undefined {
  if (!isPlainObject(data)) return undefined;
  const { mailId, type, dedupeKey, salesChannelId, references, to, replyTo, variables, sealed, template } = data;
  if (!isId(mailId) || typeof type !== 'string' || typeof dedupeKey !== 'string') return undefined;
  if (salesChannelId !== null && !isId(salesChannelId)) return undefined;
  if (!isPlainObject(references) || !Object.values(references).every(isId)) return undefined;
  if (to !== undefined && !(Array.isArray(to) && to.every(isAddress))) return undefined;
  if (replyTo !== undefined && !isAddress(replyTo)) return undefined;
  if (variables !== undefined && !isPlainObject(variables)) return undefined;
  if (sealed !== undefined && typeof sealed !== 'string') return undefined;
  if (template !== undefined && !(isPlainObject(template) && typeof template.subject === 'string' && typeof template.contentHtml === 'string' && typeof template.contentPlain === 'string')) {
    return undefined;
  }
  return data as unknown as MailJob;
}
