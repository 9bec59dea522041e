import nodemailer, { type NodemailerError, type Transporter } from 'nodemailer';
import { DeliveryFailure, nodemailerMessage, type Delivery, type MailTransport, type OutgoingMail } from './mail-transport.js';
import { maskSecrets, type SmtpConfiguration } from './mailer-dsn.js';

/**
 * Sends over SMTP (nodemailer), one connection per mail: the worker sends a mail now and then, and a
 * pool's idle connections would outlive the platform's shutdown. A rejection the server calls final
 * (5xx, e.g. "550 mailbox unavailable") is permanent; a refused login, a 4xx, a timeout or a lost
 * connection may pass and is retried. Errors keep the server's answer and lose the password.
 */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp';
  readonly #transporter: Transporter;

  constructor(private readonly configuration: SmtpConfiguration) {
    this.#transporter = nodemailer.createTransport(configuration.options);
  }

  async deliver(mail: OutgoingMail): Promise<Delivery> {
    try {
      const info = await this.#transporter.sendMail(nodemailerMessage(mail));
      const rejected = (info.rejected ?? []) as unknown[];
      // some recipients of several refused, the others accepted: the mail went out, the refusals are noted
      const response = String(info.response ?? '');
      return { transport: 'smtp', serverResponse: rejected.length > 0 ? `${response} (refused: ${rejected.map(String).join(', ')})` : response };
    } catch (error) {
      throw this.#failure(error as NodemailerError);
    }
  }

  #failure(error: NodemailerError): DeliveryFailure {
    const answer = error.response ? String(error.response) : error.message;
    const step = error.command ? ` (${error.command.split(' ').slice(0, 2).join(' ')})` : '';
    const message = maskSecrets(`${this.configuration.target}: ${answer}${step}`, this.configuration.secrets);
    // a refused login is the shop's configuration, not the recipient: worth the retries while it is fixed
    return new DeliveryFailure(message, error.permanent === true && error.code !== 'EAUTH');
  }
}
