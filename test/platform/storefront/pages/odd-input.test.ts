import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { Browser } from '../browser.js';
import { createShopProduct, registerThroughForm, registration, submitForm, textOf } from './shop-fixtures.js';

/** Form input no browser form sends by itself (NUL characters, redirect targets with any characters): messages, never a 500. */
let t: TestPlatform;

beforeAll(async () => {
  t = await createTestPlatform();
});

afterAll(async () => {
  await t?.close();
});

describe('redirect targets with characters a Location header cannot carry', () => {
  it('are sent percent-encoded after login and by the login page of a logged-in customer', async () => {
    const data = await registerThroughForm(new Browser(t.app));
    const browser = new Browser(t.app);
    const login = await submitForm(browser, '/account/login', '/account/login', { email: data.email, password: data.password, redirectTo: '/suche?q=Tasse €' });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/suche?q=Tasse%20%E2%82%AC');

    const loggedIn = await browser.get(`/account/login?redirectTo=${encodeURIComponent('/€')}`);
    expect(loggedIn.statusCode).toBe(302);
    expect(loggedIn.headers.location).toBe('/%E2%82%AC');
  });
});

describe('NUL characters in form fields', () => {
  it('answer the login form like a wrong login', async () => {
    const data = await registerThroughForm(new Browser(t.app));
    const response = await submitForm(new Browser(t.app), '/account/login', '/account/login', { email: `${data.email}\u0000`, password: data.password });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Could not find an account that matches the given e-mail address and password.');
  });

  it('are marked beside the registration field, and no account is created', async () => {
    const data = registration();
    const response = await submitForm(new Browser(t.app), '/account/register', '/account/register', { ...data, street: 'Main\u0000Street 1' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<div class="field-error" id="field-street-error">');
    expect(textOf(response.body)).toContain('This value contains characters that are not allowed.');
    expect(await t.platform.db.selectFrom('customer').select('id').where('email', '=', data.email).executeTakeFirst()).toBeUndefined();
  });

  it('send an order comment back to the confirm page with a message, and nothing is ordered', async () => {
    const productId = await createShopProduct(t.platform, { name: 'Teapot' });
    const browser = new Browser(t.app);
    const data = await registerThroughForm(browser);
    await submitForm(browser, `/detail/${productId}`, '/checkout/line-item/add', { productId, quantity: '1' });

    const placed = await submitForm(browser, '/checkout/confirm', '/checkout/order', { customerComment: 'Ring\u0000twice', tos: '1' });
    expect(placed.statusCode).toBe(302);
    expect(placed.headers.location).toBe('/checkout/confirm');
    const confirm = await browser.get('/checkout/confirm');
    expect(confirm.body).toContain('Your comment contains characters that are not allowed.');
    const orders = await t.platform.db.selectFrom('order_customer').select('order_id').where('email', '=', data.email).execute();
    expect(orders).toEqual([]);
  });
});
