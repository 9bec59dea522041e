import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-shop.js';
import { LANGUAGE_SYSTEM } from '../../../../src/platform/first-start/default-ids.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { eur, insertProduct } from '../../catalog/catalog-fixtures.js';
import { Browser } from '../browser.js';
import { createCategory, locationPath, textOf } from './shop-fixtures.js';

/** The category and search pages' filters (Shopware's parameters) and the cards' rating and quick add. */
let t: TestPlatform;
let category: string;
let acme: string;
let globex: string;
let red: string;
let blue: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestPlatform();
  const db = t.platform.db;
  category = await createCategory(t.platform, 'Gear');
  [acme, globex] = [newId(), newId()];
  await db.insertInto('product_manufacturer').values([{ id: acme, name: 'Acme' }, { id: globex, name: 'Globex' }]).execute();
  const colour = newId();
  [red, blue] = [newId(), newId()];
  await db.insertInto('property_group').values({ id: colour, name: 'Colour', filterable: true }).execute();
  await db.insertInto('property_group_option').values([{ id: red, group_id: colour, name: 'Red', position: 1 }, { id: blue, group_id: colour, name: 'Blue', position: 2 }]).execute();
  // a shirt family (red and blue variants), a mug (shipping free, Globex) and a lamp (no reviews)
  ids.shirt = await insertProduct(db, { name: 'Gear shirt', price: eur(20), manufacturerId: acme, categoryIds: [category] });
  ids.redShirt = await insertProduct(db, { parentId: ids.shirt, productNumber: `G-R-${newId().slice(0, 6)}` });
  ids.blueShirt = await insertProduct(db, { parentId: ids.shirt, productNumber: `G-B-${newId().slice(0, 6)}` });
  await db.insertInto('product_option').values([{ product_id: ids.redShirt, property_group_option_id: red }, { product_id: ids.blueShirt, property_group_option_id: blue }]).execute();
  ids.mug = await insertProduct(db, { name: 'Gear mug', price: eur(8), manufacturerId: globex, categoryIds: [category] });
  await db.updateTable('product').set({ shipping_free: true }).where('id', '=', ids.mug).execute();
  ids.lamp = await insertProduct(db, { name: 'Gear lamp', price: eur(60), manufacturerId: acme, categoryIds: [category] });
  const review = (productId: string, points: number, status: boolean) => ({
    id: newId(), product_id: productId, sales_channel_id: DEFAULT_SALES_CHANNEL_ID, language_id: LANGUAGE_SYSTEM,
    title: 'A review', content: 'Long enough to be a review of this product.', points, status,
  });
  // the mug averages 4.5 of its approved reviews (the pending 1 does not count); the lamp has a pending one only
  await db.insertInto('product_review').values([review(ids.mug, 4, true), review(ids.mug, 5, true), review(ids.mug, 1, false), review(ids.lamp, 5, false)]).execute();
});

afterAll(async () => {
  await t?.close();
});

const page = async (url: string) => {
  const response = await new Browser(t.app).get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};
const productNames = (html: string) => [...html.matchAll(/<a class="product-name" href="[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);
const total = (html: string) => /id="(?:listing|search)-total">(\d+) product/.exec(html)?.[1];

describe('listing filters', () => {
  it('offers the aggregations as a GET form and narrows by manufacturer, keeping the filter in page and sort links', async () => {
    const all = await page(`/navigation/${category}`);
    expect(productNames(all)).toEqual(['Gear lamp', 'Gear mug', 'Gear shirt']);
    expect(all).toContain(`<input type="checkbox" name="manufacturer" value="${acme}"> Acme</label>`);
    expect(all).toContain(`<input type="checkbox" name="properties" value="${red}"> Red</label>`);
    expect(all).toContain('<input type="checkbox" name="shipping-free" value="1"> Free shipping</label>');
    expect(all).toContain('<button type="submit">Apply filters</button>');
    expect(all).not.toContain('Reset filters');

    // a checkbox form sends the field once per box; the page answers with Shopware's id|id in its links
    const narrowed = await page(`/navigation/${category}?manufacturer=${acme}&manufacturer=${newId()}&order=price-desc`);
    expect(productNames(narrowed)).toEqual(['Gear lamp', 'Gear shirt']);
    expect(total(narrowed)).toBe('2');
    expect(narrowed).toContain(`<input type="checkbox" name="manufacturer" value="${acme}" checked> Acme</label>`);
    expect(narrowed).toContain(`<input type="checkbox" name="manufacturer" value="${globex}"> Globex</label>`);
    // the sort form keeps the filter; the reset link drops it and keeps the sorting; the canonical URL has neither
    expect(narrowed).toMatch(new RegExp(`<input type="hidden" name="manufacturer" value="[^"]*${acme}`));
    expect(narrowed).toContain(`<a class="filter-reset" href="/navigation/${category}?order=price-desc">Reset filters</a>`);
    expect(narrowed).toContain(`<link rel="canonical" href="http://localhost`);
    expect(narrowed).not.toMatch(/<link rel="canonical" href="[^"]*manufacturer/);
  });

  it('narrows by property, price, rating and shipping-free and reflects them in the form', async () => {
    const byColour = await page(`/navigation/${category}?properties=${blue}`);
    expect(productNames(byColour)).toEqual(['Gear shirt']);
    expect(byColour).toContain(`<input type="checkbox" name="properties" value="${blue}" checked> Blue</label>`);

    const byPrice = await page(`/navigation/${category}?min-price=10&max-price=50`);
    expect(productNames(byPrice)).toEqual(['Gear shirt']);
    expect(byPrice).toContain('name="min-price" min="0" step="any" inputmode="decimal" value="10"');
    expect(byPrice).toContain('name="max-price" min="0" step="any" inputmode="decimal" value="50"');

    const byRating = await page(`/navigation/${category}?rating=4`);
    expect(productNames(byRating)).toEqual(['Gear mug']);
    expect(byRating).toContain('<input type="radio" name="rating" value="4" checked> 4 stars or more</label>');

    const shippingFree = await page(`/navigation/${category}?shipping-free=1`);
    expect(productNames(shippingFree)).toEqual(['Gear mug']);
    expect(shippingFree).toContain('<input type="checkbox" name="shipping-free" value="1" checked> Free shipping</label>');
  });

  it('keeps the filters in the page links', async () => {
    const pins = await createCategory(t.platform, 'Pins');
    for (let i = 1; i <= 25; i++) await insertProduct(t.platform.db, { name: `Pin ${String(i).padStart(2, '0')}`, price: eur(1), manufacturerId: i === 1 ? acme : globex, categoryIds: [pins] });
    const first = await page(`/navigation/${pins}?manufacturer=${globex}`);
    expect(total(first)).toBe('24');
    expect(first).not.toContain('rel="next"');
    // 25 pins without the filter: a second page
    expect(await page(`/navigation/${pins}`)).toContain(`href="/navigation/${pins}?p=2" rel="next"`);
    const sorted = await page(`/navigation/${pins}?manufacturer=${globex}&order=name-desc`);
    expect(productNames(sorted)[0]).toBe('Pin 25');
    const both = await page(`/navigation/${pins}?manufacturer=${acme}|${globex}`);
    expect(total(both)).toBe('25');
    expect(both).toContain(`href="/navigation/${pins}?manufacturer=${[acme, globex].sort().join('%7C')}&amp;p=2" rel="next"`);
  });

  it('filters search results the same way', async () => {
    const found = await page(`/search?search=Gear&manufacturer=${globex}`);
    expect(productNames(found)).toEqual(['Gear mug']);
    expect(total(found)).toBe('1');
    expect(found).toContain('<input type="hidden" name="search" value="Gear">');
    expect(found).toContain('<a class="filter-reset" href="/search?search=Gear">Reset filters</a>');
  });
});

describe('product cards', () => {
  it('rate products with approved reviews only', async () => {
    const html = await page(`/navigation/${category}`);
    const text = textOf(html);
    expect(text).toContain('Rated 4.5 of 5 (2 reviews)');
    expect(html).toMatch(/>Gear mug<\/a>\s*<p class="product-rating">[\s\S]{0,200}?<span class="visually-hidden">Rated 4.5 of 5 \(2 reviews\)<\/span>/);
    // the lamp's pending review and the unreviewed shirt show no stars
    expect(text.match(/Rated /g)).toHaveLength(1);
    expect(html.match(/class="product-rating"/g)).toHaveLength(1);
  });

  it('add a product without variants to the cart; a variant family links to its page', async () => {
    const browser = new Browser(t.app);
    const listing = await browser.get(`/navigation/${category}`);
    const mugForm = new RegExp(`<form class="quick-add-form" method="post" action="/checkout/line-item/add">[\\s\\S]*?name="productId" value="${ids.mug}"[\\s\\S]*?</form>`).exec(listing.body);
    expect(mugForm).not.toBeNull();
    expect(mugForm![0]).toContain('name="quantity" value="1"');
    // the shirt family offers no quick add, only its product page
    expect(listing.body).not.toMatch(new RegExp(`name="productId" value="(${ids.shirt}|${ids.redShirt}|${ids.blueShirt})"`));
    expect(listing.body).toMatch(/<a class="button button-secondary" href="\/detail\/[0-9a-f]{32}">Choose options<span class="visually-hidden"> for Gear shirt<\/span><\/a>/);

    // submit the card's form as it is: its hidden fields, CSRF token included
    const fields = Object.fromEntries([...mugForm![0].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
    expect(Object.keys(fields).sort()).toEqual(['_csrf_token', 'productId', 'quantity', 'redirectTo']);
    const added = await browser.request('POST', '/checkout/line-item/add', { form: fields });
    expect(added.statusCode).toBe(302);
    expect(locationPath(added)).toBe(`/navigation/${category}`);
    const cart = await browser.get('/checkout/cart');
    expect(textOf(cart.body)).toContain('Gear mug');
  });

  it('keep the home page working', async () => {
    const home = await page('/');
    expect(home).toContain('class="product-grid"');
  });
});
