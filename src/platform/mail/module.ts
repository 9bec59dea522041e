import type { PlatformModule } from '../module.js';
import { mailEntities } from './entities.js';
import { MAIL_QUEUE } from './mail-job.js';
import { mailTriggers } from './mail-triggers.js';
import { registerMailTemplateRoutes } from './mail-template-routes.js';
import { mailMigration } from './migration.js';
import { mailChangeReportsMigration } from './migration-change-reports.js';
import { parseMailerDsn } from './transport/mailer-dsn.js';
import { DEFAULT_MAIL_RETRY_DELAY_SECONDS, DEFAULT_MAIL_RETRY_LIMIT, sendQueuedMail } from './send-mail-job.js';

/**
 * Mails: template types, templates per sales channel, headers and footers and the mail log through the
 * generic Admin API; the preview and test mail routes; the events that queue the shop's mails; and the
 * queue handler that renders and sends them (SMTP from MAILER_DSN, else `.eml` files). See docs/mail.md.
 */
export const mailModule: PlatformModule = {
  name: 'mail',
  migrations: [mailMigration, mailChangeReportsMigration],
  entities: mailEntities,
  subscribers: mailTriggers,
  routes: (app, platform) => registerMailTemplateRoutes(app, platform),
  async boot(platform) {
    // a malformed MAILER_DSN stops the start, not the first mail (the message never shows the password)
    if (platform.env.mailerDsn) parseMailerDsn(platform.env.mailerDsn);
    // the retries come from the environment, so the handler is registered here rather than declared
    const retryLimit = platform.env.mailRetryLimit ?? DEFAULT_MAIL_RETRY_LIMIT;
    platform.queue.register({
      queue: MAIL_QUEUE,
      retryLimit,
      retryDelaySeconds: platform.env.mailRetryDelaySeconds ?? DEFAULT_MAIL_RETRY_DELAY_SECONDS,
      handle: (data) => sendQueuedMail(platform, data, retryLimit),
    });
    await platform.mail.installTypes(platform.db, [...platform.mail.types.values()]);
  },
};
