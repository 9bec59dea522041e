import { sql } from 'kysely';
import type { Db } from '../database/connection.js';

/** Shopware's NewsletterStatus, plus `undefined` for an address that never subscribed in the channel. */
export type CustomerNewsletterStatus = 'notSet' | 'direct' | 'optIn' | 'optOut' | 'undefined';

/**
 * The newsletter status of a customer's e-mail address in a sales channel (Shopware's
 * AccountNewsletterRecipientRoute): the recipient row's status, `undefined` when there is none.
 */
export async function customerNewsletterStatus(db: Db, salesChannelId: string, email: string): Promise<CustomerNewsletterStatus> {
  const row = await db
    .selectFrom('newsletter_recipient')
    .select('status')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('sales_channel_id', '=', salesChannelId)
    .executeTakeFirst();
  return (row?.status as CustomerNewsletterStatus | undefined) ?? 'undefined';
}
