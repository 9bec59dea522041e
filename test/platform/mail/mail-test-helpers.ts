import { expect } from 'vitest';
import type { Platform } from '../../../src/platform/kernel.js';

export interface MailLogRow {
  id: string;
  type_technical_name: string;
  dedupe_key: string;
  state: string;
  attempts: number;
  recipients: Array<{ address: string; name?: string | null }> | null;
  subject: string | null;
  content_html: string | null;
  content_plain: string | null;
  last_error: string | null;
  transport: string | null;
  file_name: string | null;
  order_id: string | null;
  customer_id: string | null;
}

/** The mail log rows of a type, optionally only those to `address`, oldest first. */
export async function mailLog(platform: Platform, type: string, address?: string): Promise<MailLogRow[]> {
  const rows = (await platform.db.selectFrom('mail_log').selectAll().where('type_technical_name', '=', type).orderBy('created_at').execute()) as MailLogRow[];
  return address ? rows.filter((row) => row.recipients?.some((recipient) => recipient.address === address)) : rows;
}

/**
 * Waits until the worker has finished `count` mails of `type` (to `address`): sent or failed, no longer
 * queued. Gives up after 60 s with what there is, so the test's own assertion says what is missing.
 */
export async function finishedMails(platform: Platform, type: string, address: string | undefined, count = 1): Promise<MailLogRow[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = (await mailLog(platform, type, address)).filter((row) => row.state !== 'queued');
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Lets the worker take whatever is queued now (for tests that assert nothing more arrives). */
export async function queueSettled(platform: Platform): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const waiting = (await platform.queue.stats()).find((queue) => queue.name === 'mail.send')?.size ?? 0;
    if (waiting === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The contact form's mail reached the shop owner over SMTP: subject, the message, and replies going to the sender. */
export async function expectContactMail(
  platform: Platform,
  smtp: { mailsTo(address: string): Array<{ parsed: { subject?: string; text?: string; replyTo?: { value: Array<{ address?: string }> } } }> },
  owner: string,
  expected: { subject: string; message: string; replyTo: string },
): Promise<void> {
  const [logged] = await finishedMails(platform, 'contact_form', owner);
  expect(logged?.state).toBe('sent');
  const [mail] = smtp.mailsTo(owner);
  expect(mail!.parsed.subject).toBe(expected.subject);
  expect(mail!.parsed.text).toContain(expected.message);
  expect(mail!.parsed.replyTo?.value[0]?.address).toBe(expected.replyTo);
}
