import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { Browser } from '../browser.js';
import { createShopProduct, locationPath, registerThroughForm, submitForm, textOf } from './shop-fixtures.js';

let t: TestPlatform;
let lampId: string;
let vaseId: string;

beforeAll(async () => {
  t = await createTestPlatform();
  lampId = await createShopProduct(t.platform, { name: 'Brass lamp', gross: 80 });
  vaseId = await createShopProduct(t.platform, { name: 'Glass vase', gross: 25 });
});

afterAll(async () => {
  await t?.close();
});

const wishlistRows = (customerEmail: string) =>
  t.platform.db
    .selectFrom('customer_wishlist_product as p')
    .innerJoin('customer_wishlist as w', 'w.id', 'p.customer_wishlist_id')
    .innerJoin('customer as c', 'c.id', 'w.customer_id')
    .select('p.product_id')
    .where('c.email', '=', customerEmail)
    .execute();

describe('the wishlist', () => {
  it('a customer adds products from a page, sees them listed and removes one', async () => {
    const browser = new Browser(t.app);
    const customer = await registerThroughForm(browser);
    expect(textOf((await browser.get('/wishlist')).body)).toContain('Your wishlist is empty.');

    const added = await submitForm(browser, `/detail/${lampId}`, `/wishlist/add/${lampId}`, { redirectTo: `/detail/${lampId}` });
    expect(locationPath(added)).toBe(`/detail/${lampId}`);
    await submitForm(browser, `/detail/${vaseId}`, `/wishlist/add/${vaseId}`, {});
    // twice: a message, one row
    const again = await submitForm(browser, `/detail/${vaseId}`, `/wishlist/add/${vaseId}`, {});
    expect(locationPath(again)).toBe('/wishlist');
    expect((await wishlistRows(customer.email)).map((row) => row.product_id).sort()).toEqual([lampId, vaseId].sort());

    const page = await browser.get('/wishlist');
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('This product is already on your wishlist.');
    expect(text).toContain('Brass lamp');
    expect(text).toContain('Glass vase');
    expect(page.body).toContain(`action="/wishlist/remove/${lampId}"`);
    expect(page.body).toContain('<span class="visually-hidden">Remove Brass lamp from wishlist</span>');

    // the hearts on the product page and on the cards say what is on the list
    const product = await browser.get(`/detail/${lampId}`);
    expect(product.body).toMatch(new RegExp(`action="/wishlist/remove/${lampId}">[\\s\\S]*?aria-pressed="true"`));
    const home = await browser.get('/');
    expect(home.body).toContain(`action="/wishlist/remove/${vaseId}"`);
    expect(home.body).toContain('<span class="visually-hidden">Remove Glass vase from wishlist</span>');

    const removed = await submitForm(browser, '/wishlist', `/wishlist/remove/${lampId}`, { redirectTo: '/wishlist' });
    expect(locationPath(removed)).toBe('/wishlist');
    expect((await wishlistRows(customer.email)).map((row) => row.product_id)).toEqual([vaseId]);
    expect(textOf((await browser.get('/wishlist')).body)).not.toContain('Brass lamp');
  });

  it('an unknown product is refused with a message and writes nothing', async () => {
    const browser = new Browser(t.app);
    const customer = await registerThroughForm(browser);
    const refused = await submitForm(browser, '/', `/wishlist/add/${'f'.repeat(32)}`, { redirectTo: '/' });
    expect(locationPath(refused)).toBe('/');
    expect(textOf((await browser.get('/')).body)).toContain('This product cannot be added to your wishlist.');
    expect(await wishlistRows(customer.email)).toEqual([]);
  });

  it("a guest's hearts lead to the login page and join the wishlist of the account logged in to or created; a post without the CSRF token is refused", async () => {
    const customer = await registerThroughForm(new Browser(t.app));
    const guest = new Browser(t.app);
    // a guest's heart adds (and leads to the login page)
    expect((await guest.get(`/detail/${lampId}`)).body).toContain(`action="/wishlist/add/${lampId}"`);
    const page = await guest.get('/wishlist');
    expect(locationPath(page)).toBe('/account/login?redirectTo=%2Fwishlist');
    const add = await submitForm(guest, `/detail/${lampId}`, `/wishlist/add/${lampId}`, { redirectTo: `/detail/${lampId}` });
    expect(locationPath(add)).toBe(`/account/login?redirectTo=${encodeURIComponent(`/detail/${lampId}`)}`);
    expect(textOf((await guest.get('/account/login')).body)).toContain('Log in or create an account to keep this product on your wishlist.');
    // an unknown product is not kept
    await submitForm(guest, '/', `/wishlist/add/${'f'.repeat(32)}`, { redirectTo: '/' });
    expect(await t.platform.db.selectFrom('customer_wishlist_product').select('id').where('product_id', '=', lampId).execute()).toEqual([]);

    // logging in merges the kept lamp into the customer's wishlist, once
    const login = await submitForm(guest, '/account/login', '/account/login', { email: customer.email, password: customer.password });
    expect(login.statusCode).toBe(302);
    expect((await wishlistRows(customer.email)).map((row) => row.product_id)).toEqual([lampId]);
    expect(await guest.get('/wishlist').then((wishlist) => textOf(wishlist.body))).toContain('Brass lamp');
    const stored = await t.platform.db.selectFrom('sales_channel_api_context').select('payload').where('customer_id', 'is not', null).execute();
    expect(stored.some((row) => JSON.stringify(row.payload).includes('guestWishlist'))).toBe(false);

    // a guest who creates an account keeps the hearts too
    const newcomer = new Browser(t.app);
    await submitForm(newcomer, `/detail/${vaseId}`, `/wishlist/add/${vaseId}`, {});
    const created = await registerThroughForm(newcomer);
    expect((await wishlistRows(created.email)).map((row) => row.product_id)).toEqual([vaseId]);

    const forged = await new Browser(t.app).request('POST', `/wishlist/add/${lampId}`, { form: { redirectTo: '/' } });
    expect(forged.statusCode).toBe(403);
  });

  it('is gone when the channel turns the wishlist off', async () => {
    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    await t.platform.systemConfig.set(t.platform.db, 'core.cart.wishlistEnabled', false);
    try {
      expect((await browser.get('/wishlist')).statusCode).toBe(403);
      expect((await browser.get(`/detail/${lampId}`)).body).not.toContain('/wishlist/add/');
    } finally {
      await t.platform.systemConfig.set(t.platform.db, 'core.cart.wishlistEnabled', true);
    }
  });
});
