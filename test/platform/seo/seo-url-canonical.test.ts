import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { CURRENCY_DEFAULT as EUR, defaultShopId, LANGUAGE_SYSTEM } from '../../../src/platform/first-start/default-ids.js';
import { newId } from '../../../src/platform/ids.js';
import { createIntegration, createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { Browser } from '../storefront/browser.js';

const TAX = defaultShopId('tax', 'standard');

/** `PATCH /api/_action/seo-url/canonical`: a merchant's own product path, kept through renames, given up again. */
describe('a merchant\'s own SEO path', () => {
  let t: TestPlatform;
  const ids = { kettle: newId(), cup: newId() };
  const target = (foreignKey: string) => ({ foreignKey, routeName: 'frontend.detail.page', salesChannelId: DEFAULT_SALES_CHANNEL_ID, languageId: LANGUAGE_SYSTEM });
  const setPath = (body: Record<string, unknown>, token?: string) => t.api('PATCH', '/api/_action/seo-url/canonical', { body, token });
  const urlsOf = async (foreignKey: string) =>
    (await t.platform.db.selectFrom('seo_url').select(['seo_path_info', 'is_canonical', 'is_modified']).where('foreign_key', '=', foreignKey).where('sales_channel_id', '=', DEFAULT_SALES_CHANNEL_ID).orderBy('created_at').execute()).map(
      (row) => [row.seo_path_info, row.is_canonical, row.is_modified],
    );
  const product = (id: string, name: string, productNumber: string) => ({
    id,
    name,
    productNumber,
    stock: 5,
    taxId: TAX,
    active: true,
    price: [{ currencyId: EUR, gross: 10, net: 8.4, linked: true }],
    visibilities: [{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }],
  });

  beforeAll(async () => {
    t = await createTestPlatform();
    for (const body of [product(ids.kettle, 'Kettle', 'K-1'), product(ids.cup, 'Cup', 'C-1')]) expect((await t.api('POST', '/api/product', { body })).statusCode).toBe(204);
  });
  afterAll(() => t?.close());

  it('makes the path canonical and modified; the earlier one redirects to it', async () => {
    const answer = await setPath({ ...target(ids.kettle), seoPathInfo: '/kettles/steel' });
    expect(answer.statusCode, answer.body).toBe(204);
    expect(await urlsOf(ids.kettle)).toEqual([
      ['Kettle/K-1', false, false],
      ['kettles/steel', true, true],
    ]);
    const browser = new Browser(t.app);
    expect((await browser.get('/kettles/steel')).statusCode).toBe(200);
    const old = await browser.get('/Kettle/K-1');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/kettles/steel');
  });

  it('keeps the merchant\'s path when the product is renamed, hidden and shown again', async () => {
    expect((await t.api('PATCH', `/api/product/${ids.kettle}`, { body: { name: 'Steel kettle' } })).statusCode).toBe(204);
    expect((await urlsOf(ids.kettle)).filter(([, canonical]) => canonical)).toEqual([['kettles/steel', true, true]]);
    expect((await t.api('PATCH', `/api/product/${ids.kettle}`, { body: { active: false } })).statusCode).toBe(204);
    expect((await new Browser(t.app).get('/kettles/steel')).statusCode).toBe(404);
    expect((await t.api('PATCH', `/api/product/${ids.kettle}`, { body: { active: true } })).statusCode).toBe(204);
    expect((await urlsOf(ids.kettle)).filter(([, canonical]) => canonical)).toEqual([['kettles/steel', true, true]]);
    expect((await new Browser(t.app).get('/kettles/steel')).statusCode).toBe(200);
  });

  it('refuses another page\'s path, a malformed one and a shop path at /seoPathInfo', async () => {
    for (const [seoPathInfo, detail] of [
      ['Cup/C-1', '"Cup/C-1" is already the path of another page in this sales channel.'],
      ['kettles//steel', 'The SEO path may hold letters, digits, "-", ".", "_", "~" and "/" between segments only.'],
      ['kettles/a b', 'The SEO path may hold letters, digits, "-", ".", "_", "~" and "/" between segments only.'],
      ['account/kettle', 'The SEO path must not start with "account", a path of the shop\'s own pages.'],
      ['', 'The SEO path must not be empty.'],
    ]) {
      const answer = await setPath({ ...target(ids.kettle), seoPathInfo });
      expect(answer.statusCode, seoPathInfo).toBe(400);
      expect(answer.json().errors[0]).toMatchObject({ detail, source: { pointer: '/seoPathInfo' } });
    }
    expect((await urlsOf(ids.kettle)).filter(([, canonical]) => canonical)).toEqual([['kettles/steel', true, true]]);
    // a product the channel does not show has no URL to replace
    const hidden = newId();
    expect((await t.api('POST', '/api/product', { body: { ...product(hidden, 'Hidden', 'H-1'), visibilities: [] } })).statusCode).toBe(204);
    const answer = await setPath({ ...target(hidden), seoPathInfo: 'hidden' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors[0].source.pointer).toBe('/foreignKey');
  });

  it('gives the path up again: the template\'s path is canonical, the merchant\'s redirects', async () => {
    const answer = await setPath({ ...target(ids.kettle), isModified: false });
    expect(answer.statusCode, answer.body).toBe(204);
    expect((await urlsOf(ids.kettle)).filter(([, canonical]) => canonical)).toEqual([['Steel-kettle/K-1', true, false]]);
    const old = await new Browser(t.app).get('/kettles/steel');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/Steel-kettle/K-1');
    // and takes an earlier path of its own back
    expect((await setPath({ ...target(ids.kettle), seoPathInfo: 'kettles/steel' })).statusCode).toBe(204);
    expect((await urlsOf(ids.kettle)).filter(([, canonical]) => canonical)).toEqual([['kettles/steel', true, true]]);
  });

  it('needs seo_url:create and seo_url:update', async () => {
    const { accessKey, secret } = await createIntegration(t.platform, ['seo_url:read', 'seo_url:update']);
    const token = (await t.api('POST', '/api/oauth/token', { body: { grant_type: 'client_credentials', client_id: accessKey, client_secret: secret } })).json().access_token;
    const answer = await setPath({ ...target(ids.cup), seoPathInfo: 'cups/one' }, token);
    expect(answer.statusCode).toBe(403);
    expect((await urlsOf(ids.cup)).filter(([, canonical]) => canonical)).toEqual([['Cup/C-1', true, false]]);
  });
});
