import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { verifyPassword } from '../../../../src/platform/security/password.js';
import { Browser } from '../browser.js';
import { GERMANY_ID, createShopProduct, locationPath, registerThroughForm, registration, submitForm, textOf, type Registration } from './shop-fixtures.js';

let t: TestPlatform;
let mugId: string;

beforeAll(async () => {
  t = await createTestPlatform();
  mugId = await createShopProduct(t.platform, { name: 'History mug', gross: 10 });
});

afterAll(async () => {
  await t?.close();
});

async function customerIdOf(email: string): Promise<string> {
  return (await t.platform.db.selectFrom('customer').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id as string;
}

/** Registers, puts the mug into the cart and places an invoice order; returns the order id. */
async function placeOrder(browser: Browser): Promise<string> {
  await submitForm(browser, `/detail/${mugId}`, '/checkout/line-item/add', { productId: mugId, quantity: '2' });
  const placed = await submitForm(browser, '/checkout/confirm', '/checkout/order', { tos: '1' });
  expect(placed.statusCode, placed.body).toBe(302);
  const finish = locationPath(placed);
  expect(finish).toMatch(/^\/checkout\/finish\?orderId=/);
  return new URL(finish, 'http://x').searchParams.get('orderId')!;
}

describe('account area', () => {
  it('sends guests to the login page', async () => {
    for (const url of ['/account/order', '/account/personal', '/account/address', '/account/password', '/account/address/create']) {
      const response = await new Browser(t.app).get(url);
      expect(response.statusCode, url).toBe(302);
      expect(locationPath(response)).toBe(`/account/login?redirectTo=${encodeURIComponent(url)}`);
    }
  });

  it('lists the orders with their state and payment state, and shows one order', async () => {
    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    const empty = await browser.get('/account/order');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('You have not placed any orders yet.');
    const orderId = await placeOrder(browser);
    const order = await t.platform.db.selectFrom('order').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow();

    const history = await browser.get('/account/order');
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain(`<a href="/account/order/${orderId}">Order ${order.order_number}</a>`);
    expect(history.body).toContain('<span class="state-badge order-state">Open</span>');
    expect(history.body).toContain('<span class="state-badge payment-state">Open</span>');
    expect(textOf(history.body)).toContain('€24.99');

    const detail = await browser.get(`/account/order/${orderId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain(`<h1>Order ${order.order_number}</h1>`);
    expect(textOf(detail.body)).toContain('History mug');
    expect(textOf(detail.body)).toContain('Germany');
    expect(textOf(detail.body)).toContain('Incl. 19% tax');

    // another customer's order is a 404 page, as is a malformed id
    const stranger = new Browser(t.app);
    await registerThroughForm(stranger);
    expect((await stranger.get(`/account/order/${orderId}`)).statusCode).toBe(404);
    expect((await stranger.get('/account/order/nope')).statusCode).toBe(404);
    expect((await stranger.get('/account/order')).body).not.toContain(String(order.order_number));
  });

  it('edits the personal data; a new email address needs the password and must be free', async () => {
    const browser = new Browser(t.app);
    const data = await registerThroughForm(browser);
    const customerId = await customerIdOf(data.email);
    const saved = await submitForm(browser, '/account/personal', '/account/personal', { firstName: 'Gracie', lastName: 'Hopper', email: data.email });
    expect(saved.statusCode).toBe(302);
    expect(locationPath(saved)).toBe('/account/personal');
    const row = await t.platform.db.selectFrom('customer').select(['first_name', 'email']).where('id', '=', customerId).executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Gracie');
    expect((await browser.get('/account')).body).toContain('Gracie Hopper');

    const blank = await submitForm(browser, '/account/personal', '/account/personal', { firstName: '', lastName: 'Hopper', email: data.email });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Please fill in this field.');

    const newEmail = `new-${data.email}`;
    const withoutPassword = await submitForm(browser, '/account/personal', '/account/personal', { firstName: 'Gracie', lastName: 'Hopper', email: newEmail });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.body).toContain('Please enter your current password to change your email address.');

    const other = await registerThroughForm(new Browser(t.app));
    const taken = await submitForm(browser, '/account/personal', '/account/personal', { firstName: 'Gracie', lastName: 'Hopper', email: other.email, password: data.password });
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain('This email address is already in use.');

    const changed = await submitForm(browser, '/account/personal', '/account/personal', { firstName: 'Gracie', lastName: 'Hopper', email: newEmail, password: data.password });
    expect(changed.statusCode).toBe(302);
    expect((await t.platform.db.selectFrom('customer').select('email').where('id', '=', customerId).executeTakeFirstOrThrow()).email).toBe(newEmail);
  });

  it('refuses forms without the CSRF token', async () => {
    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    const response = await browser.request('POST', '/account/personal', { form: { firstName: 'X', lastName: 'Y', email: 'x@example.com' } });
    expect(response.statusCode).toBe(403);
  });

  it('adds and edits addresses and sets the defaults', async () => {
    const browser = new Browser(t.app);
    const data = await registerThroughForm(browser);
    const customerId = await customerIdOf(data.email);
    const list = await browser.get('/account/address');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Default billing address');

    const invalid = await submitForm(browser, '/account/address/create', '/account/address/create', { firstName: 'Grace', lastName: 'Hopper', street: '', city: 'Bonn', countryId: GERMANY_ID });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Please fill in this field.');
    const foreign = await submitForm(browser, '/account/address/create', '/account/address/create', { firstName: 'G', lastName: 'H', street: 'S 1', city: 'C', countryId: '0'.repeat(32) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('Please choose a country.');

    const created = await submitForm(browser, '/account/address/create', '/account/address/create', {
      firstName: 'Grace', lastName: 'Hopper', street: 'Rheinweg 5', zipcode: '53111', city: 'Bonn', countryId: GERMANY_ID,
    });
    expect(created.statusCode).toBe(302);
    const address = await t.platform.db.selectFrom('customer_address').selectAll().where('customer_id', '=', customerId).where('street', '=', 'Rheinweg 5').executeTakeFirstOrThrow();
    expect(address.city).toBe('Bonn');

    const edited = await submitForm(browser, `/account/address/${address.id}`, `/account/address/${address.id}`, {
      firstName: 'Grace', lastName: 'Hopper', street: 'Rheinweg 7', zipcode: '53111', city: 'Bonn', countryId: GERMANY_ID,
    });
    expect(edited.statusCode).toBe(302);
    expect((await t.platform.db.selectFrom('customer_address').select('street').where('id', '=', address.id).executeTakeFirstOrThrow()).street).toBe('Rheinweg 7');

    expect((await submitForm(browser, '/account/address', `/account/address/${address.id}/default-shipping`, {})).statusCode).toBe(302);
    expect((await submitForm(browser, '/account/address', `/account/address/${address.id}/default-billing`, {})).statusCode).toBe(302);
    const customer = await t.platform.db.selectFrom('customer').select(['default_billing_address_id', 'default_shipping_address_id']).where('id', '=', customerId).executeTakeFirstOrThrow();
    expect(customer.default_shipping_address_id).toBe(address.id);
    expect(customer.default_billing_address_id).toBe(address.id);

    // somebody else's address is a 404 page, for reading and for writing
    const stranger = new Browser(t.app);
    await registerThroughForm(stranger);
    expect((await stranger.get(`/account/address/${address.id}`)).statusCode).toBe(404);
    expect((await submitForm(stranger, '/account/address', `/account/address/${address.id}/default-billing`, {})).statusCode).toBe(404);
  });

  it('deletes an address that is no default (a default one stays), and not somebody else\'s', async () => {
    const browser = new Browser(t.app);
    const data = await registerThroughForm(browser);
    const customerId = await customerIdOf(data.email);
    await submitForm(browser, '/account/address/create', '/account/address/create', { firstName: 'Grace', lastName: 'Hopper', street: 'Spare Road 9', city: 'Bonn', countryId: GERMANY_ID });
    const addresses = await t.platform.db.selectFrom('customer_address').select(['id', 'street']).where('customer_id', '=', customerId).execute();
    const spare = addresses.find((a) => a.street === 'Spare Road 9')!;
    const main = addresses.find((a) => a.street !== 'Spare Road 9')!;
    const list = await browser.get('/account/address');
    expect(list.body).toContain(`action="/account/address/${spare.id}/delete"`);
    expect(list.body).not.toContain(`action="/account/address/${main.id}/delete"`);

    const refused = await submitForm(browser, '/account/address', `/account/address/${main.id}/delete`, {});
    expect(refused.statusCode).toBe(302);
    expect(textOf((await browser.get('/account/address')).body)).toContain('A default address cannot be deleted. Choose another default address first.');

    const stranger = new Browser(t.app);
    await registerThroughForm(stranger);
    expect((await submitForm(stranger, '/account/address', `/account/address/${spare.id}/delete`, {})).statusCode).toBe(404);

    const deleted = await submitForm(browser, '/account/address', `/account/address/${spare.id}/delete`, {});
    expect(deleted.statusCode).toBe(302);
    expect(textOf((await browser.get('/account/address')).body)).toContain('The address has been deleted.');
    const left = await t.platform.db.selectFrom('customer_address').select('id').where('customer_id', '=', customerId).execute();
    expect(left.map((a) => a.id)).toEqual([main.id]);
  });

  it('at confirm: chooses billing and shipping addresses from the book and adds a new one that becomes the shipping address', async () => {
    const browser = new Browser(t.app);
    const data = await registerThroughForm(browser);
    const customerId = await customerIdOf(data.email);
    await submitForm(browser, `/detail/${mugId}`, '/checkout/line-item/add', { productId: mugId, quantity: '1' });
    const first = await browser.get('/checkout/confirm');
    // one address: no choice yet, a link to add one
    expect(first.body).not.toContain('id="address-choice-billing"');
    expect(first.body).toContain('href="/account/address/create?redirectTo=%2Fcheckout%2Fconfirm&amp;useFor=shipping"');

    const form = await browser.get('/account/address/create?redirectTo=%2Fcheckout%2Fconfirm&useFor=shipping');
    expect(form.body).toContain('<input type="hidden" name="useFor" value="shipping">');
    const created = await browser.request('POST', '/account/address/create', {
      form: { _csrf_token: Browser.csrfTokenOf(form), redirectTo: '/checkout/confirm', useFor: 'shipping', firstName: 'Ada', lastName: 'Lovelace', street: 'Harbour Lane 2', zipcode: '20095', city: 'Hamburg', countryId: GERMANY_ID },
    });
    expect(created.statusCode).toBe(302);
    expect(locationPath(created)).toBe('/checkout/confirm');
    const added = await t.platform.db.selectFrom('customer_address').select('id').where('customer_id', '=', customerId).where('street', '=', 'Harbour Lane 2').executeTakeFirstOrThrow();
    const confirm = await browser.get('/checkout/confirm');
    expect(textOf(confirm.body)).toContain('The address has been added and is now your shipping address.');
    expect(textOf(/<section aria-labelledby="shipping-heading">[\s\S]*?<\/section>/.exec(confirm.body)![0])).toContain('Harbour Lane 2');
    expect(textOf(/<section aria-labelledby="billing-heading">[\s\S]*?<\/section>/.exec(confirm.body)![0])).toContain(data.street);
    expect(confirm.body).toContain(`<option value="${added.id}" selected>Ada Lovelace, Harbour Lane 2, 20095 Hamburg, Germany</option>`);

    // the billing address from the book
    const chosen = await submitForm(browser, '/checkout/confirm', '/checkout/address', { type: 'billing', addressId: added.id });
    expect(chosen.statusCode).toBe(302);
    expect(locationPath(chosen)).toBe('/checkout/confirm');
    const customer = await t.platform.db.selectFrom('customer').select(['default_billing_address_id', 'default_shipping_address_id']).where('id', '=', customerId).executeTakeFirstOrThrow();
    expect(customer).toEqual({ default_billing_address_id: added.id, default_shipping_address_id: added.id });
    // somebody else's address is refused and changes nothing
    const other = await t.platform.db.selectFrom('customer_address').select('id').where('customer_id', '!=', customerId).executeTakeFirstOrThrow();
    await submitForm(browser, '/checkout/confirm', '/checkout/address', { type: 'shipping', addressId: other.id });
    expect(textOf((await browser.get('/checkout/confirm')).body)).toContain('This address cannot be used. Please choose another one.');
    expect((await t.platform.db.selectFrom('customer').select('default_shipping_address_id').where('id', '=', customerId).executeTakeFirstOrThrow()).default_shipping_address_id).toBe(added.id);

    // the order is placed with the chosen addresses
    const placed = await submitForm(browser, '/checkout/confirm', '/checkout/order', { tos: '1' });
    const orderId = new URL(locationPath(placed), 'http://x').searchParams.get('orderId')!;
    const billing = await t.platform.db.selectFrom('order_address').select('street').where('order_id', '=', orderId).execute();
    expect(billing.map((a) => a.street)).toEqual(['Harbour Lane 2']);
  });

  it('changes the password, which ends every other session of the customer', async () => {
    const data: Registration = registration();
    const browser = new Browser(t.app);
    await registerThroughForm(browser, data);
    const customerId = await customerIdOf(data.email);
    // a second session (another device)
    const other = new Browser(t.app);
    const login = await submitForm(other, '/account/login', '/account/login', { email: data.email, password: data.password });
    expect(login.statusCode).toBe(302);
    expect((await other.get('/account')).statusCode).toBe(200);

    const wrong = await submitForm(browser, '/account/password', '/account/password', { currentPassword: 'wrong', newPassword: 'a new password', newPasswordConfirm: 'a new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Your current password is not correct.');
    const mismatch = await submitForm(browser, '/account/password', '/account/password', { currentPassword: data.password, newPassword: 'a new password', newPasswordConfirm: 'another one' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('The passwords do not match.');

    const changed = await submitForm(browser, '/account/password', '/account/password', { currentPassword: data.password, newPassword: 'a new password', newPasswordConfirm: 'a new password' });
    expect(changed.statusCode).toBe(302);
    const row = await t.platform.db.selectFrom('customer').select('password').where('id', '=', customerId).executeTakeFirstOrThrow();
    expect(await verifyPassword('a new password', row.password as string)).toBe(true);
    const sessions = await t.platform.db.selectFrom('sales_channel_api_context').select('token').where('customer_id', '=', customerId).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token).toBe(browser.cookies.get('sw-context-token'));
    // this session goes on, the other one is logged out
    expect((await browser.get('/account')).statusCode).toBe(200);
    expect((await other.get('/account')).statusCode).toBe(302);
  });
});
