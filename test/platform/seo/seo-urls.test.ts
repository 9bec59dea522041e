import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { CURRENCY_DEFAULT as EUR, defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../src/platform/ids.js';
import { SITEMAP_QUEUE } from '../../../src/platform/seo/sitemap-job.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { runCommand } from '../../../src/platform/console/runner.js';
import { Browser } from '../storefront/browser.js';
import { captureIo } from '../console/capture-io.js';
import { waitFor } from '../../helpers/wait-for.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';

const HOME = defaultShopId('category', 'home');
const TAX = defaultShopId('tax', 'standard');


interface SeoUrlRow {
  seo_path_info: string;
  path_info: string;
  is_canonical: boolean;
  is_deleted: boolean;
}

describe('SEO URLs and sitemaps', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  const ids = { clothing: newId(), shirts: newId(), product: newId(), landing: newId() };

  const urlsOf = (foreignKey: string) =>
    t.platform.db.selectFrom('seo_url').select(['seo_path_info', 'path_info', 'is_canonical', 'is_deleted']).where('foreign_key', '=', foreignKey).orderBy('created_at').execute() as Promise<SeoUrlRow[]>;
  const canonicalOf = async (foreignKey: string) => (await urlsOf(foreignKey)).find((row) => row.is_canonical && !row.is_deleted)?.seo_path_info;
  const admin = async (method: string, url: string, body: unknown) => {
    const response = await t.api(method, url, { body });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };

  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
    await t.platform.queue.startWorker(0.5);
    // written through the Admin API: each write brings the URLs up to date before it answers
    await admin('POST', '/api/category', { id: ids.clothing, name: 'Clothing', parentId: HOME });
    await admin('POST', '/api/category', { id: ids.shirts, name: "Men's Shirts", parentId: ids.clothing });
    await admin('POST', '/api/product', {
      id: ids.product,
      productNumber: 'SW10001',
      name: 'Main product',
      stock: 5,
      taxId: TAX,
      price: [{ currencyId: EUR, gross: 19.99, net: 16.8, linked: true }],
      active: true,
      visibilities: [{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }],
      categories: [{ id: ids.shirts }],
    });
    await admin('POST', '/api/landing-page', { id: ids.landing, name: 'Summer sale', url: 'summer/sale 2026', salesChannels: [{ id: DEFAULT_SALES_CHANNEL_ID }] });
  });
  afterAll(() => t?.close());

  it('writes Shopware\'s default paths: product name and number, the category breadcrumb, the landing page url', async () => {
    expect(await urlsOf(ids.product)).toEqual([{ seo_path_info: 'Main-product/SW10001', path_info: `/detail/${ids.product}`, is_canonical: true, is_deleted: false }]);
    expect(await canonicalOf(ids.clothing)).toBe('Clothing/');
    expect(await urlsOf(ids.shirts)).toEqual([{ seo_path_info: 'Clothing/Men-s-Shirts/', path_info: `/navigation/${ids.shirts}`, is_canonical: true, is_deleted: false }]);
    expect(await canonicalOf(ids.landing)).toBe('summer-sale-2026');
    // the navigation category is the home page: no URL of its own
    expect(await urlsOf(HOME)).toEqual([]);
    const search = await t.api('POST', '/api/search/seo-url', { body: { filter: [{ type: 'equals', field: 'foreignKey', value: ids.product }] } });
    expect(search.statusCode).toBe(200);
    expect(search.json().data).toEqual([expect.objectContaining({ seoPathInfo: 'Main-product/SW10001', routeName: 'frontend.detail.page', isCanonical: true, salesChannelId: DEFAULT_SALES_CHANNEL_ID })]);
  });

  it('serves the product page under its SEO path with a canonical link, and links to it from the shop', async () => {
    const browser = new Browser(t.app);
    const page = await browser.get('/Main-product/SW10001');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Main product');
    expect(page.body).toContain('<link rel="canonical" href="http://localhost:8000/Main-product/SW10001">');
    // the technical URL keeps working and names the same canonical URL
    const technical = await browser.get(`/detail/${ids.product}`);
    expect(technical.statusCode).toBe(200);
    expect(technical.body).toContain('<link rel="canonical" href="http://localhost:8000/Main-product/SW10001">');
    const home = await browser.get('/');
    expect(home.body).toContain('href="/Main-product/SW10001"');
    expect(home.body).toContain('href="/Clothing/"');
    expect(home.body).not.toContain(`href="/detail/${ids.product}"`);
    const category = await browser.get('/Clothing/Men-s-Shirts/');
    expect(category.statusCode).toBe(200);
    expect(category.body).toContain("<h1>Men&#39;s Shirts</h1>");
    expect((await browser.get('/summer-sale-2026')).body).toContain('<h1>Summer sale</h1>');
    const unknown = await browser.get('/No-such/page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    // API paths keep their JSON 404
    const api = await client.storeApi('GET', '/store-api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].code).toBe('FRAMEWORK__ROUTE_NOT_FOUND');
  });

  it('answers the Store API\'s seo-url search with the channel\'s URLs', async () => {
    const get = await client.storeApi('GET', `/store-api/seo-url?filter[0][type]=equals&filter[0][field]=foreignKey&filter[0][value]=${ids.product}`);
    expect(get.statusCode).toBe(200);
    expect(get.json()).toMatchObject({ total: 1, apiAlias: 'dal_entity_search_result', elements: [{ foreignKey: ids.product, seoPathInfo: 'Main-product/SW10001', pathInfo: `/detail/${ids.product}`, isCanonical: true, salesChannelId: DEFAULT_SALES_CHANNEL_ID, apiAlias: 'seo_url' }] });
    const post = await client.storeApi('POST', '/store-api/seo-url', { body: { filter: [{ type: 'equals', field: 'routeName', value: 'frontend.navigation.page' }], sort: [{ field: 'seoPathInfo' }] } });
    expect(post.statusCode).toBe(200);
    expect(post.json().elements.map((url: { seoPathInfo: string }) => url.seoPathInfo)).toEqual(['Clothing/', 'Clothing/Men-s-Shirts/']);
    const bad = await client.storeApi('POST', '/store-api/seo-url', { body: { filter: [{ type: 'equals', field: 'nope', value: 1 }] } });
    expect(bad.statusCode).toBe(400);
  });

  it('adds the canonical URLs as seoUrls with sw-include-seo-urls', async () => {
    const headers = { 'sw-include-seo-urls': '1' };
    const product = await client.storeApi('GET', `/store-api/product/${ids.product}`, { headers });
    expect(product.json().product.seoUrls).toEqual([expect.objectContaining({ seoPathInfo: 'Main-product/SW10001', isCanonical: true, routeName: 'frontend.detail.page', apiAlias: 'seo_url' })]);
    const category = await client.storeApi('GET', `/store-api/category/${ids.shirts}`, { headers });
    expect(category.json().seoUrls.map((url: { seoPathInfo: string }) => url.seoPathInfo)).toEqual(['Clothing/Men-s-Shirts/']);
    const landing = await client.storeApi('GET', `/store-api/landing-page/${ids.landing}`, { headers });
    expect(landing.json().seoUrls.map((url: { seoPathInfo: string }) => url.seoPathInfo)).toEqual(['summer-sale-2026']);
    // without the header there are none
    expect((await client.storeApi('GET', `/store-api/product/${ids.product}`)).json().product.seoUrls).toBeUndefined();
  });

  describe('after a rename', () => {
    beforeAll(async () => {
      await admin('PATCH', `/api/product/${ids.product}`, { name: 'Renamed product' });
      await admin('PATCH', `/api/category/${ids.clothing}`, { name: 'Apparel' });
    });

    it('makes the new path canonical and keeps the old one, not canonical', async () => {
      expect(await urlsOf(ids.product)).toEqual([
        { seo_path_info: 'Main-product/SW10001', path_info: `/detail/${ids.product}`, is_canonical: false, is_deleted: false },
        { seo_path_info: 'Renamed-product/SW10001', path_info: `/detail/${ids.product}`, is_canonical: true, is_deleted: false },
      ]);
      // a parent's rename moves its children's paths too
      expect((await urlsOf(ids.shirts)).map((row) => [row.seo_path_info, row.is_canonical])).toEqual([['Clothing/Men-s-Shirts/', false], ['Apparel/Men-s-Shirts/', true]]);
    });

    it('redirects the old URL with a 301 to the canonical one', async () => {
      const browser = new Browser(t.app);
      const old = await browser.get('/Main-product/SW10001');
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/Renamed-product/SW10001');
      const oldCategory = await browser.get('/Clothing/Men-s-Shirts/?p=2');
      expect(oldCategory.statusCode).toBe(301);
      expect(oldCategory.headers.location).toBe('/Apparel/Men-s-Shirts/?p=2');
      expect((await browser.get('/Renamed-product/SW10001')).statusCode).toBe(200);
    });

    it('marks the URLs of a product the channel no longer shows deleted: 404', async () => {
      const other = newId();
      await admin('POST', '/api/product', { id: other, productNumber: 'SW10002', name: 'Gone soon', taxId: TAX, price: [{ currencyId: EUR, gross: 1, net: 1, linked: true }], active: true, visibilities: [{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }] });
      // written before the write's answer: the next page already links the new URL
      expect(await canonicalOf(other)).toBe('Gone-soon/SW10002');
      await admin('PATCH', `/api/product/${other}`, { active: false });
      expect((await urlsOf(other)).map((row) => row.is_deleted)).toEqual([true]);
      expect((await new Browser(t.app).get('/Gone-soon/SW10002')).statusCode).toBe(404);
    });
  });

  describe('sitemaps', () => {
    let files: Array<{ filename: string; created: string }>;

    beforeAll(async () => {
      // the queued job the SEO URL refresh sends (with a delay), sent here without one
      await t.platform.queue.send(t.platform.db, SITEMAP_QUEUE, {});
      files = await waitFor(async () => {
        const response = await client.storeApi('GET', '/store-api/sitemap');
        return response.statusCode === 200 && response.json().length > 0 ? response.json() : undefined;
      });
    });

    it('lists the domain\'s gzip file and serves it with the canonical URLs, absolute', async () => {
      expect(files).toEqual([{ filename: 'sitemap-localhost-8000-1.xml.gz', created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
      const download = await client.storeApi('GET', `/store-api/sitemap/${files[0]!.filename}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/gzip');
      const xml = gunzipSync(download.rawPayload).toString('utf8');
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
      expect(locations).toEqual(
        expect.arrayContaining(['http://localhost:8000/', 'http://localhost:8000/Renamed-product/SW10001', 'http://localhost:8000/Apparel/', 'http://localhost:8000/Apparel/Men-s-Shirts/', 'http://localhost:8000/summer-sale-2026']),
      );
      // old paths and products the channel does not list stay out
      expect(locations).not.toContain('http://localhost:8000/Main-product/SW10001');
      expect(locations).not.toContain('http://localhost:8000/Gone-soon/SW10002');
      expect((await client.storeApi('GET', '/store-api/sitemap/sitemap-other-1.xml.gz')).statusCode).toBe(404);
    });

    it('sitemap:generate writes them again at once', async () => {
      await admin('POST', '/api/product', { productNumber: 'SW10003', name: 'Fresh arrival', taxId: TAX, price: [{ currencyId: EUR, gross: 1, net: 1, linked: true }], active: true, visibilities: [{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }] });
      const io = captureIo();
      expect(await runCommand(t.platform, ['sitemap:generate', '--sales-channel-id', DEFAULT_SALES_CHANNEL_ID], io)).toBe(0);
      expect(io.stdout).toEqual(['http://localhost:8000: sitemap-localhost-8000-1.xml.gz (6 URLs)', 'Wrote the sitemaps of 1 domain.']);
      const download = await client.storeApi('GET', `/store-api/sitemap/${files[0]!.filename}`);
      expect(gunzipSync(download.rawPayload).toString('utf8')).toContain('<loc>http://localhost:8000/Fresh-arrival/SW10003</loc>');
    });
  });
});
