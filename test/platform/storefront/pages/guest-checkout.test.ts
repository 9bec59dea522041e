import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { Browser } from '../browser.js';
import { createShopProduct, locationPath, registration, registerThroughForm, submitForm, textOf } from './shop-fixtures.js';

let t: TestPlatform;
let mugId: string;

beforeAll(async () => {
  t = await createTestPlatform();
  mugId = await createShopProduct(t.platform, { name: 'Coffee mug', gross: 12.5 });
});

afterAll(async () => {
  await t?.close();
});

/** A visitor with the mug in the cart, sent from the cart to checkout: the login page that offers a guest order. */
async function visitorAtCheckout(): Promise<Browser> {
  const browser = new Browser(t.app);
  const added = await submitForm(browser, `/detail/${mugId}`, '/checkout/line-item/add', { productId: mugId, quantity: '2' });
  expect(added.statusCode).toBe(302);
  const confirm = await browser.get('/checkout/confirm');
  expect(confirm.statusCode).toBe(302);
  expect(locationPath(confirm)).toBe('/account/login?redirectTo=%2Fcheckout%2Fconfirm');
  return browser;
}

/** The guest's details, through the form the login page links to. */
async function guestDetails(browser: Browser, data = registration()) {
  const { password: _password, ...details } = data;
  const response = await submitForm(browser, '/account/register?redirectTo=%2Fcheckout%2Fconfirm&guest=1', '/account/register', { ...details, guest: '1', redirectTo: '/checkout/confirm' });
  return { response, data };
}

const customersWith = (email: string) => t.platform.db.selectFrom('customer').select(['id', 'guest', 'password']).where('email', '=', email).execute();

describe('ordering as a guest', () => {
  it('the checkout login page offers a guest order; the guest form asks for no password', async () => {
    const browser = await visitorAtCheckout();
    const login = await browser.get('/account/login?redirectTo=%2Fcheckout%2Fconfirm');
    expect(login.body).toContain('href="/account/register?redirectTo=%2Fcheckout%2Fconfirm&amp;guest=1">Order as a guest</a>');
    // elsewhere the login page creates accounts only
    expect((await browser.get('/account/login')).body).not.toContain('Order as a guest');

    const form = await browser.get('/account/register?redirectTo=%2Fcheckout%2Fconfirm&guest=1');
    expect(form.body).toContain('<h1>Your details for this order</h1>');
    expect(form.body).toContain('<input type="hidden" name="guest" value="1">');
    expect(form.body).not.toContain('name="password"');
    // outside checkout the flag is ignored: an account form with its password
    const accountForm = await browser.get('/account/register?guest=1');
    expect(accountForm.body).toContain('<h1>Create an account</h1>');
    expect(accountForm.body).toContain('name="password"');
  });

  it('a guest gives their details, places the order, and sees the finish page; no account menu', async () => {
    const browser = await visitorAtCheckout();
    const { response, data } = await guestDetails(browser);
    expect(response.statusCode, response.body).toBe(302);
    expect(locationPath(response)).toBe('/checkout/confirm');
    const [customer] = await customersWith(data.email);
    expect(customer).toMatchObject({ guest: true, password: null });

    const confirm = await browser.get('/checkout/confirm');
    expect(confirm.statusCode).toBe(200);
    expect(textOf(confirm.body)).toContain('Main Street 1');
    // a guest is no logged-in customer: no account menu, a login link, no account pages
    expect(confirm.body).not.toContain('class="account-menu"');
    expect(confirm.body).toContain('>Log in</a>');
    expect(locationPath(await browser.get('/account/order'))).toMatch(/^\/account\/login/);

    const placed = await browser.request('POST', '/checkout/order', { form: { _csrf_token: Browser.csrfTokenOf(confirm), tos: '1' } });
    expect(placed.statusCode).toBe(302);
    const finishPath = locationPath(placed);
    expect(finishPath).toMatch(/^\/checkout\/finish\?orderId=[0-9a-f]{32}$/);
    const orderId = finishPath.slice(-32);
    const order = await t.platform.db
      .selectFrom('order as o')
      .innerJoin('order_customer as oc', 'oc.order_id', 'o.id')
      .select(['o.amount_total', 'oc.email', 'oc.customer_id'])
      .where('o.id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ email: data.email, customer_id: customer!.id });
    // two mugs at 12.50 and the standard shipping of 4.99
    expect(Number(order.amount_total)).toBe(29.99);

    const finish = await browser.get(finishPath);
    expect(finish.statusCode).toBe(200);
    expect(finish.body).toContain('Thank you for your order!');
    expect(finish.body).toContain('action="/account/convert-guest"');
  });

  it('"create an account" on the finish page gives the guest a password to log in with', async () => {
    const browser = await visitorAtCheckout();
    const { data } = await guestDetails(browser);
    const confirm = await browser.get('/checkout/confirm');
    const placed = await browser.request('POST', '/checkout/order', { form: { _csrf_token: Browser.csrfTokenOf(confirm), tos: '1' } });
    const finishPath = locationPath(placed);

    // too short: a message, still a guest
    const short = await submitForm(browser, finishPath, '/account/convert-guest', { password: 'short', redirectTo: finishPath });
    expect(locationPath(short)).toBe(finishPath);
    expect((await customersWith(data.email))[0]).toMatchObject({ guest: true, password: null });

    const converted = await submitForm(browser, finishPath, '/account/convert-guest', { password: 'a new password', redirectTo: finishPath });
    expect(locationPath(converted)).toBe('/account');
    const [customer] = await customersWith(data.email);
    expect(customer!.guest).toBe(false);
    expect(customer!.password).not.toBeNull();
    // logged in now: the account page and its menu
    const account = await browser.get('/account');
    expect(account.statusCode).toBe(200);
    expect(account.body).toContain('class="account-menu"');

    // and the password works for a new visit
    const later = new Browser(t.app);
    const login = await submitForm(later, '/account/login', '/account/login', { email: data.email, password: 'a new password', redirectTo: '/account' });
    expect(locationPath(login)).toBe('/account');
  });

  it('a guest cannot take over a registered address by converting; missing details write nothing', async () => {
    const owner = await registerThroughForm(new Browser(t.app));
    const browser = await visitorAtCheckout();
    // the same address as a guest is allowed (Shopware too), but it cannot become a second account
    const { response } = await guestDetails(browser, registration({ email: owner.email }));
    expect(response.statusCode).toBe(302);
    const confirm = await browser.get('/checkout/confirm');
    const placed = await browser.request('POST', '/checkout/order', { form: { _csrf_token: Browser.csrfTokenOf(confirm), tos: '1' } });
    const finishPath = locationPath(placed);
    const refused = await submitForm(browser, finishPath, '/account/convert-guest', { password: 'a new password', redirectTo: finishPath });
    expect(locationPath(refused)).toBe(finishPath);
    const rows = await customersWith(owner.email);
    expect(rows.filter((row) => row.guest === false)).toHaveLength(1);

    const other = await visitorAtCheckout();
    const email = registration().email;
    const incomplete = await guestDetails(other, registration({ email, street: '' }));
    expect(incomplete.response.statusCode).toBe(400);
    expect(incomplete.response.body).toContain('<input type="hidden" name="guest" value="1">');
    expect(await customersWith(email)).toEqual([]);
  });

  it('a registered customer converting is sent to the account; a visitor without details is sent to login', async () => {
    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    const converted = await submitForm(browser, '/account', '/account/convert-guest', { password: 'whatever password' });
    expect(locationPath(converted)).toBe('/account');
    const stranger = new Browser(t.app);
    const refused = await submitForm(stranger, '/', '/account/convert-guest', { password: 'whatever password' });
    expect(locationPath(refused)).toMatch(/^\/account\/login/);
  });
});
