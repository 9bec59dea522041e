import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { systemContext } from '../../../../src/platform/acl/context.js';
import { transaction } from '../../../../src/platform/database/transaction.js';
import { newId } from '../../../../src/platform/ids.js';
import { Browser } from '../browser.js';
import { HOME_CATEGORY_ID, createCategory, createShopProduct, textOf } from './shop-fixtures.js';

let t: TestPlatform;
let clothingId: string;
let shirtsId: string;
let booksId: string;
let shirtId: string;
let hiddenId: string;
let inactiveId: string;
let linkOnlyId: string;
let soldOutId: string;

beforeAll(async () => {
  t = await createTestPlatform();
  clothingId = await createCategory(t.platform, 'Clothing');
  shirtsId = await createCategory(t.platform, 'Shirts', clothingId);
  booksId = await createCategory(t.platform, 'Books');
  await createCategory(t.platform, 'Hidden category', HOME_CATEGORY_ID, { visible: false });
  shirtId = await createShopProduct(t.platform, { name: 'Aloha <Shirt> & Co', gross: 49.9, categoryIds: [shirtsId], stock: 7, description: 'Cool linen.' });
  hiddenId = await createShopProduct(t.platform, { name: 'Not in this channel', visibility: null });
  inactiveId = await createShopProduct(t.platform, { name: 'Inactive product', active: false });
  linkOnlyId = await createShopProduct(t.platform, { name: 'Secret sale', visibility: 10 });
  soldOutId = await createShopProduct(t.platform, { name: 'Last edition', isCloseout: true, stock: 0, categoryIds: [booksId] });
  // 25 books: one more than a listing page holds
  for (let i = 1; i <= 25; i++) await createShopProduct(t.platform, { name: `Book ${String(i).padStart(2, '0')}`, gross: i, categoryIds: [booksId] });
});

afterAll(async () => {
  await t?.close();
});

describe('home page', () => {
  it('shows the shop name, the top categories and the products of the navigation category with nested ones', async () => {
    const response = await new Browser(t.app).get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Welcome to Demo Shop</h1>');
    // the layout's category bar and the home page tiles
    expect(response.body).toContain(`<a href="/navigation/${clothingId}">Clothing</a>`);
    expect(response.body).toContain(`href="/navigation/${booksId}">Books</a>`);
    expect(response.body).not.toContain('Hidden category');
    // the second level only in the header's sub-navigation, not as a tile
    expect(response.body).toContain(`<ul class="sub-nav">`);
    expect(response.body).toContain(`<li><a href="/navigation/${shirtsId}">Shirts</a></li>`);
    expect(response.body).not.toContain(`class="button button-secondary" href="/navigation/${shirtsId}"`);
    // the shirt sits two levels below Home; names are escaped
    expect(response.body).toContain(`<a class="product-name" href="/detail/${shirtId}">Aloha &lt;Shirt&gt; &amp; Co</a>`);
    expect(response.body).toContain('€49.90');
    expect(response.body).not.toContain('Not in this channel');
    expect(response.body).not.toContain('Inactive product');
    expect(response.body).not.toContain('Secret sale');
    // 27 listed products, 24 on the first page
    expect(response.body).toContain(`<a class="button" href="/navigation/${HOME_CATEGORY_ID}">Show all 27 products</a>`);
  });
});

describe('category page', () => {
  it('lists the products of the category and its subcategories', async () => {
    const response = await new Browser(t.app).get(`/navigation/${clothingId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Clothing | Demo Shop</title>');
    expect(response.body).toContain(`href="/navigation/${shirtsId}">Shirts</a>`);
    expect(response.body).toContain('Aloha &lt;Shirt&gt; &amp; Co');
    expect(textOf(response.body)).toContain('1 product');
    expect(response.body).toContain(`<a href="/navigation/${clothingId}" aria-current="page">Clothing</a>`);
  });

  it('keeps the top categories in the bar on a subcategory page; a leaf has no subcategory tiles', async () => {
    const response = await new Browser(t.app).get(`/navigation/${shirtsId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Shirts</h1>');
    expect(response.body).toContain(`<a href="/navigation/${clothingId}">Clothing</a>`);
    expect(response.body).toContain(`<a href="/navigation/${booksId}">Books</a>`);
    // the header marks the page; the breadcrumb ends with it, unlinked
    expect(response.body).toContain(`<a href="/navigation/${shirtsId}" aria-current="page">Shirts</a>`);
    expect(textOf(response.body)).toContain('Home Clothing Shirts');
    expect(response.body).not.toContain('aria-label="Subcategories"');
    expect(response.body).toContain('Aloha &lt;Shirt&gt; &amp; Co');
  });

  it('pages through 26 products, 24 per page', async () => {
    const browser = new Browser(t.app);
    const first = await browser.get(`/navigation/${booksId}`);
    expect(first.statusCode).toBe(200);
    expect(textOf(first.body)).toContain('26 products');
    expect(first.body.match(/class="product-card"/g)).toHaveLength(24);
    expect(first.body).toContain(`<a class="pagination-step" href="/navigation/${booksId}?p=2" rel="next">Next</a>`);
    expect(first.body).toContain('<span aria-current="page">1</span>');

    const second = await browser.get(`/navigation/${booksId}?p=2`);
    expect(second.statusCode).toBe(200);
    expect(second.body.match(/class="product-card"/g)).toHaveLength(2);
    expect(second.body).toContain('Last edition');
    expect(second.body).toContain('Sold out');
    expect(second.body).toContain(`href="/navigation/${booksId}?p=1" rel="prev">Previous</a>`);

    // sorted by price, descending: the most expensive book first; the order is kept in the page links
    const byPrice = await browser.get(`/navigation/${booksId}?order=price-desc`);
    expect(byPrice.body.indexOf('Book 25')).toBeLessThan(byPrice.body.indexOf('Book 24'));
    expect(byPrice.body).toContain(`href="/navigation/${booksId}?order=price-desc&amp;p=2" rel="next"`);
    expect(byPrice.body).toContain('<option value="price-desc" selected>Price descending</option>');

    // a malformed page number is the first page
    const malformed = await browser.get(`/navigation/${booksId}?p=abc`);
    expect(malformed.statusCode).toBe(200);
    expect(malformed.body).toContain('<span aria-current="page">1</span>');
  });

  it('answers unknown, malformed and foreign category ids with the 404 page', async () => {
    // a category of another tree (another channel's navigation)
    const foreignId = newId();
    await transaction(t.platform.db, (uow) => t.platform.repositories.get('category').create({ id: foreignId, name: 'Other tree' }, systemContext, uow));
    const browser = new Browser(t.app);
    for (const id of [newId(), 'not-an-id', foreignId]) {
      const response = await browser.get(`/navigation/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('The page you requested could not be found.');
    }
  });
});

describe('product page', () => {
  it('shows name, price, stock and an add-to-cart form carrying the CSRF token', async () => {
    const response = await new Browser(t.app).get(`/detail/${shirtId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Aloha &lt;Shirt&gt; &amp; Co</h1>');
    expect(response.body).toContain('<p class="price price-large" id="product-price">€49.90</p>');
    expect(response.body).toContain('<p class="stock stock-available" id="stock-info">In stock</p>');
    expect(response.body).toContain('Cool linen.');
    expect(response.body).toContain('<form class="buy-form" method="post" action="/checkout/line-item/add">');
    expect(response.body).toContain(`<input type="hidden" name="productId" value="${shirtId}">`);
    expect(response.body).toContain(`<input type="hidden" name="_csrf_token" value="${Browser.csrfTokenOf(response)}">`);
  });

  it('shows a gallery of the product images, cover first, each offering its thumbnails', async () => {
    const id = await createShopProduct(t.platform, { name: 'Gallery lamp', gross: 20 });
    const db = t.platform.db;
    const pictures = ['side', 'front'].map((name, index) => ({ mediaId: newId(), productMediaId: newId(), name, position: index + 1 }));
    for (const picture of pictures) {
      const folder = `2024/05/${picture.mediaId}`;
      await db
        .insertInto('media')
        .values({
          id: picture.mediaId,
          path: `${folder}/${picture.name}.png`,
          alt: `Lamp ${picture.name}`,
          meta_data: JSON.stringify({ width: 900, height: 900, thumbnails: [{ width: 400, height: 400, path: `${folder}/thumbnails/${picture.name}_400x400.webp` }] }),
        })
        .execute();
      await db.insertInto('product_media').values({ id: picture.productMediaId, product_id: id, media_id: picture.mediaId, position: picture.position }).execute();
    }
    // the cover is the second by position: it still comes first
    await db.updateTable('product').set({ cover_id: pictures[1].productMediaId }).where('id', '=', id).execute();

    const body = (await new Browser(t.app).get(`/detail/${id}`)).body;
    const main = body.match(/<img class="gallery-main" src="([^"]+)" srcset="([^"]+)" sizes="([^"]+)" width="900" height="900" alt="([^"]+)" decoding="async">/);
    expect(main?.slice(1)).toEqual([
      expect.stringMatching(/\/front\.png$/),
      expect.stringMatching(/\/thumbnails\/front_400x400\.webp 400w, .*\/front\.png 900w$/),
      '(max-width: 768px) 100vw, 600px',
      'Lamp front',
    ]);
    const thumbs = [...body.matchAll(/<a class="gallery-thumb" href="[^"]+\/(\w+)\.png"( aria-current="true")?/g)].map((m) => [m[1], Boolean(m[2])]);
    expect(thumbs).toEqual([['front', true], ['side', false]]);
    // one image: no thumbnail row
    expect((await new Browser(t.app).get(`/detail/${shirtId}`)).body).not.toContain('gallery-thumbs');
  });

  it('opens a product that is visible by link only', async () => {
    const response = await new Browser(t.app).get(`/detail/${linkOnlyId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Secret sale</h1>');
  });

  it('shows a sold-out closeout product without the form', async () => {
    const response = await new Browser(t.app).get(`/detail/${soldOutId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="stock-info">Sold out</p>');
    expect(response.body).not.toContain('action="/checkout/line-item/add"');
  });

  it('answers unknown, invisible and inactive products with the 404 page', async () => {
    const browser = new Browser(t.app);
    for (const id of [newId(), 'nope', hiddenId, inactiveId]) {
      const response = await browser.get(`/detail/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('The page you requested could not be found.');
      expect(response.body).not.toContain('Not in this channel');
    }
  });
});
