import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { addTemplateFolder, registerProfileSlot } from '../../../../src/platform/storefront/http/index.js';
import { Browser } from '../browser.js';
import { GERMANY_ID, locationPath, registerThroughForm, registration, submitForm, textOf } from './shop-fixtures.js';

let t: TestPlatform;

beforeAll(async () => {
  t = await createTestPlatform();
  // an extension's form on the profile page
  addTemplateFolder(t.app, fileURLToPath(new URL('../views/', import.meta.url)));
  registerProfileSlot(t.app, {
    id: 'test-bank-account',
    template: 'test-pages/bank-slot.njk',
    data: async (request) => ({ iban: `DE89 <${request.storefront.customer?.lastName}>` }),
  });
});

afterAll(async () => {
  await t?.close();
});

async function customerRow(email: string) {
  return t.platform.db
    .selectFrom('customer')
    .select(['id', 'first_name', 'last_name', 'password', 'default_billing_address_id'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

describe('CSRF', () => {
  it('refuses form posts without the visitor token with the 403 page, and changes nothing', async () => {
    const browser = new Browser(t.app);
    await browser.get('/account/login');
    const data = registration();
    for (const [action, form] of [
      ['/account/register', { ...data }],
      ['/account/login', { email: data.email, password: data.password }],
      ['/checkout/line-item/add', { productId: '0'.repeat(32) }],
      ['/account/logout', {}],
    ] as const) {
      const response = await browser.request('POST', action, { form });
      expect(response.statusCode, action).toBe(403);
      expect(response.body).toContain('The CSRF token is invalid. Reload the page and try again.');
    }
    // another visitor's token does not count either
    const other = new Browser(t.app);
    const otherToken = Browser.csrfTokenOf(await other.get('/account/register'));
    const forged = await browser.request('POST', '/account/register', { form: { ...data, _csrf_token: otherToken } });
    expect(forged.statusCode).toBe(403);
    expect(await customerRow(data.email)).toBeUndefined();
  });
});

describe('registration', () => {
  it('shows the form with the billing address and the channel countries, Germany preselected', async () => {
    const response = await new Browser(t.app).get('/account/register');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<form method="post" action="/account/register" novalidate>');
    expect(response.body).toContain(`<option value="${GERMANY_ID}" selected>Germany</option>`);
    expect(response.body).toContain('>Kenya</option>');
    expect(response.body).toContain('name="street"');
    expect(response.body).toContain('<input type="hidden" name="redirectTo" value="/account">');
  });

  it('re-renders with a message beside every invalid field and the entered values, never the password', async () => {
    const browser = new Browser(t.app);
    const response = await submitForm(browser, '/account/register', '/account/register', {
      firstName: 'Ada <b>',
      lastName: '',
      email: 'not-an-email',
      password: 'short',
      street: '',
      zipcode: '12345',
      city: 'Paris',
      countryId: GERMANY_ID,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Please check the marked fields.');
    expect(response.body).toContain('<div class="field-error" id="field-lastName-error">\n      This value should not be blank.');
    expect(response.body).toContain('<div class="field-error" id="field-email-error">\n      This value is not a valid email address.');
    expect(response.body).toContain('<div class="field-error" id="field-password-error">\n      This value is too short. It should have 8 characters or more.');
    expect(response.body).toContain('<div class="field-error" id="field-street-error">\n      This value should not be blank.');
    expect(response.body).not.toContain('id="field-city-error"');
    // entered values come back escaped; the password does not
    expect(response.body).toContain('value="Ada &lt;b&gt;"');
    expect(response.body).toContain('value="not-an-email"');
    expect(response.body).toContain('value="Paris"');
    expect(response.body).not.toContain('value="short"');
    expect(response.body).toContain(`<option value="${GERMANY_ID}" selected>Germany</option>`);
  });

  it('refuses an address that already has an account, and a country the channel does not offer', async () => {
    const existing = await registerThroughForm(new Browser(t.app));
    const response = await submitForm(new Browser(t.app), '/account/register', '/account/register', {
      ...registration({ email: existing.email.toUpperCase(), countryId: '0'.repeat(32) }),
    });
    expect(response.statusCode).toBe(400);
    expect(textOf(response.body)).toContain(`The email address ${existing.email.toUpperCase()} is already in use.`);
    expect(response.body).toContain('id="field-countryId-error"');
  });

  it('creates the account, logs the visitor in with a new session token and shows the profile', async () => {
    const browser = new Browser(t.app);
    await browser.get('/');
    const guestToken = browser.cookies.get('sw-context-token');
    const data = registration({ firstName: 'Katherine', lastName: 'Johnson' });
    const response = await submitForm(browser, '/account/register', '/account/register', { ...data, company: 'NASA' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/account');
    expect(browser.cookies.get('sw-context-token')).not.toBe(guestToken);

    const row = await customerRow(data.email);
    expect(row).toMatchObject({ first_name: 'Katherine', last_name: 'Johnson' });
    expect(row?.password).not.toBe(data.password);
    expect(row?.default_billing_address_id).toBeTruthy();

    const profile = await browser.get('/account');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('Your account has been created. Welcome!');
    expect(profile.body).toContain('<dd id="profile-name">Katherine Johnson</dd>');
    expect(profile.body).toContain(`<dd id="profile-email">${data.email}</dd>`);
    const text = textOf(profile.body);
    expect(text).toContain('NASA Katherine Johnson Main Street 1 10115 Berlin Germany');
    expect(profile.body).toContain('<summary>Katherine Johnson</summary>');
  });
});

describe('login and logout', () => {
  it('answers a wrong password and an unknown address with the same form and message', async () => {
    const data = await registerThroughForm(new Browser(t.app));
    const wrongPassword = await submitForm(new Browser(t.app), '/account/login', '/account/login', { email: data.email, password: 'wrong password!' });
    const unknownEmail = await submitForm(new Browser(t.app), '/account/login', '/account/login', { email: `nobody-${data.email}`, password: 'wrong password!' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain('<div class="alert alert-danger" role="alert">Could not find an account that matches the given e-mail address and password.</div>');
      expect(response.body).toContain('<form method="post" action="/account/login">');
    }
    expect(wrongPassword.body).toContain(`value="${data.email}"`);
    expect(wrongPassword.body).not.toContain('value="wrong password!"');
  });

  it('logs in, returns to the local redirectTo and shows the profile with the extension slot', async () => {
    const data = await registerThroughForm(new Browser(t.app), registration({ lastName: 'Lamarr' }));
    const browser = new Browser(t.app);
    const guard = await browser.get('/account');
    expect(guard.statusCode).toBe(302);
    expect(guard.headers.location).toBe('/account/login?redirectTo=%2Faccount');

    const loginPage = await browser.get('/account/login?redirectTo=%2Faccount');
    expect(loginPage.body).toContain('Please log in to continue.');
    expect(loginPage.body).toContain('<input type="hidden" name="redirectTo" value="/account">');
    const guestToken = browser.cookies.get('sw-context-token');
    const login = await browser.request('POST', '/account/login', {
      form: { _csrf_token: Browser.csrfTokenOf(loginPage), email: data.email.toUpperCase(), password: data.password, redirectTo: '/account' },
    });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/account');
    expect(browser.cookies.get('sw-context-token')).not.toBe(guestToken);

    const profile = await browser.get('/account');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('Welcome back, Grace!');
    expect(profile.body).toContain('<dd id="profile-name">Grace Lamarr</dd>');
    expect(profile.body).toContain('<section class="profile-slot" data-slot="test-bank-account">\n<form method="post" action="/pay-b/bank/save">');
    expect(profile.body).toContain(`<form method="post" action="/pay-b/bank/save"><input type="hidden" name="_csrf_token" value="${Browser.csrfTokenOf(profile)}">`);
    expect(profile.body).toContain('value="DE89 &lt;Lamarr&gt;"');

    // Shopware's profile address leads to the same page
    const alias = await browser.get('/account/profile');
    expect(alias.statusCode).toBe(302);
    expect(alias.headers.location).toBe('/account');

    // the login page sends a logged-in customer on
    const again = await browser.get('/account/login');
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/account');
  });

  it('never redirects off the shop after login', async () => {
    const data = await registerThroughForm(new Browser(t.app));
    const response = await submitForm(new Browser(t.app), '/account/login', '/account/login', { email: data.email, password: data.password, redirectTo: '//evil.example/phish' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/account');
  });

  it('logs out: a new session token, and the account page asks for a login again', async () => {
    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    const customerToken = browser.cookies.get('sw-context-token')!;
    const response = await submitForm(browser, '/account', '/account/logout', {});
    expect(response.statusCode).toBe(302);
    expect(locationPath(response)).toBe('/account/login');
    expect(browser.cookies.get('sw-context-token')).not.toBe(customerToken);
    const stored = await t.platform.db.selectFrom('sales_channel_api_context').select('token').where('token', '=', customerToken).executeTakeFirst();
    expect(stored).toBeUndefined();

    const page = await browser.get('/account/login');
    expect(page.body).toContain('You have been logged out.');
    expect((await browser.get('/account')).statusCode).toBe(302);
  });
});
