import { sql } from 'kysely';
import type { Db } from '../database/connection.js';
import type { MailAddress } from './mail-type.js';

/** How long the log keeps what a mail said; the row itself (who, when, state) stays. */
export const BODY_RETENTION_DAYS = 30;

export interface ClaimedMail {
  /** `duplicate`: another mail holds the dedupe key (nothing to send); `final`: this one was sent or failed already. */
  status: 'send' | 'duplicate' | 'final';
  /** Attempts made before this one. */
  attempts: number;
  queuedAt: Date;
}

export interface MailAttempt {
  state: 'queued' | 'sent' | 'failed';
  error?: string | null;
  sender?: MailAddress;
  recipients?: MailAddress[];
  subject?: string;
  html?: string;
  text?: string;
  transport?: string;
  messageId?: string;
  serverResponse?: string | null;
  fileName?: string | null;
  orderId?: string | null;
  customerId?: string | null;
}

/**
 * The mail log: a row per mail, created by the worker when it first takes the queued mail. Its dedupe key
 * is unique, so the second mail of one (type, entity, event), however it came to be queued, finds the key
 * taken and sends nothing. One statement: insert, or read the row a retry left.
 */
export async function claimMail(db: Db, mail: { mailId: string; type: string; dedupeKey: string; salesChannelId: string | null }): Promise<ClaimedMail> {
  const result = await sql<{ state: string; attempts: number; created_at: Date; fresh: boolean }>`
    WITH inserted AS (
      INSERT INTO mail_log (id, type_technical_name, dedupe_key, sales_channel_id, state)
      SELECT ${mail.mailId}::uuid, ${mail.type}, ${mail.dedupeKey}, sc.id, 'queued'
      FROM (SELECT ${mail.salesChannelId}::uuid AS wanted) w LEFT JOIN sales_channel sc ON sc.id = w.wanted
      ON CONFLICT DO NOTHING
      RETURNING state, attempts, created_at
    )
    SELECT state, attempts, created_at, true AS fresh FROM inserted
    UNION ALL
    SELECT state, attempts, created_at, false AS fresh FROM mail_log WHERE id = ${mail.mailId}::uuid AND NOT EXISTS (SELECT 1 FROM inserted)`.execute(db);
  const row = result.rows[0];
  if (!row) return { status: 'duplicate', attempts: 0, queuedAt: new Date() };
  const status = row.state === 'queued' ? 'send' : 'final';
  return { status, attempts: Number(row.attempts), queuedAt: new Date(row.created_at) };
}

/** Records one attempt: its outcome, and what was sent (bodies as they may be kept). */
export async function recordAttempt(db: Db, mailId: string, attempt: MailAttempt): Promise<void> {
  const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
  const set: Record<string, unknown> = {
    state: attempt.state,
    attempts: sql`attempts + 1`,
    last_error: attempt.error ?? null,
    updated_at: sql`now()`,
    sender: json(attempt.sender),
    recipients: json(attempt.recipients),
    subject: attempt.subject,
    content_html: attempt.html,
    content_plain: attempt.text,
    transport: attempt.transport,
    message_id: attempt.messageId,
    server_response: attempt.serverResponse,
    file_name: attempt.fileName,
    order_id: attempt.orderId,
    customer_id: attempt.customerId,
    ...(attempt.state === 'sent' ? { sent_at: sql`now()` } : {}),
  };
  for (const key of Object.keys(set)) if (set[key] === undefined) delete set[key];
  await db.updateTable('mail_log').set(set).where('id', '=', mailId).execute();
}

/**
 * Removes the subject-and-body part of mails older than the retention (subject and recipients stay:
 * the log still says who got what kind of mail when). At most `limit` rows per call. Returns how many.
 */
export async function removeOldBodies(db: Db, limit = 1000): Promise<number> {
  const result = await sql`
    UPDATE mail_log SET content_html = NULL, content_plain = NULL, bodies_removed_at = now()
    WHERE id IN (
      SELECT id FROM mail_log
      WHERE bodies_removed_at IS NULL AND created_at < now() - make_interval(days => ${BODY_RETENTION_DAYS})
      ORDER BY created_at LIMIT ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
