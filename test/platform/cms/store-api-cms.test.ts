import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/platform/ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-ids.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';
import { eur, HOME_CATEGORY, insertCategory, insertCover, insertProduct } from '../catalog/catalog-fixtures.js';

const stat = (value: unknown) => ({ source: 'static', value });

/** A layout of `blocks` one-slot blocks in one section, written through the Admin API in one nested request. */
function layoutBody(id: string, slots: Array<{ id?: string; type: string; config: Record<string, unknown> }>) {
  return {
    id,
    name: 'Summer home',
    type: 'landingpage',
    sections: [
      {
        position: 0,
        type: 'default',
        blocks: slots.map((slot, position) => ({ position, type: slot.type, slots: [{ id: slot.id, type: slot.type, slot: 'content', config: slot.config }] })),
      },
    ],
  };
}

describe('Shopping Experiences: layouts through the Admin API, resolved by the Store API', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  const ids = { page: newId(), mug: '', cup: '', hidden: '', mugMedia: '', textSlot: newId() };

  beforeAll(async () => {
    t = await createTestPlatform();
    client = await createStoreApiClient(t);
    const db = t.platform.db;
    ids.mug = await insertProduct(db, { name: 'Blue mug', price: eur(12.5), categoryIds: [HOME_CATEGORY] });
    ids.cup = await insertProduct(db, { name: 'Tea cup', price: eur(8), categoryIds: [HOME_CATEGORY] });
    ids.hidden = await insertProduct(db, { name: 'Not in this shop', visibilities: [] });
    ids.mugMedia = (await insertCover(db, ids.mug, 'media/aa/mug.png', 'A blue mug')).mediaId;
  });
  afterAll(() => t.close());

  it('writes a layout with sections, blocks and slots in one request and refuses a malformed slot config', async () => {
    const created = await t.api('POST', '/api/cms-page', {
      body: layoutBody(ids.page, [
        { id: ids.textSlot, type: 'text', config: { content: stat('<h2>Summer</h2><p onclick="steal()">Fresh <script>alert(1)</script>mugs</p>') } },
        { type: 'image', config: { media: stat(ids.mugMedia), url: stat('/summer') } },
        { type: 'image-slider', config: { sliderItems: stat([{ mediaId: ids.mugMedia, url: '/a' }]) } },
        { type: 'product-box', config: { product: stat(ids.mug) } },
        { type: 'product-slider', config: { products: stat([ids.cup, ids.hidden, ids.mug]) } },
        { type: 'product-listing', config: {} },
      ]),
    });
    expect(created.statusCode, created.body).toBe(204);
    const refused = await t.api('POST', '/api/cms-slot', { body: { blockId: newId(), type: 'text', slot: 'content', config: { content: 'plain' } } });
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body).errors[0].source.pointer).toBe('/config');
  });

  it('answers the layout with each slot resolved for the context', async () => {
    const response = await client.storeApi('POST', `/store-api/cms/${ids.page}`, { body: {} });
    expect(response.statusCode, response.body).toBe(200);
    const page = JSON.parse(response.body);
    expect(page).toMatchObject({ id: ids.page, type: 'landingpage', apiAlias: 'cms_page' });
    const slots = page.sections[0].blocks.map((block: { slots: Array<{ type: string; data: Record<string, unknown> }> }) => block.slots[0]);
    const byType = Object.fromEntries(slots.map((slot: { type: string; data: unknown }) => [slot.type, slot.data])) as Record<string, Record<string, any>>;
    // scripts and event handlers never reach a shopper's page
    expect(byType.text!.content).toBe('<h2>Summer</h2><p>Fresh mugs</p>');
    expect(byType.image).toMatchObject({ mediaId: ids.mugMedia, url: '/summer', media: { id: ids.mugMedia, alt: 'A blue mug' } });
    expect(byType['image-slider']!.sliderItems).toHaveLength(1);
    expect(byType['product-box']).toMatchObject({ productId: ids.mug, product: { id: ids.mug, calculatedPrice: { unitPrice: 12.5 } } });
    // the product the channel does not sell is left out; the order is the merchant's
    expect(byType['product-slider']!.products.map((product: { id: string }) => product.id)).toEqual([ids.cup, ids.mug]);
    expect(byType['product-listing']!.listing).toMatchObject({ total: 2, apiAlias: 'product_listing' });
  });

  it('resolves only the asked slots, and answers 404 for an unknown layout', async () => {
    const only = JSON.parse((await client.storeApi('POST', `/store-api/cms/${ids.page}`, { body: { slots: ids.textSlot } })).body);
    const data = only.sections[0].blocks.map((block: { slots: Array<{ data: unknown }> }) => block.slots[0].data);
    expect(data[0]).toMatchObject({ apiAlias: 'cms_text' });
    expect(data.slice(1).every((entry: unknown) => entry === null)).toBe(true);
    const missing = await client.storeApi('POST', `/store-api/cms/${newId()}`, { body: {} });
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body).errors[0].code).toBe('CONTENT__CMS_PAGE_NOT_FOUND');
  });

  it('a landing page with the layout answers it as its cmsPage, slots resolved; without one cmsPage is null', async () => {
    const landing = newId();
    const body = { id: landing, name: 'Summer', url: 'summer', salesChannels: [{ id: client.salesChannelId }] };
    expect((await t.api('POST', '/api/landing-page', { body: { ...body, cmsPageId: ids.page } })).statusCode).toBe(204);
    const page = JSON.parse((await client.storeApi('POST', `/store-api/landing-page/${landing}`, { body: {} })).body);
    expect(page.cmsPageId).toBe(ids.page);
    expect(page.cmsPage.sections[0].blocks[0].slots[0].data).toMatchObject({ content: '<h2>Summer</h2><p>Fresh mugs</p>', apiAlias: 'cms_text' });
    expect((await t.api('PATCH', `/api/landing-page/${landing}`, { body: { cmsPageId: null } })).statusCode).toBe(204);
    expect(JSON.parse((await client.storeApi('POST', `/store-api/landing-page/${landing}`, { body: {} })).body).cmsPage).toBeNull();
  });

  it("a category with the layout answers it as its cmsPage: the listing slot shows that category's products", async () => {
    const aisle = await insertCategory(t.platform.db, { name: 'Mugs aisle' });
    const inAisle = await insertProduct(t.platform.db, { name: 'Aisle mug', price: eur(9), categoryIds: [aisle] });
    const before = JSON.parse((await client.storeApi('POST', `/store-api/category/${aisle}`, { body: {} })).body);
    expect(before.cmsPage).toBeNull();
    expect((await t.api('PATCH', `/api/category/${aisle}`, { body: { cmsPageId: ids.page } })).statusCode).toBe(204);
    const response = await client.storeApi('POST', `/store-api/category/${aisle}`, { body: {} });
    expect(response.statusCode, response.body).toBe(200);
    const category = JSON.parse(response.body);
    expect(category).toMatchObject({ id: aisle, cmsPageId: ids.page, cmsPage: { id: ids.page, apiAlias: 'cms_page' } });
    const listing = category.cmsPage.sections[0].blocks.map((block: { slots: Array<{ type: string; data: Record<string, any> }> }) => block.slots[0]).find((slot: { type: string }) => slot.type === 'product-listing').data.listing;
    expect(listing.elements.map((product: { id: string }) => product.id)).toEqual([inAisle]);
  });

  it("a product page answers its layout as product.cmsPage, bound to the product; a variant inherits its parent's, with the parent's slot overrides", async () => {
    const db = t.platform.db;
    const layout = newId();
    const textSlot = newId();
    const body = {
      id: layout,
      name: 'Mug page',
      type: 'product_detail',
      sections: [
        {
          position: 0,
          type: 'default',
          blocks: [
            { position: 0, type: 'text', slots: [{ id: textSlot, type: 'text', slot: 'content', config: { content: stat('<p>Made by hand</p>') } }] },
            { position: 1, type: 'buy-box', slots: [{ type: 'buy-box', slot: 'content', config: {} }] },
          ],
        },
      ],
    };
    expect((await t.api('POST', '/api/cms-page', { body })).statusCode).toBe(204);
    const parent = await insertProduct(db, { name: 'Layout mug', price: eur(11), categoryIds: [HOME_CATEGORY] });
    const variant = await insertProduct(db, { name: 'Layout mug, large', parentId: parent, price: eur(13) });
    const detail = async (id: string) => JSON.parse((await client.storeApi('POST', `/store-api/product/${id}`, { body: {} })).body).product;

    expect((await detail(parent)).cmsPage).toBeNull();
    const override = { [textSlot]: { content: stat('<p>Glazed twice</p>') } };
    expect((await t.api('PATCH', `/api/product/${parent}`, { body: { cmsPageId: layout, slotConfig: override } })).statusCode).toBe(204);
    // the parent's page shows its variant, which has no layout of its own: the parent's, with its overrides
    const shown = await detail(parent);
    expect(shown.id).toBe(variant);
    expect(shown.cmsPageId).toBe(layout);
    const [text, buyBox] = shown.cmsPage.sections[0].blocks.map((block: { slots: Array<{ data: Record<string, unknown> }> }) => block.slots[0].data);
    expect(text).toMatchObject({ content: '<p>Glazed twice</p>' });
    expect(buyBox).toMatchObject({ productId: variant, product: { id: variant }, apiAlias: 'cms_buy_box' });
  });

  it('costs the same statements for 20 slots as for 4', async () => {
    const count = async (slotCount: number) => {
      const pageId = newId();
      const kinds = ['text', 'image', 'product-box', 'product-slider'];
      const slots = Array.from({ length: slotCount }, (_, i) => {
        const type = kinds[i % kinds.length]!;
        const config = type === 'text' ? { content: stat(`<p>${i}</p>`) } : type === 'image' ? { media: stat(ids.mugMedia) } : type === 'product-box' ? { product: stat(i % 8 === 2 ? ids.mug : ids.cup) } : { products: stat([ids.cup, ids.mug]) };
        return { type, config };
      });
      expect((await t.api('POST', '/api/cms-page', { body: layoutBody(pageId, slots) })).statusCode).toBe(204);
      await client.storeApi('POST', `/store-api/cms/${pageId}`, { body: {} });
      const run = await t.platform.database.statements.measure(() => client.storeApi('POST', `/store-api/cms/${pageId}`, { body: {} }));
      expect(run.result.statusCode).toBe(200);
      return run.count;
    };
    const small = await count(4);
    const large = await count(20);
    expect(large).toBe(small);
    // the layout (1), media (1), products with their SEO categories (3) and the context's reads
    expect(large).toBeLessThanOrEqual(8);
  });

  it('costs the same statements for buy boxes, reviews and cross-sellings of 4 named products as of 1', async () => {
    const db = t.platform.db;
    const named = await Promise.all(Array.from({ length: 4 }, (_, i) => insertProduct(db, { name: `Named ${i}`, price: eur(5 + i), categoryIds: [HOME_CATEGORY] })));
    for (const productId of named) {
      await db.insertInto('product_review').values({ id: newId(), product_id: productId, sales_channel_id: DEFAULT_SALES_CHANNEL_ID, title: 'Good', content: 'Good enough for every day.', points: 4, status: true }).execute();
      const crossSelling = newId();
      await db.insertInto('product_cross_selling').values({ id: crossSelling, product_id: productId, name: 'With it', position: 1 }).execute();
      await db.insertInto('product_cross_selling_assigned_products').values({ id: newId(), cross_selling_id: crossSelling, product_id: ids.cup, position: 1 }).execute();
    }
    const count = async (products: string[]) => {
      const pageId = newId();
      const slots = products.flatMap((productId) => ['buy-box', 'product-description-reviews', 'cross-selling'].map((type) => ({ type, config: { product: stat(productId) } })));
      expect((await t.api('POST', '/api/cms-page', { body: layoutBody(pageId, slots) })).statusCode).toBe(204);
      await client.storeApi('POST', `/store-api/cms/${pageId}`, { body: {} });
      const run = await t.platform.database.statements.measure(() => client.storeApi('POST', `/store-api/cms/${pageId}`, { body: {} }));
      expect(run.result.statusCode).toBe(200);
      const body = JSON.parse(run.result.body);
      for (const block of body.sections[0].blocks) {
        const { type, data } = block.slots[0];
        if (type === 'product-description-reviews') expect(data.reviews.total).toBe(1);
        if (type === 'cross-selling') expect(data.crossSellings[0].products[0].id).toBe(ids.cup);
      }
      return run.count;
    };
    expect(await count(named)).toBe(await count(named.slice(0, 1)));
  });
});
