import type { Db } from '../database/connection.js';
import type { RepositoryFactory } from '../entities/repository.js';
import type { Env } from '../env.js';
import type { SystemConfigService } from '../system-config/system-config-service.js';

export interface MailAddress {
  address: string;
  name?: string | null;
}

/** What a template holds: nunjucks sources of the subject, the sender name and both bodies. */
export interface MailTemplateContent {
  subject: string;
  /** Shown as the sender's name; the sales channel's setting `core.mailerSettings.senderName` wins over it. */
  senderName: string | null;
  contentHtml: string;
  contentPlain: string;
}

/**
 * A kind of mail (Shopware's mail template type): its technical name, the variables its templates may
 * use (documented, and given as example values for the preview) and the English template it starts with.
 * Extensions declare theirs through `host.mail.installType` (sdk).
 */
export interface MailTypeDeclaration {
  /** e.g. `order_confirmation_mail`; unique. */
  technicalName: string;
  name: string;
  /** Variable path → what it holds, e.g. `{"order.orderNumber": "The order number"}`. */
  availableVariables: Record<string, string>;
  /** Example values of the variables (plain JSON), rendered by the preview. */
  templateData: Record<string, unknown>;
  defaultTemplate: MailTemplateContent & { description?: string };
}

/** The references a queued mail carries to what it is about, read again when it is sent. */
export interface MailReferences {
  orderId?: string;
  orderTransactionId?: string;
  refundId?: string;
  customerId?: string;
}

/** What mail types and the mail settings read records and settings with. */
export interface MailReaders {
  readonly db: Db;
  readonly env: Env;
  readonly repositories: RepositoryFactory;
  readonly systemConfig: SystemConfigService;
}

/** What a platform mail type reads for one mail when it is sent. */
export interface LoadedMail {
  variables: Record<string, unknown>;
  to: MailAddress[];
  salesChannelId: string | null;
  /** What the log links the mail to. */
  orderId?: string;
  customerId?: string;
}

/**
 * A mail type of the platform: the declaration plus, for mails about records, how its variables are read
 * when the mail is sent (in the worker, never in the request that caused it). `load` answers undefined
 * when what the mail is about is gone (an order deleted meanwhile); `salesChannelId` is the one the
 * sender gave. A type without `load` is sent with the variables and recipients its sender gave
 * (newsletter, extensions' types).
 */
export interface PlatformMailType extends MailTypeDeclaration {
  load?(readers: MailReaders, references: MailReferences, salesChannelId: string | null): Promise<LoadedMail | undefined>;
}
