import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { newId } from '../../../src/platform/ids.js';
import { defaultShopCurrencyId } from '../../../src/platform/first-start/default-ids.js';
import { eur, guestContext, insertCover, insertProduct, insertSalesChannel, HOME_CATEGORY } from './catalog-fixtures.js';
import { startStoreApiTest, createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';

describe('Store API products', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const prefixFilter = (prefix: string) => [{ type: 'prefix', field: 'name', value: prefix }];
  const search = async (body: Record<string, unknown>, token?: string) => {
    const response = await client.storeApi('POST', '/store-api/product', { body, token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const names = (result: { elements: Array<{ name: string }> }) => result.elements.map((e) => e.name);

  it('lists priced, active products listed in the channel, paged, with exact totals', async () => {
    const db = t.platform.db;
    for (const n of [1, 2, 3, 4, 5]) await insertProduct(db, { name: `Page ${n}` });
    await insertProduct(db, { name: 'Page inactive', active: false });
    await insertProduct(db, { name: 'Page unpriced', price: null });
    const body = { filter: prefixFilter('Page '), sort: [{ field: 'name', order: 'ASC' }], limit: 2, 'total-count-mode': 'exact' };
    const first = await search({ ...body, page: 1 });
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2, aggregations: {}, apiAlias: 'dal_entity_search_result' });
    expect(names(first)).toEqual(['Page 1', 'Page 2']);
    expect(names(await search({ ...body, page: 3 }))).toEqual(['Page 5']);
    // default total-count-mode: the number of returned elements
    expect((await search({ filter: prefixFilter('Page '), limit: 2 })).total).toBe(2);
  });

  it('renders the Store API product JSON: major units, taxes, cover, manufacturer, nothing internal', async () => {
    const db = t.platform.db;
    const manufacturerId = newId();
    await db.insertInto('product_manufacturer').values({ id: manufacturerId, name: 'Render brand' }).execute();
    const id = await insertProduct(db, { name: 'Render me', price: eur(19.99, 16.8), manufacturerId, description: 'Nice' });
    const thumbnail = { width: 200, height: 100, path: '2024/05/abcd/thumbnails/render_200x100.webp' };
    const cover = await insertCover(db, id, '2024/05/abcd/render.png', 'Cover alt', { width: 300, height: 150, thumbnails: [thumbnail] });
    const [element] = (await search({ filter: prefixFilter('Render me') })).elements;
    expect(element).toEqual({
      id,
      parentId: null,
      productNumber: expect.any(String),
      name: 'Render me',
      description: 'Nice',
      translated: { name: 'Render me', description: 'Nice' },
      stock: 10,
      available: true,
      isCloseout: false,
      minPurchase: 1,
      maxPurchase: null,
      purchaseSteps: 1,
      shippingFree: false,
      taxId: expect.any(String),
      deliveryTimeId: null,
      deliveryTime: null,
      manufacturerId,
      manufacturer: { id: manufacturerId, name: 'Render brand', translated: { name: 'Render brand' }, apiAlias: 'product_manufacturer' },
      coverId: cover.productMediaId,
      cover: {
        id: cover.productMediaId,
        productId: id,
        mediaId: cover.mediaId,
        position: 1,
        media: expect.objectContaining({
          id: cover.mediaId,
          url: 'http://localhost:8000/media/2024/05/abcd/render.png',
          path: '2024/05/abcd/render.png',
          fileName: 'cover',
          fileExtension: 'png',
          mimeType: 'image/png',
          hasFile: true,
          private: false,
          alt: 'Cover alt',
          thumbnails: [
            { id: expect.stringMatching(/^[0-9a-f]{32}$/), mediaId: cover.mediaId, width: 200, height: 100, url: 'http://localhost:8000/media/2024/05/abcd/thumbnails/render_200x100.webp', apiAlias: 'media_thumbnail' },
          ],
          apiAlias: 'media',
        }),
        apiAlias: 'product_media',
      },
      calculatedPrice: {
        unitPrice: 19.99,
        totalPrice: 19.99,
        quantity: 1,
        calculatedTaxes: [{ tax: 3.19, taxRate: 19, price: 19.99, apiAlias: 'cart_tax_calculated' }],
        taxRules: [{ taxRate: 19, percentage: 100 }],
        referencePrice: null,
        listPrice: null,
        regulationPrice: null,
        apiAlias: 'calculated_price',
      },
      // no category: no main category in the channel
      seoCategory: null,
      type: 'physical',
      calculatedPrices: [],
      apiAlias: 'product',
    });
  });

  it('prices in the context currency (RWF: converted with the factor, 0 decimals)', async () => {
    await insertProduct(t.platform.db, { name: 'Franc priced', price: eur(19.99) });
    const context = await guestContext(t.platform);
    const switched = await t.platform.salesChannelContexts.switchChoices(context, { currencyId: defaultShopCurrencyId('RWF') });
    const result = await search({ filter: prefixFilter('Franc priced') }, switched.token);
    expect(result.elements[0].calculatedPrice).toMatchObject({ unitPrice: 28986, totalPrice: 28986, calculatedTaxes: [{ tax: 4628, taxRate: 19, price: 28986 }] });
  });

  it('lists only visibility 30 without a term; a term also finds visibility 20, never 10 or other channels', async () => {
    const db = t.platform.db;
    const other = await insertSalesChannel(db, HOME_CATEGORY);
    await insertProduct(db, { name: 'Vis all', visibilities: [{ visibility: 30 }] });
    await insertProduct(db, { name: 'Vis search', visibilities: [{ visibility: 20 }] });
    await insertProduct(db, { name: 'Vis link', visibilities: [{ visibility: 10 }] });
    await insertProduct(db, { name: 'Vis other channel', visibilities: [{ salesChannelId: other.id, visibility: 30 }] });
    expect(names(await search({ filter: prefixFilter('Vis ') }))).toEqual(['Vis all']);
    expect(names(await search({ term: 'Vis ', sort: [{ field: 'name' }] }))).toEqual(['Vis all', 'Vis search']);
    const otherClient = await createStoreApiClient(t, other.id);
    const response = await otherClient.storeApi('POST', '/store-api/product', { body: { filter: prefixFilter('Vis ') } });
    expect(names(response.json())).toEqual(['Vis other channel']);
  });

  it('lists variants (with inherited values) instead of their parent', async () => {
    const db = t.platform.db;
    const parent = await insertProduct(db, { name: 'Family shirt', price: eur(25) });
    await insertProduct(db, { parentId: parent, productNumber: `FAM-S-${parent.slice(0, 6)}` });
    await insertProduct(db, { parentId: parent, productNumber: `FAM-M-${parent.slice(0, 6)}`, price: eur(27) });
    const result = await search({ filter: prefixFilter('Family shirt'), sort: [{ field: 'productNumber' }] });
    expect(result.elements.map((e: { parentId: string; name: string; calculatedPrice: { unitPrice: number } }) => [e.parentId, e.name, e.calculatedPrice.unitPrice])).toEqual([
      [parent, 'Family shirt', 27],
      [parent, 'Family shirt', 25],
    ]);
    // the term sees the inherited name too
    expect((await search({ term: 'family shirt' })).elements).toHaveLength(2);
  });

  it("lists a variant by its parent's visibility unless it has visibility rows of its own, which then alone count", async () => {
    const db = t.platform.db;
    const other = await insertSalesChannel(db, HOME_CATEGORY);
    const parent = await insertProduct(db, { name: 'Inherit vis', visibilities: [{ visibility: 30 }] });
    const inheriting = await insertProduct(db, { parentId: parent, name: 'Inherit vis A' });
    const elsewhere = await insertProduct(db, { parentId: parent, name: 'Inherit vis B', visibilities: [{ salesChannelId: other.id, visibility: 30 }] });
    const own = await insertProduct(db, { parentId: parent, name: 'Inherit vis C', visibilities: [{ visibility: 20 }] });
    const ids = (result: { elements: Array<{ id: string }> }) => result.elements.map((e) => e.id);
    expect(ids(await search({ filter: prefixFilter('Inherit vis'), sort: [{ field: 'name' }] }))).toEqual([inheriting]);
    // a term also finds visibility 20: the variant's own row counts, not its parent's 30
    expect(ids(await search({ term: 'Inherit vis', sort: [{ field: 'name' }] }))).toEqual([inheriting, own]);
    const otherClient = await createStoreApiClient(t, other.id);
    const response = await otherClient.storeApi('POST', '/store-api/product', { body: { filter: prefixFilter('Inherit vis') } });
    expect(ids(response.json())).toEqual([elsewhere]);
  });

  it('accepts criteria in the query string (GET) and applies includes', async () => {
    await insertProduct(t.platform.db, { name: 'Query string product' });
    const response = await client.storeApi('GET', `/store-api/product?term=${encodeURIComponent('Query string')}&includes[product]=name,calculatedPrice&includes[calculated_price]=unitPrice`);
    expect(response.statusCode).toBe(200);
    expect(response.json().elements).toEqual([{ id: expect.any(String), name: 'Query string product', calculatedPrice: { unitPrice: 10, apiAlias: 'calculated_price' }, apiAlias: 'product' }]);
  });

  it('loads options and properties when asked for', async () => {
    const db = t.platform.db;
    const groupId = newId();
    const optionId = newId();
    await db.insertInto('property_group').values({ id: groupId, name: 'Material' }).execute();
    await db.insertInto('property_group_option').values({ id: optionId, group_id: groupId, name: 'Cotton' }).execute();
    const id = await insertProduct(db, { name: 'With properties' });
    await db.insertInto('product_property').values({ product_id: id, property_group_option_id: optionId }).execute();
    const [element] = (await search({ filter: prefixFilter('With properties'), associations: { properties: {} } })).elements;
    expect(element.properties).toEqual([
      expect.objectContaining({ id: optionId, name: 'Cotton', group: expect.objectContaining({ id: groupId, name: 'Material' }), apiAlias: 'property_group_option' }),
    ]);
    expect(element).not.toHaveProperty('options');
  });

  it('refuses limits above 100, unknown fields and what the Store API does not expose with 400', async () => {
    const cases: Array<[unknown, string]> = [
      [{ limit: 101 }, 'FRAMEWORK__QUERY_LIMIT_EXCEEDED'],
      [{ filter: [{ type: 'equals', field: 'noSuchField', value: 'x' }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
      [{ filter: [{ type: 'equals', field: 'visibilities.salesChannelId', value: newId() }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
      [{ filter: [{ type: 'multi', operator: 'or', queries: [{ type: 'equals', field: 'productReviews.status', value: false }] }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
      [{ sort: [{ field: 'parent.name' }] }, 'FRAMEWORK__INVALID_SORT_QUERY'],
      [{ associations: { visibilities: {} } }, 'FRAMEWORK__ASSOCIATION_NOT_FOUND'],
      [{ associations: { cover: { associations: { product: {} } } } }, 'FRAMEWORK__ASSOCIATION_NOT_FOUND'],
    ];
    for (const [body, code] of cases) {
      const response = await client.storeApi('POST', '/store-api/product', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0].code).toBe(code);
    }
    expect((await client.storeApi('GET', '/store-api/product?limit=500')).statusCode).toBe(400);
  });

  it('a query string cannot pollute Object.prototype of the server', async () => {
    try {
      const response = await client.storeApi('GET', '/store-api/product?__proto__[polluted]=yes&filter[__proto__][polluted]=yes');
      expect(response.statusCode).toBeLessThan(500);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('needs a valid sw-access-key', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/store-api/product', payload: {}, headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('Store API product detail', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  const detail = async (id: string, method: 'GET' | 'POST' = 'GET') => {
    const response = await client.storeApi(method, `/store-api/product/${id}`, { body: method === 'POST' ? {} : undefined });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('answers a simple product (also by link only) without configurator', async () => {
    const id = await insertProduct(t.platform.db, { name: 'Hidden gem', visibilities: [{ visibility: 10 }] });
    const body = await detail(id);
    expect(body).toMatchObject({ product: { id, name: 'Hidden gem', options: [], properties: [], apiAlias: 'product' }, configurator: null, apiAlias: 'product_detail' });
    expect((await detail(id, 'POST')).product.id).toBe(id);
  });

  it('shows the best variant of a parent and the configurator of the buyable variants', async () => {
    const db = t.platform.db;
    const size = newId();
    const color = newId();
    await db.insertInto('property_group').values([{ id: size, name: 'Size', position: 2, sorting_type: 'position' }, { id: color, name: 'Color', position: 1 }]).execute();
    const option = async (groupId: string, name: string, position = 1) => {
      const id = newId();
      await db.insertInto('property_group_option').values({ id, group_id: groupId, name, position }).execute();
      return id;
    };
    const [s, m, l] = [await option(size, 'S', 1), await option(size, 'M', 2), await option(size, 'L', 3)];
    const [red, blue] = [await option(color, 'Red'), await option(color, 'Blue')];
    const parent = await insertProduct(db, { name: 'Configurable', price: eur(30) });
    const variant = async (number: string, options: string[], fields: Record<string, unknown> = {}) => {
      const id = await insertProduct(db, { parentId: parent, productNumber: `${number}-${parent.slice(0, 6)}`, ...fields });
      for (const o of options) await db.insertInto('product_option').values({ product_id: id, property_group_option_id: o }).execute();
      return id;
    };
    await variant('A', [s, red], { stock: 0, isCloseout: true });
    const best = await variant('B', [m, red]);
    await variant('C', [l, blue], { active: false });
    await variant('D', [s, blue]);

    const body = await detail(parent);
    expect(body.product).toMatchObject({ id: best, parentId: parent, name: 'Configurable', available: true });
    expect(body.product.options.map((o: { name: string }) => o.name)).toEqual(['Red', 'M']);
    // inactive variant C contributes no option (L); groups by position, Size options by position, Color by name
    expect(body.configurator.map((g: { name: string; options: Array<{ name: string }> }) => [g.name, g.options.map((o) => o.name)])).toEqual([
      ['Color', ['Blue', 'Red']],
      ['Size', ['S', 'M']],
    ]);
    expect(body.configurator[0]).toMatchObject({ id: color, apiAlias: 'property_group' });
    expect(body.configurator[0].options[0]).toEqual({
      id: blue,
      groupId: color,
      name: 'Blue',
      position: 1,
      colorHexCode: null,
      translated: { name: 'Blue', position: 1 },
      // each option carries its group, as Shopware's configurator options do
      group: expect.objectContaining({ id: color, name: 'Color', apiAlias: 'property_group' }),
      apiAlias: 'property_group_option',
    });

    // a variant's own id shows that variant with the family's configurator
    const own = await detail((await db.selectFrom('product').select('id').where('product_number', 'like', 'A-%').where('parent_id', '=', parent).executeTakeFirstOrThrow()).id);
    expect(own.product).toMatchObject({ available: false, isCloseout: true });
    expect(own.configurator).toHaveLength(2);
  });

  it('a parent none of whose variants the channel may sell is a 404, not its buyable container', async () => {
    const db = t.platform.db;
    const parent = await insertProduct(db, { name: 'Season shirt', price: eur(25) });
    await insertProduct(db, { parentId: parent, active: false });
    await insertProduct(db, { parentId: parent, active: false });
    const response = await client.storeApi('GET', `/store-api/product/${parent}`);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().errors[0].code).toBe('PRODUCT__PRODUCT_NOT_FOUND');
  });

  it('answers 404 PRODUCT__PRODUCT_NOT_FOUND for unknown, malformed, inactive and invisible products', async () => {
    const db = t.platform.db;
    const other = await insertSalesChannel(db, HOME_CATEGORY);
    const ids = [
      newId(),
      'not-a-product',
      await insertProduct(db, { active: false }),
      await insertProduct(db, { visibilities: [] }),
      await insertProduct(db, { visibilities: [{ salesChannelId: other.id, visibility: 30 }] }),
      await insertProduct(db, { price: null }),
    ];
    for (const id of ids) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await client.storeApi(method, `/store-api/product/${id}`, { body: method === 'POST' ? {} : undefined });
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual({
          errors: [{ status: '404', code: 'PRODUCT__PRODUCT_NOT_FOUND', title: 'Not Found', detail: `Product for id ${id} not found.`, meta: { parameters: { productId: id } } }],
        });
      }
    }
  });
});
