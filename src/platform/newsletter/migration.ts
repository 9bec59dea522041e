import type { Migration } from '../database/migrations.js';
import { executeStatements } from '../database/schema.js';

/**
 * Shopware's newsletter_recipient: one row per address and sales channel with its status (notSet until
 * the double opt-in link is used, then optIn; direct without one; optOut after unsubscribing). `hash`
 * keeps only the SHA-256 of the link's token.
 */
export const newsletterRecipientMigration: Migration = {
  name: '0033_newsletter_recipient',
  async up(db) {
    await executeStatements(db, [
      `CREATE TABLE newsletter_recipient (
        id uuid PRIMARY KEY,
        email varchar(254) NOT NULL,
        title varchar(255) NULL,
        first_name varchar(255) NULL,
        last_name varchar(255) NULL,
        zip_code varchar(50) NULL,
        city varchar(255) NULL,
        street varchar(255) NULL,
        status varchar(20) NOT NULL CHECK (status IN ('notSet', 'direct', 'optIn', 'optOut')),
        hash char(64) NOT NULL,
        salutation_id uuid NULL REFERENCES salutation(id) ON DELETE SET NULL,
        language_id uuid NOT NULL REFERENCES language(id) ON DELETE CASCADE,
        sales_channel_id uuid NOT NULL REFERENCES sales_channel(id) ON DELETE CASCADE,
        confirmed_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NULL
      )`,
      'CREATE UNIQUE INDEX newsletter_recipient_email_channel_uniq ON newsletter_recipient (lower(email), sales_channel_id)',
      'CREATE UNIQUE INDEX newsletter_recipient_hash_uniq ON newsletter_recipient (hash)',
    ]);
  },
};
