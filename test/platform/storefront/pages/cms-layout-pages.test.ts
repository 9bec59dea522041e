import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/platform/ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../../src/platform/first-start/default-ids.js';
import { createTestPlatform, type TestPlatform } from '../../../helpers/test-platform.js';
import { insertCover } from '../../catalog/catalog-fixtures.js';
import { Browser } from '../browser.js';
import { createCategory, createShopProduct, HOME_CATEGORY_ID, textOf } from './shop-fixtures.js';

const stat = (value: unknown) => ({ source: 'static', value });

describe('storefront pages draw the layout a merchant assigned', () => {
  let t: TestPlatform;
  const ids = { layout: newId(), landing: newId(), mug: '', cup: '', mugMedia: '', category: '' };

  beforeAll(async () => {
    t = await createTestPlatform();
    ids.mug = await createShopProduct(t.platform, { name: 'Harbour mug', gross: 12 });
    ids.cup = await createShopProduct(t.platform, { name: 'Harbour cup', gross: 9 });
    ids.mugMedia = (await insertCover(t.platform.db, ids.mug, 'media/ab/harbour.png', 'A harbour mug', { width: 800, height: 400 })).mediaId;
    const slots = [
      { type: 'image-slider', config: { sliderItems: stat([{ mediaId: ids.mugMedia, url: '/navigation/x' }, { mediaId: ids.mugMedia, url: 'javascript:alert(1)' }]) } },
      { type: 'text', config: { content: stat('<h2>Autumn by the sea</h2><p>Warm drinks <img src=x onerror="alert(1)">for cold days.</p>') } },
      { type: 'product-slider', config: { products: stat([ids.cup, ids.mug]), title: stat('Mugs for <cold> days') } },
      { type: 'product-listing', config: {} },
    ];
    const created = await t.api('POST', '/api/cms-page', {
      body: {
        id: ids.layout,
        name: 'Autumn',
        type: 'landingpage',
        sections: [{ position: 0, blocks: slots.map((slot, position) => ({ position, type: slot.type, slots: [{ type: slot.type, slot: 'content', config: slot.config }] })) }],
      },
    });
    expect(created.statusCode, created.body).toBe(204);
    const landing = await t.api('POST', '/api/landing-page', { body: { id: ids.landing, name: 'Autumn sale', url: 'autumn', cmsPageId: ids.layout, salesChannels: [{ id: DEFAULT_SALES_CHANNEL_ID }] } });
    expect(landing.statusCode, landing.body).toBe(204);
    ids.category = await createCategory(t.platform, 'Mugs');
  });
  afterAll(() => t.close());

  it('a landing page shows its slider, text and products; scripts and javascript: links never reach the page', async () => {
    const page = await new Browser(t.app).get(`/landingPage/${ids.landing}`);
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('Autumn by the sea');
    expect(page.body).toMatch(/<ul class="cms-slider" aria-label="Highlights"/);
    expect(page.body).toContain('href="/navigation/x"');
    expect(page.body).not.toContain('javascript:');
    expect(page.body).not.toContain('onerror');
    // the product slider under its title (escaped), in the merchant's order, then the listing's cards
    expect(page.body).toContain('<h2 class="cms-products-title">Mugs for &lt;cold&gt; days</h2>');
    expect(text.indexOf('Mugs for <cold> days')).toBeLessThan(text.indexOf('Harbour cup'));
    expect(text.indexOf('Harbour cup')).toBeLessThan(text.indexOf('Harbour mug'));
  });

  it('the home page shows the navigation category\'s layout instead of the default welcome; without one it stays as it was', async () => {
    const before = await new Browser(t.app).get('/');
    expect(textOf(before.body)).toContain('Our products');
    await t.platform.db.updateTable('category').set({ cms_page_id: ids.layout }).where('id', '=', HOME_CATEGORY_ID).execute();
    const after = await new Browser(t.app).get('/');
    expect(after.statusCode).toBe(200);
    expect(textOf(after.body)).toContain('Autumn by the sea');
    expect(textOf(after.body)).not.toContain('Our products');
    await t.platform.db.updateTable('category').set({ cms_page_id: null }).where('id', '=', HOME_CATEGORY_ID).execute();
  });

  it('a category page draws the layout\'s slots above its own listing with filters', async () => {
    await t.platform.db.updateTable('category').set({ cms_page_id: ids.layout }).where('id', '=', ids.category).execute();
    await t.platform.db.insertInto('product_category').values({ product_id: ids.mug, category_id: ids.category }).execute();
    const page = await new Browser(t.app).get(`/navigation/${ids.category}`);
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text.indexOf('Autumn by the sea')).toBeGreaterThan(-1);
    // the page's listing (one product in the category) follows the layout
    expect(page.body).toContain('class="listing-filters');
    expect(text.lastIndexOf('Harbour mug')).toBeGreaterThan(text.indexOf('Autumn by the sea'));
  });

  it("a product page draws its layout's slots below the product; the elements the page draws itself are not drawn twice", async () => {
    const layout = newId();
    const blocks = [
      { type: 'text', config: { content: stat('<h2>Thrown by hand in Kiel</h2>') } },
      { type: 'buy-box', config: {} },
      { type: 'cross-selling', config: {} },
    ];
    const created = await t.api('POST', '/api/cms-page', {
      body: { id: layout, name: 'Mug page', type: 'product_detail', sections: [{ position: 0, blocks: blocks.map((block, position) => ({ position, type: block.type, slots: [{ type: block.type, slot: 'content', config: block.config }] })) }] },
    });
    expect(created.statusCode, created.body).toBe(204);
    const before = await new Browser(t.app).get(`/detail/${ids.cup}`);
    expect(textOf(before.body)).not.toContain('Thrown by hand');
    expect((await t.api('PATCH', `/api/product/${ids.cup}`, { body: { cmsPageId: layout } })).statusCode).toBe(204);
    const page = await new Browser(t.app).get(`/detail/${ids.cup}`);
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text.indexOf('Thrown by hand in Kiel')).toBeGreaterThan(text.indexOf('Harbour cup'));
    // one add-to-cart form: the page's own buy box, not the layout's
    expect(page.body.match(/action="\/checkout\/line-item\/add"/g) ?? []).toHaveLength(1);
  });
});
