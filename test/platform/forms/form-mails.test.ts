import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';
import { expectContactMail, finishedMails, queueSettled } from '../mail/mail-test-helpers.js';
import { startSmtpTestServer, type SmtpTestServer } from '../mail/smtp-test-server.js';

/**
 * The Store API's forms end to end over a real SMTP server: the contact form reaches the shop owner,
 * the newsletter's double opt-in mails one link that confirms the subscription once.
 */
const STOREFRONT_URL = 'http://localhost:8000';
const OWNER = 'owner@shop.example.com';
const CONFIRM_LINK = /http:\/\/localhost:8000\/newsletter-subscribe\?em=([0-9a-f]{40})&amp;hash=([A-Za-z0-9]{32})|http:\/\/localhost:8000\/newsletter-subscribe\?em=([0-9a-f]{40})&hash=([A-Za-z0-9]{32})/;

let smtp: SmtpTestServer;
let t: TestPlatform;
let client: StoreApiClient;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestPlatform({ env: { mailerDsn: smtp.dsn, mailRetryLimit: 0 } });
  await t.platform.systemConfig.set(t.platform.db, 'core.basicInformation.email', OWNER);
  client = await createStoreApiClient(t);
  await t.platform.queue.startWorker(0.5);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const recipient = (email: string) => t.platform.db.selectFrom('newsletter_recipient').selectAll().where('email', '=', email).executeTakeFirst();

describe('contact form', () => {
  it('mails the message to the shop owner with the visitor as reply-to', async () => {
    const sent = await client.storeApi('POST', '/store-api/contact-form', {
      body: { email: 'visitor@example.com', firstName: 'Grace', lastName: 'Hopper', subject: 'Bulk order', comment: 'Can I order 40 mugs at once?' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ individualSuccessMessage: '', apiAlias: 'contact_form_result' });
    await expectContactMail(t.platform, smtp, OWNER, { subject: 'Contact form: Bulk order', message: 'Can I order 40 mugs at once?', replyTo: 'visitor@example.com' });
  });

  it('answers missing fields at their pointers and mails nothing', async () => {
    const before = smtp.received.length;
    const refused = await client.storeApi('POST', '/store-api/contact-form', { body: { email: 'not-an-address', subject: '' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((e: { code: string; source: { pointer: string } }) => `${e.source.pointer} ${e.code}`)).toEqual([
      '/email VIOLATION::INVALID_EMAIL_FORMAT_ERROR',
      '/subject VIOLATION::IS_BLANK_ERROR',
      '/comment VIOLATION::IS_BLANK_ERROR',
    ]);
    await queueSettled(t.platform);
    expect(smtp.received.length).toBe(before);
  });

  it('throttles per client address: the sixth form within 15 minutes is 429', async () => {
    const platform = await createTestPlatform();
    try {
      const visitor = await createStoreApiClient(platform);
      const body = { email: 'visitor@example.com', subject: 'Hello', comment: 'Just saying hello.' };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await visitor.storeApi('POST', '/store-api/contact-form', { body })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const last = await visitor.storeApi('POST', '/store-api/contact-form', { body });
      expect(last.json().errors[0].code).toBe('FRAMEWORK__RATE_LIMIT_EXCEEDED');
    } finally {
      await platform.close();
    }
  });
});

describe('newsletter double opt-in', () => {
  it('mails one link that confirms the subscription once; unsubscribing opts out', async () => {
    const email = 'reader@example.com';
    const subscribed = await client.storeApi('POST', '/store-api/newsletter/subscribe', { body: { email, option: 'subscribe', storefrontUrl: STOREFRONT_URL, firstName: 'Ada' } });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.json()).toEqual({ success: true, status: 'notSet' });
    expect((await recipient(email))?.status).toBe('notSet');

    const [logged] = await finishedMails(t.platform, 'newsletterDoubleOptIn', email);
    expect(logged?.state).toBe('sent');
    expect(logged?.content_plain).not.toMatch(/hash=[A-Za-z0-9]{32}/);
    const received = smtp.mailsTo(email);
    expect(received).toHaveLength(1);
    const match = CONFIRM_LINK.exec(received[0]!.parsed.text ?? '');
    expect(match, 'the mail carries the confirmation link').not.toBeNull();
    const em = match![1] ?? match![3]!;
    const hash = match![2] ?? match![4]!;
    // the database keeps the SHA-256 of the link's token, not the token
    expect((await recipient(email))?.hash).not.toBe(hash);

    const wrongEm = await client.storeApi('POST', '/store-api/newsletter/confirm', { body: { hash, em: '0'.repeat(40) } });
    expect(wrongEm.statusCode).toBe(400);
    const confirmed = await client.storeApi('POST', '/store-api/newsletter/confirm', { body: { hash, em } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ success: true });
    const row = await recipient(email);
    expect(row?.status).toBe('optIn');
    expect(row?.confirmed_at).not.toBeNull();
    const again = await client.storeApi('POST', '/store-api/newsletter/confirm', { body: { hash, em } });
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0].code).toBe('CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND');

    // subscribed already: no second mail
    const twice = await client.storeApi('POST', '/store-api/newsletter/subscribe', { body: { email, option: 'subscribe', storefrontUrl: STOREFRONT_URL } });
    expect(twice.json()).toEqual({ success: true, status: 'optIn' });
    await queueSettled(t.platform);
    expect(smtp.mailsTo(email)).toHaveLength(1);

    const left = await client.storeApi('POST', '/store-api/newsletter/unsubscribe', { body: { email } });
    expect(left.statusCode).toBe(200);
    expect((await recipient(email))?.status).toBe('optOut');
  });

  it('subscribes directly only where double opt-in is off', async () => {
    const doi = await client.storeApi('POST', '/store-api/newsletter/subscribe', { body: { email: 'direct-1@example.com', option: 'direct', storefrontUrl: STOREFRONT_URL } });
    expect(doi.json().status).toBe('notSet');
    await t.platform.systemConfig.set(t.platform.db, 'core.newsletter.doubleOptIn', false, DEFAULT_SALES_CHANNEL_ID);
    try {
      const direct = await client.storeApi('POST', '/store-api/newsletter/subscribe', { body: { email: 'direct-2@example.com', option: 'direct', storefrontUrl: STOREFRONT_URL } });
      expect(direct.json()).toEqual({ success: true, status: 'direct' });
      await queueSettled(t.platform);
      expect(smtp.mailsTo('direct-2@example.com')).toHaveLength(0);
    } finally {
      await t.platform.systemConfig.set(t.platform.db, 'core.newsletter.doubleOptIn', true, DEFAULT_SALES_CHANNEL_ID);
    }
  });

  it('refuses a storefront URL of no domain of the channel and an unknown option', async () => {
    const foreign = await client.storeApi('POST', '/store-api/newsletter/subscribe', { body: { email: 'x@example.com', option: 'subscribe', storefrontUrl: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].source.pointer).toBe('/storefrontUrl');
    const option = await client.storeApi('POST', '/store-api/newsletter/subscribe', { body: { email: 'x@example.com', option: 'maybe', storefrontUrl: STOREFRONT_URL } });
    expect(option.json().errors[0].code).toBe('VIOLATION::NO_SUCH_CHOICE_ERROR');
    const unknown = await client.storeApi('POST', '/store-api/newsletter/unsubscribe', { body: { email: 'never-subscribed@example.com' } });
    expect(unknown.statusCode).toBe(200);
  });
});
