import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { DeliveryFailure, nodemailerMessage, type Delivery, type MailTransport, type OutgoingMail } from './mail-transport.js';

/** Where the `.eml` files go, relative to VAR_DIR. */
export const MAIL_FILE_FOLDER = 'mails';

/**
 * The embedded default (no MAILER_DSN): every mail becomes an `.eml` file below `<VAR_DIR>/mails/`,
 * named `<queued at>-<type>-<mail id>.eml` (so they sort by time), that any mail program opens. A
 * retry writes the same file again. Files are readable by the shop's user only: they are the mails,
 * recovery links included.
 */
export class FileTransport implements MailTransport {
  readonly kind = 'file';
  readonly #composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(private readonly varDir: string) {}

  async deliver(mail: OutgoingMail): Promise<Delivery> {
    const stamp = mail.queuedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const fileName = path.posix.join(MAIL_FILE_FOLDER, `${stamp}-${mail.type.replace(/[^A-Za-z0-9_.-]/g, '_')}-${mail.mailId}.eml`);
    try {
      const info = await this.#composer.sendMail(nodemailerMessage(mail));
      const target = path.join(this.varDir, fileName);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, info.message as Buffer, { mode: 0o600 });
      return { transport: 'file', fileName };
    } catch (error) {
      // a full disk or a missing permission may be fixed before the next attempt
      throw new DeliveryFailure(`writing ${fileName} failed: ${(error as Error).message}`, false);
    }
  }
}
