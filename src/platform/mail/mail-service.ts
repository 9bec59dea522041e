import path from 'node:path';
import type { DatabaseHandle, Db } from '../database/connection.js';
import { isUnitOfWork, type UnitOfWork } from '../database/transaction.js';
import { newId } from '../ids.js';
import type { Env } from '../env.js';
import type { QueueService } from '../queue/queue-service.js';
import type { SecretBox } from '../security/secret-box.js';
import { MAIL_QUEUE, type MailJob } from './mail-job.js';
import type { MailAddress, MailReferences, MailTemplateContent, MailTypeDeclaration, PlatformMailType } from './mail-type.js';
import { installMailTypes } from './mail-type-installer.js';
import { MailTemplateCache } from './mail-template-cache.js';
import { FileTransport } from './transport/file-transport.js';
import type { MailTransport } from './transport/mail-transport.js';
import { parseMailerDsn } from './transport/mailer-dsn.js';
import { SmtpTransport } from './transport/smtp-transport.js';
import { platformMailTypes } from './types/index.js';

/** What a caller asks to be mailed. */
export interface MailRequest {
  /** The mail template type's technical name, e.g. `order_confirmation_mail`. */
  type: string;
  /**
   * `<type>:<entity id>:<event>`: a mail whose key was mailed already is not sent again, however often
   * its event arrives. Without one every request is a mail of its own.
   */
  dedupeKey?: string;
  salesChannelId?: string | null;
  /** What a platform type reads when the mail is sent (the order, the customer, ...). */
  references?: MailReferences;
  /** Recipients; a platform type finds them itself. */
  to?: MailAddress[];
  replyTo?: MailAddress;
  /** Template variables (plain JSON), over the ones the type reads. */
  variables?: Record<string, unknown>;
  /** Variables that are secrets (links with tokens): sealed in the queue and masked in the mail log. */
  secrets?: Record<string, string>;
  /** Render this template instead of the type's (the test mail route). */
  template?: MailTemplateContent;
}

const MAX_DEDUPE_KEY_LENGTH = 512;

/** What the mail service is built from. */
export interface MailServiceDeps {
  env: Env;
  database: DatabaseHandle;
  queue: QueueService;
  /** Seals a mail's secret variables in the queue. */
  secrets: SecretBox;
}

/**
 * The platform's mails (`platform.mail`). Sending is always queued: `enqueue` writes one queue message
 * in the caller's transaction (a mail exists exactly when the change that caused it commits) and the
 * worker renders and sends it (send-mail-job.ts), so no request waits for a mail server.
 */
export class MailService {
  /** The platform's own types by technical name (extensions' types live in the database only). */
  readonly types = new Map<string, PlatformMailType>(platformMailTypes.map((type) => [type.technicalName, type]));
  readonly #suppressed = new WeakSet<object>();
  #transport: MailTransport | undefined;
  #templates: MailTemplateCache | undefined;

  constructor(private readonly deps: MailServiceDeps) {}

  /** Queues a mail in `within`; undefined when mails are suppressed in it. Returns the mail log id. */
  async enqueue(within: Db | UnitOfWork, request: MailRequest): Promise<string | undefined> {
    if (this.isSuppressed(within)) return undefined;
    const mailId = newId();
    const dedupeKey = request.dedupeKey ?? `${request.type}:${mailId}`;
    if (dedupeKey.length > MAX_DEDUPE_KEY_LENGTH) throw new Error(`A mail's dedupe key has at most ${MAX_DEDUPE_KEY_LENGTH} characters`);
    const secrets = request.secrets && Object.keys(request.secrets).length > 0 ? request.secrets : undefined;
    const job: MailJob = {
      mailId,
      type: request.type,
      dedupeKey,
      salesChannelId: request.salesChannelId ?? null,
      references: request.references ?? {},
      ...(request.to ? { to: request.to } : {}),
      ...(request.replyTo ? { replyTo: request.replyTo } : {}),
      ...(request.variables ? { variables: request.variables } : {}),
      ...(secrets ? { sealed: this.deps.secrets.encrypt(JSON.stringify(secrets)) } : {}),
      ...(request.template ? { template: request.template } : {}),
    };
    await this.deps.queue.send(within, MAIL_QUEUE, job);
    return mailId;
  }

  /**
   * No mail is queued for what happens in this unit of work (Shopware's skip-trigger-flow): an import of
   * historic orders moving through their states must not mail their customers today.
   */
  suppress(uow: UnitOfWork): void {
    this.#suppressed.add(uow);
  }

  isSuppressed(within: Db | UnitOfWork): boolean {
    return isUnitOfWork(within) && this.#suppressed.has(within);
  }

  /** Creates or updates mail types (an extension's, on install and update); their templates stay the merchant's. */
  installTypes(within: Db | UnitOfWork, declarations: readonly MailTypeDeclaration[]): Promise<void> {
    return installMailTypes(within, declarations);
  }

  /** Templates and frames, kept per process until they change. */
  templates(): MailTemplateCache {
    this.#templates ??= new MailTemplateCache(this.deps.database);
    return this.#templates;
  }

  /** SMTP when MAILER_DSN is set, else `.eml` files below VAR_DIR. Built once per process. */
  transport(): MailTransport {
    this.#transport ??= this.deps.env.mailerDsn
      ? new SmtpTransport(parseMailerDsn(this.deps.env.mailerDsn))
      : new FileTransport(path.resolve(this.deps.env.varDir));
    return this.#transport;
  }
}
