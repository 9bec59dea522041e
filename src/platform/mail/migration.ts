import type { Migration } from '../database/migrations.js';
import { createEntityTable, executeStatements } from '../database/schema.js';
import { newId } from '../ids.js';
import { readDefaultTemplate } from './default-templates/read-default-template.js';

/**
 * Mail template types, templates (a default per type, optionally one per sales channel), headers and
 * footers, and the log of mails. The log's `dedupe_key` makes a mail of one type for one entity and
 * event exist once, however often the event is delivered. The default header and footer are created
 * here, once: deleted later, they stay deleted. (Types and their templates are code's, see
 * mail-type-installer.ts.)
 */
export const mailMigration: Migration = {
  name: '0030_mail',
  async up(db) {
    await createEntityTable(db, 'mail_template_type', [
      'technical_name varchar(255) NOT NULL',
      'name varchar(255) NOT NULL',
      'available_variables jsonb NULL',
      'template_data jsonb NULL',
    ]);
    await createEntityTable(db, 'mail_template', [
      'mail_template_type_id uuid NOT NULL REFERENCES mail_template_type(id) ON DELETE CASCADE',
      'sales_channel_id uuid NULL REFERENCES sales_channel(id) ON DELETE CASCADE',
      'system_default boolean NOT NULL DEFAULT false',
      'description text NULL',
      'sender_name varchar(255) NULL',
      'subject text NOT NULL',
      'content_html text NOT NULL',
      'content_plain text NOT NULL',
    ]);
    await createEntityTable(db, 'mail_header_footer', [
      'sales_channel_id uuid NULL REFERENCES sales_channel(id) ON DELETE CASCADE',
      'system_default boolean NOT NULL DEFAULT false',
      'name varchar(255) NOT NULL',
      'description text NULL',
      'header_html text NULL',
      'header_plain text NULL',
      'footer_html text NULL',
      'footer_plain text NULL',
    ]);
    await createEntityTable(db, 'mail_log', [
      'type_technical_name varchar(255) NOT NULL',
      'dedupe_key varchar(512) NOT NULL',
      'sales_channel_id uuid NULL REFERENCES sales_channel(id) ON DELETE SET NULL',
      'order_id uuid NULL REFERENCES "order"(id) ON DELETE SET NULL',
      'customer_id uuid NULL REFERENCES customer(id) ON DELETE SET NULL',
      "state varchar(16) NOT NULL DEFAULT 'queued'",
      'attempts integer NOT NULL DEFAULT 0',
      'sender jsonb NULL',
      'recipients jsonb NULL',
      'subject text NULL',
      'content_html text NULL',
      'content_plain text NULL',
      'last_error text NULL',
      'transport varchar(16) NULL',
      'message_id text NULL',
      'server_response text NULL',
      'file_name text NULL',
      'sent_at timestamptz NULL',
      'bodies_removed_at timestamptz NULL',
    ]);
    await executeStatements(db, [
      'CREATE UNIQUE INDEX mail_template_type_technical_name_uniq ON mail_template_type (technical_name)',
      // one default (no sales channel) and at most one per sales channel for each type
      'CREATE UNIQUE INDEX mail_template_type_channel_uniq ON mail_template (mail_template_type_id, sales_channel_id) WHERE sales_channel_id IS NOT NULL',
      'CREATE UNIQUE INDEX mail_template_type_default_uniq ON mail_template (mail_template_type_id) WHERE sales_channel_id IS NULL',
      'CREATE UNIQUE INDEX mail_header_footer_channel_uniq ON mail_header_footer (sales_channel_id) WHERE sales_channel_id IS NOT NULL',
      'CREATE UNIQUE INDEX mail_header_footer_default_uniq ON mail_header_footer (system_default) WHERE system_default AND sales_channel_id IS NULL',
      "ALTER TABLE mail_log ADD CONSTRAINT mail_log_state_check CHECK (state IN ('queued', 'sent', 'failed'))",
      'CREATE UNIQUE INDEX mail_log_dedupe_key_uniq ON mail_log (dedupe_key)',
      'CREATE INDEX mail_log_order_idx ON mail_log (order_id) WHERE order_id IS NOT NULL',
      'CREATE INDEX mail_log_customer_idx ON mail_log (customer_id) WHERE customer_id IS NOT NULL',
      'CREATE INDEX mail_log_created_idx ON mail_log (created_at)',
      // the bodies still kept, oldest first: what the retention sweep walks
      'CREATE INDEX mail_log_bodies_kept_idx ON mail_log (created_at) WHERE bodies_removed_at IS NULL',
    ]);
    await db
      .insertInto('mail_header_footer')
      .values({
        id: newId(),
        system_default: true,
        name: 'Default header and footer',
        description: 'Frames the mails of every sales channel without one of its own.',
        header_html: readDefaultTemplate('header', 'html'),
        header_plain: readDefaultTemplate('header', 'txt'),
        footer_html: readDefaultTemplate('footer', 'html'),
        footer_plain: readDefaultTemplate('footer', 'txt'),
      })
      .execute();
  },
};
