import { ChangeCache } from '../database/change-cache.js';
import type { DatabaseHandle } from '../database/connection.js';
import type { MailTemplateContent } from './mail-type.js';
import type { MailFrame } from './rendering/render-mail.js';

/**
 * The templates and frames mails are rendered with, kept per process until their tables change (every
 * process hears the change, see database/table-changes.ts): a mail costs no statement for them, and an
 * edit applies to the next mail.
 */
export class MailTemplateCache {
  readonly #templates: ChangeCache<string, MailTemplateContent | null>;
  readonly #frames: ChangeCache<string, MailFrame | null>;

  constructor(private readonly database: DatabaseHandle) {
    this.#templates = new ChangeCache(database.changes, ['mail_template', 'mail_template_type'], { maxEntries: 500 });
    this.#frames = new ChangeCache(database.changes, ['mail_header_footer'], { maxEntries: 100 });
  }

  /** The type's template for the sales channel, else its default (no sales channel); null when there is none. */
  template(type: string, salesChannelId: string | null): Promise<MailTemplateContent | null> {
    return this.#templates.get(`${type}|${salesChannelId ?? ''}`, async () => {
      let query = this.database.db
        .selectFrom('mail_template as t')
        .innerJoin('mail_template_type as tt', 'tt.id', 't.mail_template_type_id')
        .select(['t.subject', 't.sender_name', 't.content_html', 't.content_plain'])
        .where('tt.technical_name', '=', type);
      query = salesChannelId
        ? query.where((eb) => eb.or([eb('t.sales_channel_id', '=', salesChannelId), eb('t.sales_channel_id', 'is', null)]))
        : query.where('t.sales_channel_id', 'is', null);
      const row = await query.orderBy('t.sales_channel_id', (order) => order.asc().nullsLast()).limit(1).executeTakeFirst();
      return row ? { subject: row.subject, senderName: row.sender_name, contentHtml: row.content_html, contentPlain: row.content_plain } : null;
    });
  }

  /** The sales channel's header and footer, else the default one; null when there is none. */
  frame(salesChannelId: string | null): Promise<MailFrame | null> {
    return this.#frames.get(salesChannelId ?? '', async () => {
      let query = this.database.db.selectFrom('mail_header_footer').select(['header_html', 'header_plain', 'footer_html', 'footer_plain']);
      query = salesChannelId
        ? query.where((eb) => eb.or([eb('sales_channel_id', '=', salesChannelId), eb.and([eb('sales_channel_id', 'is', null), eb('system_default', '=', true)])]))
        : query.where('sales_channel_id', 'is', null).where('system_default', '=', true);
      const row = await query.orderBy('sales_channel_id', (order) => order.asc().nullsLast()).limit(1).executeTakeFirst();
      return row ? { headerHtml: row.header_html, headerPlain: row.header_plain, footerHtml: row.footer_html, footerPlain: row.footer_plain } : null;
    });
  }
}
