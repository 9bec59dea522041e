import type { Logger } from 'pino';
import { composeMail, UncomposableMail, type ComposedMail, type MailComposerDeps } from './mail-composer.js';
import { parseMailJob } from './mail-job.js';
import { claimMail, recordAttempt, removeOldBodies } from './mail-log.js';
import { DeliveryFailure } from './transport/mail-transport.js';

/** Retries after the first attempt, and the first delay (doubled per retry), unless the environment says otherwise. */
export const DEFAULT_MAIL_RETRY_LIMIT = 4;
export const DEFAULT_MAIL_RETRY_DELAY_SECONDS = 30;

/** The retention sweep runs on write, at most this often per process. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const lastSweep = new WeakMap<MailSenderDeps, number>();

/** What sending a queued mail uses: what composing it reads, and the log. */
export interface MailSenderDeps extends MailComposerDeps {
  readonly logger: Logger;
}

/**
 * Sends one queued mail (the `mail.send` queue's handler). The log row is claimed first: a second mail
 * with the same dedupe key sends nothing. A failure that may pass (a 4xx, a timeout, a refused login) is
 * recorded as an attempt and thrown, so the queue retries with back-off; a permanent one (a 5xx, a mail
 * that cannot be composed) and the last attempt end the mail as `failed`. Nothing here touches the order
 * or refund the mail is about.
 */
export async function sendQueuedMail(platform: MailSenderDeps, data: unknown, retryLimit: number): Promise<void> {
  const job = parseMailJob(data);
  if (!job) {
    platform.logger.error('mail: a queued mail of an unknown shape was dropped');
    return;
  }
  const claimed = await claimMail(platform.db, job);
  if (claimed.status !== 'send') {
    platform.logger.info({ mailId: job.mailId, type: job.type, status: claimed.status }, 'mail: nothing to send');
    return;
  }
  await sweepOldBodies(platform);
  const attempt = claimed.attempts + 1;
  const lastAttempt = attempt > retryLimit;

  let mail: ComposedMail;
  try {
    mail = await composeMail(platform, job);
  } catch (error) {
    if (!(error instanceof UncomposableMail) && !lastAttempt) {
      await recordAttempt(platform.db, job.mailId, { state: 'queued', error: `composing the mail failed: ${(error as Error).message}` });
      throw error;
    }
    await recordAttempt(platform.db, job.mailId, { state: 'failed', error: (error as Error).message });
    platform.logger.warn({ mailId: job.mailId, type: job.type, err: error }, 'mail: failed, it cannot be composed');
    return;
  }

  const sent = {
    sender: mail.from,
    recipients: mail.to,
    subject: mail.logged.subject,
    html: mail.logged.html,
    text: mail.logged.text,
    orderId: mail.orderId ?? null,
    customerId: mail.customerId ?? null,
  };
  const transport = platform.mail.transport();
  try {
    const delivery = await transport.deliver({
      mailId: job.mailId,
      type: job.type,
      queuedAt: claimed.queuedAt,
      messageId: `<${job.mailId}@${new URL(platform.env.appUrl).hostname}>`,
      from: mail.from,
      to: mail.to,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    });
    await recordAttempt(platform.db, job.mailId, {
      ...sent,
      state: 'sent',
      transport: delivery.transport,
      messageId: job.mailId,
      serverResponse: delivery.serverResponse ?? null,
      fileName: delivery.fileName ?? null,
    });
  } catch (error) {
    const failure = error instanceof DeliveryFailure ? error : new DeliveryFailure((error as Error).message, false);
    const final = failure.permanent || lastAttempt;
    await recordAttempt(platform.db, job.mailId, { ...sent, state: final ? 'failed' : 'queued', error: failure.message, transport: transport.kind });
    platform.logger.warn({ mailId: job.mailId, type: job.type, attempt, permanent: failure.permanent, reason: failure.message }, final ? 'mail: failed' : 'mail: attempt failed, retrying');
    if (!final) throw failure;
  }
}

/** The 30-day retention of bodies, run by whichever worker writes a mail, at most hourly. */
async function sweepOldBodies(platform: MailSenderDeps): Promise<void> {
  const now = Date.now();
  if (now - (lastSweep.get(platform) ?? 0) < SWEEP_INTERVAL_MS) return;
  lastSweep.set(platform, now);
  try {
    const removed = await removeOldBodies(platform.db);
    if (removed > 0) platform.logger.info({ removed }, 'mail: bodies older than the retention removed from the log');
  } catch (error) {
    platform.logger.error({ err: error }, 'mail: removing old bodies failed');
  }
}
