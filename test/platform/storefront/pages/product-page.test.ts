import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../../src/platform/ids.js';
import { eur, insertProduct } from '../../catalog/catalog-fixtures.js';
import { Browser } from '../browser.js';
import { createShopProduct, locationPath, registerThroughForm, submitForm } from './shop-fixtures.js';

let t: TestPlatform;
let parent: string;
const v: Record<string, string> = {};
let related: string;

const review = (productId: string, title: string, status: boolean, points: number, createdAt: Date) => ({
  id: newId(),
  product_id: productId,
  sales_channel_id: DEFAULT_SALES_CHANNEL_ID,
  title,
  content: 'A review that is long enough to mean something.',
  points,
  status,
  external_user: 'Ann',
  created_at: createdAt,
});

beforeAll(async () => {
  t = await createTestPlatform();
  const db = t.platform.db;
  const [size, color] = [newId(), newId()];
  await db.insertInto('property_group').values([{ id: size, name: 'Size', position: 1, sorting_type: 'position' }, { id: color, name: 'Color', position: 2 }]).execute();
  const option = async (groupId: string, name: string, position: number) => {
    const id = newId();
    await db.insertInto('property_group_option').values({ id, group_id: groupId, name, position }).execute();
    return id;
  };
  const [s, l, m, red, blue] = [await option(size, 'S', 1), await option(size, 'L', 2), await option(size, 'M', 3), await option(color, 'Red', 1), await option(color, 'Blue', 2)];
  parent = await insertProduct(db, { name: 'Chef knife </script><script>alert(1)</script>', price: eur(30), productNumber: 'KNIFE' });
  const variant = async (number: string, options: string[], fields: Record<string, unknown> = {}) => {
    const id = await insertProduct(db, { parentId: parent, productNumber: number, ...fields });
    for (const o of options) await db.insertInto('product_option').values({ product_id: id, property_group_option_id: o }).execute();
    return id;
  };
  v.sRed = await variant('KNIFE-1', [s, red], { stock: 4 });
  v.sBlue = await variant('KNIFE-2', [s, blue], { price: eur(35) });
  v.lBlue = await variant('KNIFE-3', [l, blue], { price: eur(40) });
  v.lRed = await variant('KNIFE-4', [l, red], { stock: 0, isCloseout: true });
  v.mRed = await variant('KNIFE-5', [m, red]); // M comes in red only
  const now = Date.now();
  await db
    .insertInto('product_review')
    .values([
      review(parent, 'Oldest praise', true, 5, new Date(now - 3_000_000)),
      ...Array.from({ length: 5 }, (_, i) => review(parent, `Fine knife ${i}`, true, 4, new Date(now - 1_000_000 + i * 1000))),
      review(parent, 'Secret pending', false, 1, new Date(now)),
    ])
    .execute();
  related = await createShopProduct(t.platform, { name: 'Whetstone', gross: 12 });
  const crossSelling = newId();
  await db.insertInto('product_cross_selling').values({ id: crossSelling, product_id: parent, name: 'Goes well with', position: 1 }).execute();
  await db.insertInto('product_cross_selling_assigned_products').values({ id: newId(), cross_selling_id: crossSelling, product_id: related, position: 1 }).execute();
});

afterAll(async () => {
  await t?.close();
});

describe('product page with variants', () => {
  it('links each option to the variant keeping the other choice, disables a sold-out combination and shows the chosen variant', async () => {
    const page = await new Browser(t.app).get(`/detail/${v.sBlue}`);
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body).toContain(`<a class="variant-option is-current" href="/detail/${v.sBlue}" aria-current="true">S<`);
    expect(body).toContain(`<a class="variant-option" href="/detail/${v.lBlue}">L</a>`);
    expect(body).toContain(`<a class="variant-option" href="/detail/${v.sRed}">Red</a>`);
    // M with Blue does not exist: the M that exists (red)
    expect(body).toContain(`<a class="variant-option" href="/detail/${v.mRed}">M</a>`);
    expect(body).toContain('€35.00');
    expect(body).toContain('Product number: KNIFE-2');
    expect(body).toContain(`name="productId" value="${v.sBlue}"`);
    expect(body).toContain(`/detail/${v.sBlue}"`); // canonical
    const red = await new Browser(t.app).get(`/detail/${v.sRed}`);
    // L with Red exists but is sold out: shown, not a link
    expect(red.body).toContain('<span class="variant-option is-disabled" aria-disabled="true">L<');
    expect(red.body).not.toContain(`href="/detail/${v.lRed}"`);
    expect(red.body).toContain('In stock');
    // in stock: it ships in the chosen shipping method's days (the default Standard: 1-3)
    expect(red.body).toContain('<p class="muted small" id="delivery-info">Delivery in 1–3 days (Standard)</p>');
    // sold out: no delivery promise
    expect((await new Browser(t.app).get(`/detail/${v.lRed}`)).body).not.toContain('id="delivery-info"');
    // on M (red only), Blue keeps Blue and drops the size: the first blue variant
    const medium = await new Browser(t.app).get(`/detail/${v.mRed}`);
    expect(medium.body).toContain(`<a class="variant-option" href="/detail/${v.sBlue}">Blue</a>`);
  });

  it("promises the product's own delivery time (a variant inheriting its parent's) instead of the shipping method's days", async () => {
    const deliveryTime = newId();
    await t.platform.db.insertInto('delivery_time').values({ id: deliveryTime, name: '2-4 weeks', min: 2, max: 4, unit: 'week' }).execute();
    await t.platform.db.updateTable('product').set({ delivery_time_id: deliveryTime }).where('id', '=', parent).execute();
    try {
      const red = await new Browser(t.app).get(`/detail/${v.sRed}`);
      expect(red.body).toContain('<p class="muted small" id="delivery-info">Delivery in 2–4 weeks</p>');
      // sold out: still no promise
      expect((await new Browser(t.app).get(`/detail/${v.lRed}`)).body).not.toContain('id="delivery-info"');
    } finally {
      await t.platform.db.updateTable('product').set({ delivery_time_id: null }).where('id', '=', parent).execute();
    }
  });

  it('the cart names the options of the variant in each line', async () => {
    const browser = new Browser(t.app);
    const added = await submitForm(browser, `/detail/${v.sRed}`, '/checkout/line-item/add', { productId: v.sRed, quantity: '1' });
    expect(added.statusCode).toBe(302);
    const cart = await browser.get('/checkout/cart');
    expect(cart.body).toMatch(/<div class="small line-item-options">(Size: S, Color: Red|Color: Red, Size: S)<\/div>/);
  });

  it('the order keeps the options (payload.options): finish page and order detail name them; an older order without them still renders', async () => {
    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    expect((await submitForm(browser, `/detail/${v.sBlue}`, '/checkout/line-item/add', { productId: v.sBlue, quantity: '1' })).statusCode).toBe(302);
    const placed = await submitForm(browser, '/checkout/confirm', '/checkout/order', { tos: '1' });
    expect(placed.statusCode, placed.body).toBe(302);
    const finishPath = locationPath(placed);
    const orderId = new URLSearchParams(finishPath.split('?')[1]).get('orderId')!;
    const line = await t.platform.db.selectFrom('order_line_item').select('payload').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(line.payload).toEqual({ productNumber: 'KNIFE-2', options: [{ group: 'Size', option: 'S' }, { group: 'Color', option: 'Blue' }] });
    const optionsLine = '<div class="small line-item-options">Size: S, Color: Blue</div>';
    expect((await browser.get(finishPath)).body).toContain(optionsLine);
    const detail = await browser.get(`/account/order/${orderId}`);
    expect(detail.body).toContain(optionsLine);
    expect(detail.body).toContain('Product number: KNIFE-2');

    // an order placed before the options were kept
    await t.platform.db.updateTable('order_line_item').set({ payload: JSON.stringify({ productNumber: 'KNIFE-2' }) }).where('order_id', '=', orderId).execute();
    const older = await browser.get(`/account/order/${orderId}`);
    expect(older.statusCode).toBe(200);
    expect(older.body).not.toContain('line-item-options');
    expect(older.body).toContain('Product number: KNIFE-2');
  });

  it('shows approved reviews newest first with paging, the summary and cross-selling', async () => {
    const browser = new Browser(t.app);
    const first = await browser.get(`/detail/${v.sRed}`);
    expect(first.body).not.toContain('Secret pending');
    expect(first.body).toContain('6 reviews');
    expect(first.body).toContain('4.2 of 5 stars');
    expect(first.body.indexOf('Fine knife 4')).toBeLessThan(first.body.indexOf('Fine knife 0'));
    expect(first.body).not.toContain('Oldest praise');
    expect(first.body).toContain(`href="/detail/${v.sRed}?reviewPage=2#reviews"`);
    const second = await browser.get(`/detail/${v.sRed}?reviewPage=2`);
    expect(second.body).toContain('Oldest praise');
    const main = first.body.slice(first.body.indexOf('<main'));
    const crossSelling = main.slice(main.indexOf('>Goes well with</h2>'), main.indexOf('</section>', main.indexOf('>Goes well with</h2>')));
    expect(crossSelling).toContain(`href="/detail/${related}"`);
    expect(crossSelling).toContain('Whetstone');
    expect(/<title>[^<]*<\/title>/.test(first.body)).toBe(true);
    expect(first.body).toContain('Log in to write a review');
  });

  it('prints JSON-LD with the offer that a product name cannot break out of', async () => {
    const page = await new Browser(t.app).get(`/detail/${v.sBlue}`);
    expect(page.body).not.toContain('<script>alert(1)');
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    const data = JSON.parse(json ?? 'null');
    expect(data).toMatchObject({ '@type': 'Product', sku: 'KNIFE-2', offers: { price: '35.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }, aggregateRating: { reviewCount: 6 } });
    expect(data.name).toContain('</script>');
  });
});

describe('review form', () => {
  it('refuses guests, rejects invalid input and saves a customer review pending approval', async () => {
    const rows = async () => t.platform.db.selectFrom('product_review').selectAll().where('product_id', '=', parent).where('customer_id', 'is not', null).execute();
    const guest = await submitForm(new Browser(t.app), `/detail/${v.sRed}`, `/product/${parent}/review`, { title: 'Great', content: 'x'.repeat(50), points: '5' });
    expect(guest.statusCode).toBe(302);
    expect(locationPath(guest)).toContain('/account/login');
    const browser = new Browser(t.app);
    await registerThroughForm(browser);
    const invalid = await submitForm(browser, `/detail/${v.sRed}`, `/product/${parent}/review`, { title: 'Hi', content: 'short', points: '9' });
    expect(invalid.statusCode).toBe(302);
    expect(await rows()).toHaveLength(0);
    const page = await browser.get(locationPath(invalid));
    expect(page.body).toContain('Your review was not saved');
    const saved = await submitForm(browser, `/detail/${v.sRed}`, `/product/${parent}/review`, { title: 'Sharp and sturdy', content: 'Cuts tomatoes like butter, keeps its edge for weeks.', points: '5', redirectTo: `/detail/${v.sRed}` });
    expect(saved.statusCode).toBe(302);
    const written = await rows();
    expect(written).toHaveLength(1);
    expect(Number(written[0]!.points)).toBe(5);
    expect(written[0]).toMatchObject({ title: 'Sharp and sturdy', status: false });
    expect((await browser.get(locationPath(saved))).body).toContain('Thank you! Your review will be shown once it has been approved.');
  });
});

describe('title and meta description', () => {
  const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
  const metaOf = (body: string) => /<meta name="description" content="([^"]*)">/.exec(body)?.[1];

  it("use the product's SEO texts, escaped, in the chosen language; a variant inherits its parent's", async () => {
    const db = t.platform.db;
    const id = await insertProduct(db, { name: 'Paring knife', description: '<p>Small.</p>' });
    await db.updateTable('product').set({ meta_title: 'Paring knife & <sheath>', meta_description: 'Peels "apples"\n  in <seconds> & more' }).where('id', '=', id).execute();
    const page = await new Browser(t.app).get(`/detail/${id}`);
    expect(page.statusCode).toBe(200);
    expect(titleOf(page.body)).toMatch(/^Paring knife &amp; &lt;sheath&gt; \| /);
    expect(metaOf(page.body)).toBe('Peels &quot;apples&quot; in &lt;seconds&gt; &amp; more');
    expect(page.body).not.toContain('<sheath>');
    expect(page.body).not.toContain('<seconds>');
    // the heading stays the product's name
    expect(page.body).toContain('<h1');
    expect(page.body).toMatch(/<h1[^>]*>Paring knife<\/h1>/);

    // a variant without its own texts shows its parent's
    await db.updateTable('product').set({ meta_title: 'Chef knife, forged', meta_description: 'One bar of steel.' }).where('id', '=', parent).execute();
    try {
      const variant = await new Browser(t.app).get(`/detail/${v.sBlue}`);
      expect(titleOf(variant.body)).toMatch(/^Chef knife, forged \| /);
      expect(metaOf(variant.body)).toBe('One bar of steel.');
    } finally {
      await db.updateTable('product').set({ meta_title: null, meta_description: null }).where('id', '=', parent).execute();
    }

    // another language of the channel: its translation's texts
    const german = newId();
    await db.insertInto('language').values({ id: german, name: 'Deutsch', locale_code: 'de-DE' }).execute();
    await db.insertInto('sales_channel_language').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, language_id: german }).execute();
    await db.insertInto('product_translation').values({ id: newId(), product_id: id, language_id: german, name: 'Schälmesser', meta_title: 'Schälmesser mit Scheide', meta_description: 'Schält Äpfel.' }).execute();
    const browser = new Browser(t.app);
    expect((await submitForm(browser, `/detail/${id}`, '/context/language', { languageId: german, redirectTo: `/detail/${id}` })).statusCode).toBe(302);
    const translated = await browser.get(`/detail/${id}`);
    expect(titleOf(translated.body)).toMatch(/^Schälmesser mit Scheide \| /);
    expect(metaOf(translated.body)).toBe('Schält Äpfel.');
  });

  it('fall back to the name and the description as plain text, cut at a word', async () => {
    const description = `<p>Forged from <strong>one</strong> bar &amp; hand-sharpened.</p><p>${'Keeps its edge for years '.repeat(10)}</p>`;
    const id = await insertProduct(t.platform.db, { name: 'Bread knife <serrated>', description });
    const page = await new Browser(t.app).get(`/detail/${id}`);
    expect(titleOf(page.body)).toMatch(/^Bread knife &lt;serrated&gt; \| /);
    const meta = metaOf(page.body)!;
    // tags gone, the paragraphs' text joined by a space, cut at the last word that fits in 160 characters
    expect(meta).toBe(`Forged from one bar &amp; hand-sharpened. ${'Keeps its edge for years '.repeat(4)}Keeps its edge for…`);
    expect(meta.replace(/&amp;/g, '&').length).toBeLessThanOrEqual(160);

    // no description: no meta description at all
    const bare = await insertProduct(t.platform.db, { name: 'Cleaver' });
    expect((await new Browser(t.app).get(`/detail/${bare}`)).body).not.toContain('name="description"');
  });
});
