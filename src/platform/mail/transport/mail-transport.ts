import type { MailAddress } from '../mail-type.js';

/** One mail as it is handed to a transport. */
export interface OutgoingMail {
  /** The log row's id; files and Message-IDs are named after it, so a retry sends the same message. */
  mailId: string;
  /** For file names: the type's technical name. */
  type: string;
  /** When the mail was queued (the log row's creation), for file names. */
  queuedAt: Date;
  messageId: string;
  from: MailAddress;
  to: MailAddress[];
  replyTo?: MailAddress;
  subject: string;
  html: string;
  text: string;
}

export interface Delivery {
  transport: 'smtp' | 'file';
  /** The SMTP server's answer ("250 2.0.0 Ok: queued as …"). */
  serverResponse?: string;
  /** The `.eml` file, relative to VAR_DIR. */
  fileName?: string;
}

/**
 * A delivery that did not happen. `permanent`: sending the same mail again would be refused again (the
 * server rejected the recipient or the message for good), so it is not retried. The message never
 * carries a credential.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

export interface MailTransport {
  readonly kind: Delivery['transport'];
  /** Delivers the mail or throws a DeliveryFailure. */
  deliver(mail: OutgoingMail): Promise<Delivery>;
}

/** An address as nodemailer takes it. */
export function nodemailerAddress(address: MailAddress): { name: string; address: string } {
  return { name: address.name ?? '', address: address.address };
}

/** The message nodemailer composes or sends, the same for every transport. */
export function nodemailerMessage(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: nodemailerAddress(mail.from),
    to: mail.to.map(nodemailerAddress),
    ...(mail.replyTo ? { replyTo: nodemailerAddress(mail.replyTo) } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  };
}
