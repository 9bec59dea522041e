import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { expectContactMail, finishedMails, queueSettled } from '../../mail/mail-test-helpers.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../mail/smtp-test-server.js';
import { Browser } from '../browser.js';
import { locationPath, pathOf, submitForm, textOf } from './shop-fixtures.js';

/** The footer's newsletter sign-up with its double opt-in link, and the contact page, over a real SMTP server. */
const OWNER = 'owner@shop.example.com';
const CONFIRM_LINK = /https?:\/\/[^/\s"]+\/newsletter-subscribe\?em=[0-9a-f]{40}&(?:amp;)?hash=[A-Za-z0-9]{32}/;

let smtp: SmtpTestServer;
let t: TestPlatform;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestPlatform({ env: { mailerDsn: smtp.dsn, mailRetryLimit: 0 } });
  await t.platform.systemConfig.set(t.platform.db, 'core.basicInformation.email', OWNER);
  await t.platform.queue.startWorker(0.5);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const recipient = (email: string) => t.platform.db.selectFrom('newsletter_recipient').select(['status', 'confirmed_at']).where('email', '=', email).executeTakeFirst();

describe('newsletter sign-up in the footer', () => {
  it('shows a labelled form on every page', async () => {
    const page = await new Browser(t.app).get('/account/login');
    expect(page.body).toMatch(/<form method="post" action="\/newsletter\/subscribe"/);
    expect(page.body).toContain('<label for="newsletter-email">Your e-mail for the newsletter');
    expect(page.body).toContain('<input type="hidden" name="redirectTo" value="/account/login">');
    expect(textOf(page.body)).toContain('Subscribe');
    expect(page.body).toContain('<a href="/contact">Contact</a>');
  });

  it('stores the address unconfirmed, mails the link, and the link confirms it once', async () => {
    const browser = new Browser(t.app);
    const email = 'reader@example.com';
    const posted = await submitForm(browser, '/account/login', '/newsletter/subscribe', { email, redirectTo: '/account/login' });
    expect(posted.statusCode, posted.body).toBe(302);
    expect(locationPath(posted)).toBe('/account/login');
    expect(textOf((await browser.get('/account/login')).body)).toContain('Thank you! Please confirm your subscription with the link we have sent you.');
    expect((await recipient(email))?.status).toBe('notSet');

    const [logged] = await finishedMails(t.platform, 'newsletterDoubleOptIn', email);
    expect(logged?.state).toBe('sent');
    const link = CONFIRM_LINK.exec(smtp.mailsTo(email)[0]?.parsed.text ?? '')?.[0];
    expect(link, 'the mail carries the confirmation link').toBeDefined();

    const confirmed = await browser.get(pathOf(link!.replace('&amp;', '&')));
    expect(confirmed.statusCode).toBe(200);
    expect(textOf(confirmed.body)).toContain('Subscription confirmed');
    const row = await recipient(email);
    expect(row?.status).toBe('optIn');
    expect(row?.confirmed_at).not.toBeNull();

    const again = await browser.get(pathOf(link!.replace('&amp;', '&')));
    expect(again.statusCode).toBe(404);
    expect(textOf(again.body)).toContain('Link invalid');
  });

  it('a first-time visitor signs up from any page, the 404 page included: the page that set the session cookie carries its token', async () => {
    for (const [index, url] of ['/', '/no-such-page'].entries()) {
      const browser = new Browser(t.app);
      const page = await browser.get(url);
      expect(page.headers['set-cookie']).toMatch(/^sw-context-token=[0-9a-f]{32};/);
      const token = Browser.csrfTokenOf(page);
      expect(page.body).toContain(`<input type="hidden" name="_csrf_token" value="${token}">`);
      const email = `first-visit-${index}@example.com`;
      const posted = await browser.request('POST', '/newsletter/subscribe', { form: { _csrf_token: token, email, redirectTo: url } });
      expect(posted.statusCode, posted.body).toBe(302);
      expect((await recipient(email))?.status).toBe('notSet');
    }
    // their opt-in mails are sent before the next test counts what the server received
    await queueSettled(t.platform);
  });

  it('refuses an invalid address: a message, no row, no mail', async () => {
    const browser = new Browser(t.app);
    const before = smtp.received.length;
    const posted = await submitForm(browser, '/', '/newsletter/subscribe', { email: 'not-an-address', redirectTo: 'https://evil.example/' });
    expect(posted.statusCode).toBe(302);
    expect(locationPath(posted)).toBe('/');
    expect(textOf((await browser.get('/')).body)).toContain('Please enter a valid email address to subscribe to the newsletter.');
    expect(await recipient('not-an-address')).toBeUndefined();
    await queueSettled(t.platform);
    expect(smtp.received.length).toBe(before);
  });

  it('refuses a post without the CSRF token', async () => {
    const browser = new Browser(t.app);
    await browser.get('/');
    const forged = await browser.request('POST', '/newsletter/subscribe', { form: { email: 'forged@example.com' } });
    expect(forged.statusCode).toBe(403);
    expect(await recipient('forged@example.com')).toBeUndefined();
  });

  it('answers a made-up link with the invalid-link page', async () => {
    const page = await new Browser(t.app).get(`/newsletter-subscribe?em=${'0'.repeat(40)}&hash=${'a'.repeat(32)}`);
    expect(page.statusCode).toBe(404);
    expect(textOf(page.body)).toContain('Link invalid');
  });
});

describe('contact page', () => {
  const message = { salutationId: '', firstName: 'Grace', lastName: 'Hopper', email: 'visitor@example.com', subject: 'Bulk order', comment: 'Can I order 40 mugs at once?' };

  it('shows the form with labels and required markers', async () => {
    const page = await new Browser(t.app).get('/contact');
    expect(page.statusCode).toBe(200);
    for (const label of ['Salutation', 'First name', 'Last name', 'Email address', 'Phone number', 'Subject', 'Message']) expect(page.body).toMatch(new RegExp(`<label for="field-[a-zA-Z]+">${label}`));
    expect(page.body).toContain('<label for="field-subject">Subject <span class="required" aria-hidden="true">*</span></label>');
    expect(page.body).toContain('<option value="">Select a salutation</option>');
    expect(page.body).toMatch(/<option value="[0-9a-f]{32}">Mrs\.<\/option>/);
    expect(page.body).toContain('<label for="field-phone">Phone number</label>');
  });

  it('mails the message to the shop owner and thanks the visitor', async () => {
    const browser = new Browser(t.app);
    const mrs = /<option value="([0-9a-f]{32})">Mrs\.<\/option>/.exec((await browser.get('/contact')).body)?.[1];
    const posted = await submitForm(browser, '/contact', '/contact', { ...message, salutationId: mrs! });
    expect(posted.statusCode, posted.body).toBe(302);
    expect(locationPath(posted)).toBe('/contact');
    expect(textOf((await browser.get('/contact')).body)).toContain('Thank you! We will get back to you soon.');
    await expectContactMail(t.platform, smtp, OWNER, { subject: 'Contact form: Bulk order', message: 'Can I order 40 mugs at once?', replyTo: 'visitor@example.com' });
  });

  it('shows the form again with the values and a message at each refused field, and sends nothing', async () => {
    const browser = new Browser(t.app);
    const before = smtp.received.length;
    const refused = await submitForm(browser, '/contact', '/contact', { ...message, email: 'not-an-address', subject: '', comment: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="not-an-address"');
    expect(refused.body).toContain('value="Grace"');
    for (const field of ['email', 'subject', 'comment']) expect(refused.body).toContain(`aria-describedby="field-${field}-error"`);
    expect(refused.body).not.toContain('aria-describedby="field-firstName-error"');
    await queueSettled(t.platform);
    expect(smtp.received.length).toBe(before);
  });

  it("marks the phone required where the channel's settings say so, and refuses the form without it", async () => {
    await t.platform.systemConfig.set(t.platform.db, 'core.basicInformation.phoneNumberFieldRequired', true);
    try {
      const browser = new Browser(t.app);
      expect((await browser.get('/contact')).body).toContain('<label for="field-phone">Phone number <span class="required" aria-hidden="true">*</span></label>');
      const before = smtp.received.length;
      const refused = await submitForm(browser, '/contact', '/contact', message);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('aria-describedby="field-phone-error"');
      await queueSettled(t.platform);
      expect(smtp.received.length).toBe(before);
    } finally {
      await t.platform.systemConfig.set(t.platform.db, 'core.basicInformation.phoneNumberFieldRequired', null);
    }
  });

  it('refuses a post without the CSRF token', async () => {
    const browser = new Browser(t.app);
    await browser.get('/contact');
    const forged = await browser.request('POST', '/contact', { form: message });
    expect(forged.statusCode).toBe(403);
  });
});
