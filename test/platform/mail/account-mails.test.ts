import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';
import { Browser } from '../storefront/browser.js';
import { locationPath, registration, submitForm, textOf } from '../storefront/pages/shop-fixtures.js';
import { finishedMails, mailLog, queueSettled } from './mail-test-helpers.js';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server.js';

/**
 * The account flows that work through mailed links, end to end over a real SMTP server: password recovery
 * (Store API and storefront pages) and the double opt-in of registrations.
 */
const STOREFRONT_URL = 'http://localhost:8000';
const RECOVERY = 'customer.recovery.request';
const RESET_LINK = /http:\/\/localhost:8000\/account\/recover\/password\?hash=([A-Za-z0-9]{32})/;

let smtp: SmtpTestServer;
let t: TestPlatform;
let client: StoreApiClient;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestPlatform({ env: { mailerDsn: smtp.dsn, mailRetryLimit: 0 } });
  client = await createStoreApiClient(t);
  await t.platform.queue.startWorker(0.5);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The token of the newest recovery link mailed to `email`, once its mail went out. */
async function newestResetToken(email: string, mails: number): Promise<string> {
  const logged = await finishedMails(t.platform, RECOVERY, email, mails);
  expect(logged.map((row) => row.state)).toEqual(Array(mails).fill('sent'));
  const received = smtp.mailsTo(email).filter((mail) => mail.parsed.subject === 'Reset your password at Demo Shop');
  expect(received).toHaveLength(mails);
  const token = RESET_LINK.exec(received.at(-1)!.parsed.text ?? '')?.[1];
  expect(token, 'the mail carries the reset link').toBeDefined();
  expect(received.at(-1)!.parsed.html).toContain(`href="${STOREFRONT_URL}/account/recover/password?hash=${token}"`);
  return token!;
}

const askForLink = (email: string, storefrontUrl = STOREFRONT_URL) => client.storeApi('POST', '/store-api/account/recovery-password', { body: { email, storefrontUrl } });
const resetWith = (hash: string, newPassword: string, newPasswordConfirm = newPassword) =>
  client.storeApi('POST', '/store-api/account/recovery-password-confirm', { body: { hash, newPassword, newPasswordConfirm } });
const isExpired = (hash: string) => client.storeApi('POST', '/store-api/account/customer-recovery-is-expired', { body: { hash } });

describe('password recovery through the Store API', () => {
  it('mails a working single-use link, stores only its hash and masks it in the mail log', async () => {
    const account = await client.registerCustomerAccount({ email: 'forgetful@example.com' });
    // the welcome mail of the registration
    expect((await finishedMails(t.platform, 'customer_register', account.email))[0]?.state).toBe('sent');

    const asked = await askForLink(account.email);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ success: true });
    const token = await newestResetToken(account.email, 1);

    const stored = await t.platform.db.selectFrom('customer_recovery').select('hash').where('customer_id', '=', account.customer.id).executeTakeFirstOrThrow();
    expect(stored.hash).toBe(createHash('sha256').update(token).digest('hex'));
    const [logged] = await mailLog(t.platform, RECOVERY, account.email);
    expect(`${logged!.content_html}${logged!.content_plain}`).not.toContain(token);
    expect(logged!.content_plain).toContain('[hidden]');

    expect((await isExpired(token)).json()).toMatchObject({ isExpired: false, apiAlias: 'array_struct' });
    const mismatch = await resetWith(token, 'a-new-secret-1', 'another-secret-1');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0]).toMatchObject({ code: 'VIOLATION::NOT_EQUAL_ERROR', source: { pointer: '/newPasswordConfirm' } });

    const reset = await resetWith(token, 'a-new-secret-1');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ success: true });
    // the session of before is over; the new password logs in, the old one does not
    expect((await client.storeApi('GET', '/store-api/account/customer', { token: account.token })).statusCode).toBe(403);
    await client.login(account.email, 'a-new-secret-1');
    expect((await client.storeApi('POST', '/store-api/account/login', { body: { email: account.email, password: account.password } })).statusCode).toBe(401);

    const again = await resetWith(token, 'a-third-secret-1');
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH');
    expect(again.body).not.toContain(token);
    expect((await isExpired(token)).statusCode).toBe(404);
    await client.login(account.email, 'a-new-secret-1');
  });

  it('refuses an expired link (410) and one replaced by a newer request (404)', async () => {
    const account = await client.registerCustomerAccount({ email: 'slow-reader@example.com' });
    expect((await askForLink(account.email)).statusCode).toBe(200);
    const first = await newestResetToken(account.email, 1);
    expect((await askForLink(account.email)).statusCode).toBe(200);
    const second = await newestResetToken(account.email, 2);
    expect((await resetWith(first, 'a-new-secret-2')).statusCode).toBe(404);

    await sql`UPDATE customer_recovery SET created_at = now() - interval '2 hours 1 minute' WHERE customer_id = ${account.customer.id}`.execute(t.platform.db);
    expect((await isExpired(second)).json()).toMatchObject({ isExpired: true });
    const expired = await resetWith(second, 'a-new-secret-2');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED');
    await client.login(account.email, account.password);
  });

  it('answers an unknown address exactly as a known one and mails nobody; a foreign storefront URL is a violation', async () => {
    const unknown = await askForLink('nobody-here@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true });
    const foreign = await askForLink('nobody-here@example.com', 'https://evil.example');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ code: 'VIOLATION::NO_SUCH_CHOICE_ERROR', source: { pointer: '/storefrontUrl' } });
    const malformed = await isExpired('short');
    expect(malformed.statusCode).toBe(400);
    // a NUL character never reaches the database (PostgreSQL refuses it in text: that would be a 500)
    for (const body of [{ email: 'a@example.com', storefrontUrl: 'http://localhost:8000\u0000' }, { email: 'a\u0000@example.com', storefrontUrl: STOREFRONT_URL }]) {
      const answer = await client.storeApi('POST', '/store-api/account/recovery-password', { body });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors[0].status).toBe('400');
    }
    await queueSettled(t.platform);
    expect(await mailLog(t.platform, RECOVERY, 'nobody-here@example.com')).toHaveLength(0);
    expect(smtp.mailsTo('nobody-here@example.com')).toHaveLength(0);
  });
});

describe('forgot-password pages of the storefront', () => {
  it('lead from the login page to a mailed link, a new password and the login', async () => {
    const data = registration({ email: 'storefront-forgetful@example.com' });
    await client.registerCustomerAccount({ email: data.email, password: data.password });
    const browser = new Browser(t.app);
    expect((await browser.get('/account/login')).body).toContain('<a href="/account/recover">Forgot your password?</a>');

    const asked = await submitForm(browser, '/account/recover', '/account/recover', { email: data.email });
    expect(asked.statusCode).toBe(302);
    expect(locationPath(asked)).toBe('/account/recover');
    expect(textOf((await browser.get('/account/recover')).body)).toContain('If an account exists for this address, we have sent it a link');
    const token = await newestResetToken(data.email, 1);

    const page = await browser.get(`/account/recover/password?hash=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Choose a new password');
    const tooShort = await submitForm(browser, `/account/recover/password?hash=${token}`, '/account/recover/password', { hash: token, newPassword: 'short', newPasswordConfirm: 'short' });
    expect(tooShort.statusCode).toBe(400);
    const saved = await submitForm(browser, `/account/recover/password?hash=${token}`, '/account/recover/password', { hash: token, newPassword: 'storefront-secret-9', newPasswordConfirm: 'storefront-secret-9' });
    expect(saved.statusCode, saved.body).toBe(302);
    expect(locationPath(saved)).toBe('/account/login');
    await client.login(data.email, 'storefront-secret-9');

    const used = await browser.get(`/account/recover/password?hash=${token}`);
    expect(used.statusCode).toBe(410);
    expect(textOf(used.body)).toContain('This link does not work (any more)');
  });
});

describe('double opt-in registration', () => {
  beforeAll(() => t.platform.systemConfig.set(t.platform.db, 'core.loginRegistration.doubleOptInRegistration', true, DEFAULT_SALES_CHANNEL_ID));
  afterAll(() => t.platform.systemConfig.set(t.platform.db, 'core.loginRegistration.doubleOptInRegistration', null, DEFAULT_SALES_CHANNEL_ID));

  const CONFIRM_LINK = /http:\/\/localhost:8000\/registration\/confirm\?em=([0-9a-f]{40})&hash=([A-Za-z0-9]{32})/;

  async function confirmationLink(email: string): Promise<{ em: string; hash: string }> {
    const [logged] = await finishedMails(t.platform, 'customer_register.double_opt_in', email);
    expect(logged?.state).toBe('sent');
    expect(`${logged!.content_html}${logged!.content_plain}`).not.toMatch(/hash=[A-Za-z0-9]{32}/);
    const [mail] = smtp.mailsTo(email).filter((received) => received.parsed.subject === 'Please confirm your registration at Demo Shop');
    const match = CONFIRM_LINK.exec(mail?.parsed.text ?? '');
    expect(match, 'the mail carries the confirmation link').not.toBeNull();
    return { em: match![1]!, hash: match![2]! };
  }

  it('creates an inactive account, mails the link, and activates and logs in with it once', async () => {
    const email = 'careful@example.com';
    const registered = await client.storeApi('POST', '/store-api/account/register', {
      body: { email, password: 'careful-secret-1', firstName: 'Ada', lastName: 'Lovelace', storefrontUrl: STOREFRONT_URL, billingAddress: { street: 'Hauptstraße 1', zipcode: '10115', city: 'Berlin', countryId: registration().countryId } },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toMatchObject({ active: false, doubleOptInRegistration: true, doubleOptInConfirmDate: null });
    const guestToken = registered.headers['sw-context-token'] as string;
    expect((await client.storeApi('GET', '/store-api/account/customer', { token: guestToken })).statusCode).toBe(403);
    expect((await client.storeApi('POST', '/store-api/account/login', { body: { email, password: 'careful-secret-1' } })).statusCode).toBe(401);

    const { em, hash } = await confirmationLink(email);
    expect((await client.storeApi('POST', '/store-api/account/register-confirm', { body: { em: 'f'.repeat(40), hash } })).statusCode).toBe(404);
    const confirmed = await client.storeApi('POST', '/store-api/account/register-confirm', { body: { em, hash } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ active: true, email });
    const token = confirmed.headers['sw-context-token'] as string;
    expect((await client.storeApi('GET', '/store-api/account/customer', { token })).statusCode).toBe(200);
    const again = await client.storeApi('POST', '/store-api/account/register-confirm', { body: { em, hash } });
    expect(again.statusCode).toBe(412);
    expect(again.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED');

    // the welcome mail follows the confirmation, once
    expect((await finishedMails(t.platform, 'customer_register', email))[0]?.state).toBe('sent');
    await queueSettled(t.platform);
    expect(await mailLog(t.platform, 'customer_register', email)).toHaveLength(1);
  });

  it('in the storefront: the form says to confirm, the link logs in', async () => {
    const data = registration({ email: 'careful-shopper@example.com' });
    const browser = new Browser(t.app);
    const registered = await submitForm(browser, '/account/register', '/account/register', { ...data });
    expect(registered.statusCode).toBe(302);
    expect(locationPath(registered)).toBe('/account/login');
    expect(textOf((await browser.get('/account/login')).body)).toContain('please confirm your address');

    const { em, hash } = await confirmationLink(data.email);
    const confirmed = await browser.get(`/registration/confirm?em=${em}&hash=${hash}`);
    expect(confirmed.statusCode).toBe(302);
    expect(locationPath(confirmed)).toBe('/account');
    expect((await browser.get('/account')).statusCode).toBe(200);
  });
});
