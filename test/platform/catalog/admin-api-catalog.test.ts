import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { newId } from '../../../src/platform/ids.js';
import { CURRENCY_DEFAULT, defaultShopId } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';

const HOME = defaultShopId('category', 'home');
const TAX = defaultShopId('tax', 'standard');

describe('the catalog through the generic Admin API', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  it('writes a product with everything hanging off it in one nested request and reads it back', async () => {
    const ids = { product: newId(), variant: newId(), media: newId(), productMedia: newId(), related: newId(), group: newId(), red: newId(), tag: newId() };
    await t.platform.db.insertInto('media').values({ id: ids.media, file_name: 'shirt' }).execute();
    const related = await t.api('POST', '/api/product', {
      body: { id: ids.related, productNumber: 'REL-1', name: 'Socks', price: [{ currencyId: CURRENCY_DEFAULT, gross: 5, net: 4.2, linked: true }], taxId: TAX, stock: 3 },
    });
    expect(related.statusCode).toBe(204);

    const created = await t.api('POST', '/api/product', {
      body: {
        id: ids.product,
        productNumber: 'SHIRT-1',
        name: 'Shirt',
        description: 'A shirt',
        price: [{ currencyId: CURRENCY_DEFAULT, gross: 19.99, net: 16.8, linked: true }],
        stock: 10,
        taxId: TAX,
        active: true,
        manufacturer: { name: 'Acme' },
        categories: [{ id: HOME }],
        tags: [{ id: ids.tag, name: 'summer' }],
        properties: [{ id: ids.red, name: 'red', group: { id: ids.group, name: 'Colour' } }],
        visibilities: [{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }],
        media: [{ id: ids.productMedia, mediaId: ids.media, position: 1 }],
        crossSellings: [{ name: 'Goes well with', assignedProducts: [{ productId: ids.related, position: 1 }] }],
        productReviews: [{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, title: 'Great', content: 'Fits well', points: 5, status: true }],
        children: [{ id: ids.variant, productNumber: 'SHIRT-1-RED', stock: 2, options: [{ id: ids.red }] }],
        customFields: { erp_id: 'A-77' },
      },
    });
    expect(created.statusCode, created.body).toBe(204);
    expect((await t.api('PATCH', `/api/product/${ids.product}`, { body: { coverId: ids.productMedia } })).statusCode).toBe(204);

    const read = await t.api('POST', '/api/search/product', {
      body: {
        ids: [ids.product],
        associations: {
          manufacturer: {},
          categories: {},
          tags: {},
          properties: { associations: { group: {} } },
          visibilities: {},
          media: { associations: { media: {} } },
          cover: {},
          crossSellings: { associations: { assignedProducts: {} } },
          productReviews: {},
          children: { associations: { options: {} } },
        },
      },
    });
    expect(read.statusCode).toBe(200);
    const product = read.json().data[0];
    expect(product).toMatchObject({ productNumber: 'SHIRT-1', name: 'Shirt', stock: 10, coverId: ids.productMedia, customFields: { erp_id: 'A-77' } });
    expect(product.price).toEqual([{ currencyId: CURRENCY_DEFAULT, gross: 19.99, net: 16.8, linked: true }]);
    expect(product.manufacturer.name).toBe('Acme');
    expect(product.categories.map((c: { id: string }) => c.id)).toEqual([HOME]);
    expect(product.tags.map((x: { name: string }) => x.name)).toEqual(['summer']);
    expect(product.properties[0]).toMatchObject({ name: 'red', group: { name: 'Colour' } });
    expect(product.visibilities[0]).toMatchObject({ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 });
    expect(product.media[0]).toMatchObject({ position: 1, media: { id: ids.media } });
    expect(product.cover).toMatchObject({ id: ids.productMedia });
    expect(product.crossSellings[0].assignedProducts[0]).toMatchObject({ productId: ids.related });
    expect(product.productReviews[0]).toMatchObject({ points: 5, status: true });
    expect(product.children[0]).toMatchObject({ id: ids.variant, parentId: ids.product, name: null, options: [{ id: ids.red }] });
  });

  it('refuses bad prices, visibilities and review points with pointers, and writes nothing', async () => {
    const id = newId();
    const response = await t.api('POST', '/api/product', {
      body: {
        id,
        productNumber: 'BAD-1',
        price: [{ currencyId: 'EUR', gross: -1 }],
        visibilities: [{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 25 }],
      },
    });
    expect(response.statusCode).toBe(400);
    const pointers = response.json().errors.map((e: { source?: { pointer: string } }) => e.source?.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/price', '/visibilities/0/visibility']));
    // the entity layer names the field once; the validator says what is wrong with it
    const details = response.json().errors.map((e: { detail: string }) => e.detail);
    expect(details).toEqual(
      expect.arrayContaining([
        'The value of "price" has no currency id (32 hex characters) in entry 0.',
        'The value of "visibility" must be 10 (link), 20 (search) or 30 (all).',
      ]),
    );
    expect(await t.platform.db.selectFrom('product').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('validation messages of the shop basics name the field once', async () => {
    const currency = await t.api('POST', '/api/currency', { body: { isoCode: 'eur', name: 'Euro', symbol: '€', decimals: 7 } });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().errors.map((e: { detail: string }) => e.detail)).toEqual(
      expect.arrayContaining(['The value of "isoCode" must be three upper-case letters (ISO 4217).', 'The value of "decimals" must be between 0 and 4.']),
    );
    const shipping = await t.api('POST', '/api/shipping-method', { body: { name: 'Express', price: [] } });
    expect(shipping.json().errors[0].detail).toBe('The value of "price" must be a non-empty list of {currencyId, gross, net, linked}.');
  });

  it('keeps the category tree: path, level, child count; a category cannot move below itself', async () => {
    const parent = newId();
    const child = newId();
    expect((await t.api('POST', '/api/category', { body: { id: parent, parentId: HOME, name: 'Clothing' } })).statusCode).toBe(204);
    expect((await t.api('POST', '/api/category', { body: { id: child, parentId: parent, name: 'Shirts' } })).statusCode).toBe(204);
    const read = (await t.api('GET', `/api/category/${child}`)).json().data;
    expect(read).toMatchObject({ level: 3, path: `|${HOME}|${parent}|` });
    expect((await t.api('GET', `/api/category/${parent}`)).json().data.childCount).toBe(1);

    const loop = await t.api('PATCH', `/api/category/${parent}`, { body: { parentId: child } });
    expect(loop.statusCode).toBe(400);
    expect((await t.api('GET', `/api/category/${parent}`)).json().data.parentId).toBe(HOME);
  });

  it('writes a landing page linked to sales channels, with custom fields, and reads it back', async () => {
    const id = newId();
    const created = await t.api('POST', '/api/landing-page', {
      body: { id, name: 'Summer sale', url: 'summer-sale', salesChannels: [{ id: DEFAULT_SALES_CHANNEL_ID }], customFields: { campaign: 'S24' } },
    });
    expect(created.statusCode, created.body).toBe(204);
    const read = await t.api('POST', '/api/search/landing-page', { body: { ids: [id], associations: { salesChannels: {} } } });
    expect(read.statusCode).toBe(200);
    const page = read.json().data[0];
    expect(page).toMatchObject({ name: 'Summer sale', url: 'summer-sale', active: true, customFields: { campaign: 'S24' }, apiAlias: 'landing_page' });
    expect(page.salesChannels.map((c: { id: string }) => c.id)).toEqual([DEFAULT_SALES_CHANNEL_ID]);
  });
});
