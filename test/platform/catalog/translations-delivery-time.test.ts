import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_DEFAULT, LANGUAGE_SYSTEM } from '../../../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { newId } from '../../../src/platform/ids.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';
import { HOME_CATEGORY, TAX_STANDARD, insertCategory, insertProduct } from './catalog-fixtures.js';

const price = [{ currencyId: CURRENCY_DEFAULT, gross: 20, net: 16.81, linked: true }];

/**
 * A channel's languages (PATCH /store-api/context `languageId`) and what follows the context's language:
 * product and category names and descriptions from their translations, else the default language's text.
 * A product's own delivery time (`delivery_time`, inherited by variants) in the Store API answer.
 */
describe('languages and translations', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  const GERMAN = newId();
  const FRENCH = newId();
  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
    await t.platform.db
      .insertInto('language')
      .values([
        { id: GERMAN, name: 'Deutsch', locale_code: 'de-DE' },
        { id: FRENCH, name: 'Français', locale_code: 'fr-FR' },
      ])
      .execute();
    // German is the channel's second language; French exists but is not the channel's
    await t.platform.db.insertInto('sales_channel_language').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, language_id: GERMAN }).execute();
  });
  afterAll(() => t.close());

  const storedChoices = async (token: string) =>
    (await t.platform.db.selectFrom('sales_channel_api_context').select('payload').where('token', '=', token).executeTakeFirst())?.payload ?? null;
  const switchTo = async (languageId: unknown, token?: string) => client.storeApi('PATCH', '/store-api/context', { token, body: { languageId } });
  const product = async (id: string, token?: string) => {
    const response = await client.storeApi('POST', `/store-api/product/${id}`, { token, body: {} });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().product;
  };

  it('switches the context to a language of the channel: GET context names it, the chain falls back to the default language', async () => {
    const patch = await switchTo(GERMAN);
    expect(patch.statusCode, patch.body).toBe(200);
    const token = patch.json().contextToken as string;
    expect(await storedChoices(token)).toEqual({ languageId: GERMAN });
    const context = (await client.storeApi('GET', '/store-api/context', { token })).json();
    expect(context.context.languageIdChain).toEqual([GERMAN, LANGUAGE_SYSTEM]);
    expect(context.languageInfo).toEqual({ name: 'Deutsch', localeCode: 'de-DE' });
  });

  it("refuses a language that is not the channel's, an unknown and a malformed one with Shopware's violation, and changes nothing", async () => {
    const token = (await switchTo(GERMAN)).json().contextToken as string;
    for (const languageId of [FRENCH, newId()]) {
      const response = await switchTo(languageId, token);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ status: '400', code: 'VIOLATION::ENTITY_DOES_NOT_EXIST', source: { pointer: '/languageId' } });
    }
    const malformed = await switchTo('de-DE', token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({ code: 'VIOLATION::INVALID_ID', source: { pointer: '/languageId' } });
    expect(await storedChoices(token)).toEqual({ languageId: GERMAN });
    expect((await client.storeApi('GET', '/store-api/context', { token })).json().context.languageIdChain[0]).toBe(GERMAN);
  });

  it("shows a product's translated name and description in the chosen language, the default language's text where none is translated", async () => {
    const id = newId();
    const created = await t.api('POST', '/api/product', {
      body: {
        id,
        productNumber: 'KNIFE-T',
        name: 'Boning knife',
        description: 'Sharp.',
        price,
        taxId: TAX_STANDARD,
        stock: 5,
        active: true,
        visibilities: [{ salesChannelId: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }],
        // German has a name only: its description falls back to the default language's
        translations: [{ languageId: GERMAN, name: 'Ausbeinmesser' }],
      },
    });
    expect(created.statusCode, created.body).toBe(204);

    expect(await product(id)).toMatchObject({ name: 'Boning knife', translated: { name: 'Boning knife', description: 'Sharp.' } });
    const token = (await switchTo(GERMAN)).json().contextToken as string;
    expect(await product(id, token)).toMatchObject({ name: 'Ausbeinmesser', description: 'Sharp.', translated: { name: 'Ausbeinmesser', description: 'Sharp.' } });
    // a listing in German shows it too
    const listing = await client.storeApi('POST', '/store-api/product', { token, body: { ids: [id] } });
    expect(listing.json().elements.map((element: { name: string }) => element.name)).toEqual(['Ausbeinmesser']);
  });

  it("gives a variant its parent's translation unless it has its own", async () => {
    const parentId = await insertProduct(t.platform.db, { name: 'Shirt' });
    const plain = await insertProduct(t.platform.db, { parentId, productNumber: `V1-${parentId.slice(0, 6)}`, visibilities: [{ visibility: 30 }] });
    const own = await insertProduct(t.platform.db, { parentId, productNumber: `V2-${parentId.slice(0, 6)}`, visibilities: [{ visibility: 30 }] });
    await t.platform.db
      .insertInto('product_translation')
      .values([
        { id: newId(), product_id: parentId, language_id: GERMAN, name: 'Hemd' },
        { id: newId(), product_id: own, language_id: GERMAN, name: 'Hemd, rot' },
      ])
      .execute();
    const token = (await switchTo(GERMAN)).json().contextToken as string;
    expect((await product(plain, token)).name).toBe('Hemd');
    expect((await product(own, token)).name).toBe('Hemd, rot');
    expect((await product(own)).name).toBe('Shirt');
  });

  it('sorts a listing by the names in the chosen language (a variant by its parent\'s translation), each language its own cached page', async () => {
    const category = await insertCategory(t.platform.db, { name: 'Sorted', parentId: HOME_CATEGORY });
    const apple = await insertProduct(t.platform.db, { name: 'Apple', categoryIds: [category] });
    const zebra = await insertProduct(t.platform.db, { name: 'Zebra', categoryIds: [category] });
    const mug = await insertProduct(t.platform.db, { name: 'Mug', categoryIds: [category], visibilities: [{ visibility: 30 }] });
    const mugVariant = await insertProduct(t.platform.db, { parentId: mug, productNumber: `MUG-${mug.slice(0, 6)}`, visibilities: [{ visibility: 30 }] });
    await t.platform.db.insertInto('product_category').values({ product_id: mugVariant, category_id: category }).execute();
    await t.platform.db
      .insertInto('product_translation')
      .values([
        { id: newId(), product_id: apple, language_id: GERMAN, name: 'Zitrone' },
        { id: newId(), product_id: zebra, language_id: GERMAN, name: 'Ameise' },
        { id: newId(), product_id: mug, language_id: GERMAN, name: 'Becher' },
      ])
      .execute();
    const names = async (token?: string) => {
      const response = await client.storeApi('POST', `/store-api/product-listing/${category}`, { token, body: { order: 'name-asc' } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().elements.map((element: { name: string }) => element.name);
    };
    expect(await names()).toEqual(['Apple', 'Mug', 'Zebra']);
    const token = (await switchTo(GERMAN)).json().contextToken as string;
    expect(await names(token)).toEqual(['Ameise', 'Becher', 'Zitrone']);
    // asked again in English: the English page, not the German one kept a moment ago
    expect(await names()).toEqual(['Apple', 'Mug', 'Zebra']);
  });

  it('refuses a translation in the default language (its text is the entity\'s own) and a second one in the same language', async () => {
    const id = await insertProduct(t.platform.db, { name: 'Lamp' });
    const defaultLanguage = await t.api('POST', '/api/product-translation', { body: { productId: id, languageId: LANGUAGE_SYSTEM, name: 'Lamp too' } });
    expect(defaultLanguage.statusCode).toBe(400);
    expect(defaultLanguage.json().errors[0].source.pointer).toContain('languageId');
    expect((await t.api('POST', '/api/product-translation', { body: { productId: id, languageId: GERMAN, name: 'Lampe' } })).statusCode).toBe(204);
    const twice = await t.api('POST', '/api/product-translation', { body: { productId: id, languageId: GERMAN, name: 'Leuchte' } });
    expect(twice.statusCode).toBe(400);
    const rows = await t.platform.db.selectFrom('product_translation').select('name').where('product_id', '=', id).execute();
    expect(rows).toEqual([{ name: 'Lampe' }]);
  });

  it("names categories in the chosen language in the Store API's category and navigation answers (breadcrumbs too)", async () => {
    const parent = await insertCategory(t.platform.db, { name: 'Kitchen', parentId: HOME_CATEGORY });
    const child = await insertCategory(t.platform.db, { name: 'Knives', parentId: parent });
    await t.platform.db
      .insertInto('category_translation')
      .values([
        { id: newId(), category_id: parent, language_id: GERMAN, name: 'Küche', description: 'Alles für die Küche' },
        { id: newId(), category_id: child, language_id: GERMAN, name: 'Messer' },
      ])
      .execute();
    const token = (await switchTo(GERMAN)).json().contextToken as string;
    const category = (await client.storeApi('POST', `/store-api/category/${child}`, { token, body: {} })).json();
    expect(category).toMatchObject({ name: 'Messer', translated: { name: 'Messer' } });
    expect(category.breadcrumb.slice(-2)).toEqual(['Küche', 'Messer']);
    const navigation = (await client.storeApi('POST', `/store-api/navigation/${parent}/${parent}`, { token, body: { depth: 1 } })).json();
    expect(navigation.map((entry: { name: string }) => entry.name)).toContain('Messer');
    // the default language keeps the category's own names
    expect((await client.storeApi('POST', `/store-api/category/${child}`, { body: {} })).json()).toMatchObject({ name: 'Knives', breadcrumb: expect.arrayContaining(['Kitchen', 'Knives']) });
  });

  it('falls back to the channel language once the chosen one is taken from the channel', async () => {
    const token = (await switchTo(GERMAN)).json().contextToken as string;
    await t.platform.db.deleteFrom('sales_channel_language').where('language_id', '=', GERMAN).execute();
    try {
      expect((await client.storeApi('GET', '/store-api/context', { token })).json().context.languageIdChain).toEqual([LANGUAGE_SYSTEM]);
    } finally {
      await t.platform.db.insertInto('sales_channel_language').values({ sales_channel_id: DEFAULT_SALES_CHANNEL_ID, language_id: GERMAN }).execute();
    }
    expect((await client.storeApi('GET', '/store-api/context', { token })).json().context.languageIdChain[0]).toBe(GERMAN);
  });
});

describe("a product's own delivery time", () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  beforeAll(async () => ({ t, client } = await startStoreApiTest()));
  afterAll(() => t.close());

  it('is written through the Admin API (checked: unit, range) and answered as deliveryTime, a variant inheriting its parent\'s', async () => {
    const weeks = newId();
    const created = await t.api('POST', '/api/delivery-time', { body: { id: weeks, name: '2-4 weeks', min: 2, max: 4, unit: 'week' } });
    expect(created.statusCode, created.body).toBe(204);
    for (const bad of [{ name: 'x', min: 1, max: 2, unit: 'fortnight' }, { name: 'x', min: 5, max: 2, unit: 'day' }, { name: 'x', min: -1, max: 2, unit: 'day' }]) {
      const refused = await t.api('POST', '/api/delivery-time', { body: bad });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await t.platform.db.selectFrom('delivery_time').select('id').execute()).toHaveLength(1);

    const parentId = await insertProduct(t.platform.db, { name: 'Tent' });
    const variant = await insertProduct(t.platform.db, { parentId, productNumber: `TENT-${parentId.slice(0, 6)}`, visibilities: [{ visibility: 30 }] });
    const plain = await insertProduct(t.platform.db, { name: 'Peg' });
    const updated = await t.api('PATCH', `/api/product/${parentId}`, { body: { deliveryTimeId: weeks } });
    expect(updated.statusCode, updated.body).toBe(204);

    const answer = (await client.storeApi('POST', `/store-api/product/${variant}`, { body: {} })).json().product;
    expect(answer.deliveryTimeId).toBe(weeks);
    expect(answer.deliveryTime).toEqual({ id: weeks, name: '2-4 weeks', min: 2, max: 4, unit: 'week', translated: { name: '2-4 weeks' }, apiAlias: 'delivery_time' });
    const none = (await client.storeApi('POST', `/store-api/product/${plain}`, { body: {} })).json().product;
    expect(none).toMatchObject({ deliveryTimeId: null, deliveryTime: null });

    // deleting the delivery time leaves the product without one
    expect((await t.api('DELETE', `/api/delivery-time/${weeks}`)).statusCode).toBe(204);
    expect((await client.storeApi('POST', `/store-api/product/${variant}`, { body: {} })).json().product.deliveryTime).toBeNull();
  });
});
