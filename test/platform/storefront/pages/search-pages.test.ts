import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { Browser } from '../browser.js';
import { newId } from '../../../../src/platform/ids.js';
import { HOME_CATEGORY_ID, createCategory, createShopProduct, textOf } from './shop-fixtures.js';

let t: TestPlatform;
let kitchenId: string;
let mugsId: string;
let mugId: string;
let accessKey: string;

beforeAll(async () => {
  t = await createTestPlatform();
  kitchenId = await createCategory(t.platform, 'Kitchen');
  mugsId = await createCategory(t.platform, 'Mugs', kitchenId);
  mugId = await createShopProduct(t.platform, { name: 'Enamel <Mug>', gross: 12.5, categoryIds: [mugsId] });
  await createShopProduct(t.platform, { name: 'Search-only teapot', visibility: 20 });
  await createShopProduct(t.platform, { name: 'Hidden teapot', visibility: null });
  // 30 teacups: more than a result page holds
  for (let i = 1; i <= 30; i++) await createShopProduct(t.platform, { name: `Teacup ${String(i).padStart(2, '0')}`, gross: i });
  const channel = await t.platform.db.selectFrom('sales_channel').select('access_key').where('id', '=', (await t.platform.db.selectFrom('sales_channel').select('id').executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
  accessKey = channel.access_key as string;
});

afterAll(async () => {
  await t?.close();
});

describe('search page', () => {
  it('finds products by name, escapes the term and keeps it in the header box', async () => {
    const response = await new Browser(t.app).get('/search?search=mug');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Search results for &ldquo;mug&rdquo;</h1>');
    expect(response.body).toContain(`<a class="product-name" href="/detail/${mugId}">Enamel &lt;Mug&gt;</a>`);
    expect(textOf(response.body)).toContain('1 product found');
    expect(response.body).toMatch(/id="header-search-input"[^>]*value="mug"/);
    const hostile = await new Browser(t.app).get('/search?search=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).not.toContain('<script>alert(1)');
    expect(textOf(hostile.body)).toContain('0 products found');
  });

  it('lists a product with variants once, as its first variant by product number', async () => {
    const parent = await createShopProduct(t.platform, { name: 'Striped apron', gross: 30 });
    const db = t.platform.db;
    const variant = async (suffix: string) => {
      const id = newId();
      await db.insertInto('product').values({ id, parent_id: parent, product_number: `APRON-${suffix}-${parent.slice(0, 6)}`, stock: 5 }).execute();
      return id;
    };
    const large = await variant('L');
    await variant('M');
    const body = (await new Browser(t.app).get('/search?search=striped+apron')).body;
    expect(textOf(body)).toContain('1 product found');
    expect([...body.matchAll(/<a class="product-name" href="\/detail\/([0-9a-f]{32})">Striped apron<\/a>/g)].map((m) => m[1])).toEqual([large]);
  });

  it('finds products visible in search only, never those of no visibility', async () => {
    const body = (await new Browser(t.app).get('/search?search=teapot')).body;
    expect(body).toContain('Search-only teapot');
    expect(body).not.toContain('Hidden teapot');
  });

  it('pages and sorts', async () => {
    const first = await new Browser(t.app).get('/search?search=teacup&order=price-desc');
    expect(textOf(first.body)).toContain('30 products found');
    expect(first.body).toContain('Teacup 30');
    expect(first.body).not.toContain('Teacup 06<');
    expect(first.body).toContain('href="/search?search=teacup&amp;order=price-desc&amp;p=2"');
    const second = await new Browser(t.app).get('/search?search=teacup&order=price-desc&p=2');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('Teacup 06');
    expect(second.body).not.toContain('Teacup 30');
  });

  it('shows a search form without a term, and ignores odd query values', async () => {
    const empty = await new Browser(t.app).get('/search');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('<h1>Search</h1>');
    const odd = await new Browser(t.app).get('/search?search=a&search=b&p=-1&order=evil');
    expect(odd.statusCode).toBe(200);
  });

  it('suggests products as an HTML fragment', async () => {
    const response = await new Browser(t.app).get('/suggest?search=mug', { 'x-requested-with': 'XMLHttpRequest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).not.toContain('<html');
    expect(response.body).toContain(`href="/detail/${mugId}"`);
    expect(response.body).toContain('Show all 1 result');
    const none = await new Browser(t.app).get('/suggest?search=zzzz');
    expect(none.body).toContain('No products found');
  });
});

describe('header and breadcrumbs', () => {
  it('shows two levels of categories, an "All products" link and the cart count', async () => {
    const body = (await new Browser(t.app).get('/')).body;
    expect(body).toContain(`<a href="/navigation/${HOME_CATEGORY_ID}">All products</a>`);
    expect(body).toContain(`<a href="/navigation/${kitchenId}">Kitchen</a>`);
    expect(body).toContain(`<a href="/navigation/${mugsId}">Mugs</a>`);
    expect(body).toMatch(/id="cart-count"[^>]*>0</);
  });

  it('counts the items in the cart', async () => {
    const browser = new Browser(t.app);
    const page = await browser.get(`/detail/${mugId}`);
    await browser.request('POST', '/checkout/line-item/add', { form: { _csrf_token: Browser.csrfTokenOf(page), productId: mugId, quantity: '3' } });
    expect((await browser.get('/')).body).toMatch(/id="cart-count"[^>]*>3</);
  });

  it('shows breadcrumbs on category and product pages', async () => {
    const category = textOf((await new Browser(t.app).get(`/navigation/${mugsId}`)).body);
    expect(category).toContain('Home Kitchen Mugs');
    const product = await new Browser(t.app).get(`/detail/${mugId}`);
    expect(product.body).toContain('aria-label="Breadcrumb"');
    expect(product.body).toContain(`<a href="/navigation/${mugsId}">Mugs</a>`);
    expect(product.body).toContain('<span aria-current="page">Enamel &lt;Mug&gt;</span>');
  });
});

describe('error pages', () => {
  it('answers an unknown shop path with the HTML 404 page, whatever the browser accepts', async () => {
    for (const accept of ['text/html', '*/*', '']) {
      const response = await t.app.inject({ method: 'GET', url: '/nonexistent-page', headers: accept ? { accept } : {} });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<h1>Not Found</h1>');
    }
    const api = await t.app.inject({ method: 'GET', url: '/store-api/nonexistent', headers: { accept: 'text/html' } });
    expect(api.headers['content-type']).toContain('application/json');
    expect(api.json().errors).toHaveLength(1);
  });
});

describe('POST /store-api/search', () => {
  const call = (body: unknown) => t.app.inject({ method: 'POST', url: '/store-api/search', headers: { 'sw-access-key': accessKey }, payload: body as object });

  it('searches with the listing\'s paging and sorting', async () => {
    const response = await call({ search: 'teacup', limit: 5, p: 2, order: 'price-asc' });
    expect(response.statusCode, response.body).toBe(200);
    const json = response.json();
    expect(json.total).toBe(30);
    expect(json.page).toBe(2);
    expect(json.elements.map((product: { name: string }) => product.name)).toEqual(['Teacup 06', 'Teacup 07', 'Teacup 08', 'Teacup 09', 'Teacup 10']);
    // Shopware's ProductListingResult, with the filters and sortings of a listing
    expect(json.apiAlias).toBe('product_listing');
    expect(json.sorting).toBe('price-asc');
  });

  it('refuses a body without a term or with a bad limit; an unknown sorting falls back to the default (Shopware\'s)', async () => {
    expect((await call({})).statusCode).toBe(400);
    expect((await call({ search: 'x', limit: 500 })).statusCode).toBe(400);
    const unknownSort = await call({ search: 'teacup', order: 'nope' });
    expect(unknownSort.statusCode).toBe(200);
    expect(unknownSort.json().sorting).toBe('name-asc');
  });

  it('is in the Store API OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/store-api/_info/openapi3.json' })).json();
    expect(document.paths['/search'] ?? document.paths['/store-api/search']).toBeDefined();
  });
});
