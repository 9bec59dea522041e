import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/platform/ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { LANGUAGE_SYSTEM } from '../../../src/platform/first-start/default-ids.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';
import { eur, insertCategory, insertProduct } from './catalog-fixtures.js';

/**
 * `product-listing/{categoryId}`, `search` and `search-suggest`: Shopware's listing parameters narrow the
 * listing, the aggregations describe it before the filters (or after the other ones with
 * `reduce-aggregations`), and pages and aggregations follow every change of what they read.
 */
describe('Store API product listings', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  let category: string;
  let acme: string;
  let globex: string;
  let red: string;
  let blue: string;
  let small: string;
  let cotton: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
    const db = t.platform.db;
    category = await insertCategory(db, { name: 'Listing' });
    [acme, globex] = [newId(), newId()];
    await db.insertInto('product_manufacturer').values([{ id: acme, name: 'Acme' }, { id: globex, name: 'Globex' }]).execute();
    const group = async (name: string, options: string[], filterable = true) => {
      const id = newId();
      await db.insertInto('property_group').values({ id, name, filterable }).execute();
      const optionIds = options.map(() => newId());
      await db.insertInto('property_group_option').values(options.map((option, i) => ({ id: optionIds[i]!, group_id: id, name: option, position: i + 1 }))).execute();
      return optionIds;
    };
    [red, blue] = await group('Color', ['Red', 'Blue']);
    [small] = await group('Size', ['S']);
    [cotton] = await group('Material', ['Cotton']);
    await group('Internal', ['Hidden'], false);

    // a shirt family: red/S and blue variants, cotton as the parent's property; a mug (shipping-free) and a lamp
    ids.shirt = await insertProduct(db, { name: 'Listing shirt', price: eur(20), manufacturerId: acme, categoryIds: [category] });
    await db.insertInto('product_property').values({ product_id: ids.shirt, property_group_option_id: cotton }).execute();
    ids.redSmall = await insertProduct(db, { parentId: ids.shirt, productNumber: `L-RS-${newId().slice(0, 6)}` });
    ids.blue = await insertProduct(db, { parentId: ids.shirt, productNumber: `L-B-${newId().slice(0, 6)}`, price: eur(24) });
    for (const [variant, option] of [[ids.redSmall, red], [ids.redSmall, small], [ids.blue, blue]] as const) {
      await db.insertInto('product_option').values({ product_id: variant, property_group_option_id: option }).execute();
    }
    ids.mug = await insertProduct(db, { name: 'Listing mug', price: eur(8), manufacturerId: globex, categoryIds: [category] });
    await db.updateTable('product').set({ shipping_free: true }).where('id', '=', ids.mug).execute();
    ids.lamp = await insertProduct(db, { name: 'Listing lamp', price: eur(60), categoryIds: [category] });
    const review = (productId: string, points: number, status: boolean) => ({
      id: newId(),
      product_id: productId,
      sales_channel_id: DEFAULT_SALES_CHANNEL_ID,
      language_id: LANGUAGE_SYSTEM,
      title: 'A review',
      content: 'Long enough to be a review of this product.',
      points,
      status,
    });
    // the shirt family averages 4 (a variant's review counts for the family); the pending 1 does not count
    await db.insertInto('product_review').values([review(ids.shirt, 3, true), review(ids.blue, 5, true), review(ids.shirt, 1, false), review(ids.mug, 2, true)]).execute();
  });
  afterAll(() => t.close());

  const listing = async (body: Record<string, unknown> = {}) => {
    const response = await client.storeApi('POST', `/store-api/product-listing/${category}`, { body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const names = (body: { elements: Array<{ name: string }> }) => body.elements.map((product) => product.name);

  it('lists one entry per family, sorted and paged, with Shopware\'s listing shape', async () => {
    const body = await listing({ order: 'price-desc', limit: 2 });
    expect(body).toMatchObject({ apiAlias: 'product_listing', entity: 'product', total: 3, page: 1, limit: 2, sorting: 'price-desc' });
    expect(names(body)).toEqual(['Listing lamp', 'Listing shirt']);
    expect(body.availableSortings.map((sorting: { key: string }) => sorting.key)).toEqual(['name-asc', 'name-desc', 'price-asc', 'price-desc']);
    expect(body.currentFilters).toEqual({ navigationId: category, manufacturer: [], price: { min: 0, max: 0 }, rating: null, 'shipping-free': false, properties: [] });
    // an unknown sorting falls back to the default, as Shopware does
    expect((await listing({ order: 'nope' })).sorting).toBe('name-asc');
    expect(names(await listing({ p: 2, limit: 2, order: 'price-desc' }))).toEqual(['Listing mug']);
  });

  it('aggregates manufacturers, price range, best rating, shipping-free and filterable properties', async () => {
    const { aggregations } = await listing();
    expect(aggregations.manufacturer).toMatchObject({ apiAlias: 'manufacturer_aggregation', entities: [{ id: acme, name: 'Acme' }, { id: globex, name: 'Globex' }] });
    expect(aggregations.price).toEqual({ min: 8, max: 60, avg: null, sum: null, apiAlias: 'price_aggregation' });
    expect(aggregations.rating).toEqual({ max: 4, apiAlias: 'rating_aggregation' });
    expect(aggregations['shipping-free']).toEqual({ max: 1, apiAlias: 'shipping-free_aggregation' });
    const groups = aggregations.properties.entities.map((group: { name: string; options: Array<{ name: string }> }) => [group.name, group.options.map((o) => o.name)]);
    // the variant on the page is red/S: still every option of every listed product is offered; the unfilterable group is not
    expect(groups).toEqual([
      ['Color', ['Blue', 'Red']],
      ['Material', ['Cotton']],
      ['Size', ['S']],
    ]);
  });

  it('filters by manufacturer, price, rating, shipping-free and properties (alternatives within a group, every group)', async () => {
    expect(names(await listing({ manufacturer: `${acme}|${globex}` }))).toEqual(['Listing mug', 'Listing shirt']);
    expect(names(await listing({ manufacturer: [globex] }))).toEqual(['Listing mug']);
    expect(names(await listing({ 'min-price': 10, 'max-price': 30 }))).toEqual(['Listing shirt']);
    expect(names(await listing({ rating: 3 }))).toEqual(['Listing shirt']);
    expect(names(await listing({ 'shipping-free': true }))).toEqual(['Listing mug']);
    // the family is listed by the variant that matches
    const blueOnly = await listing({ properties: blue });
    expect(blueOnly.elements.map((p: { id: string }) => p.id)).toEqual([ids.blue]);
    expect(names(await listing({ properties: `${red}|${blue}` }))).toEqual(['Listing shirt']);
    // the parent's property counts for its variants; options of two groups must both match
    expect(names(await listing({ properties: `${cotton}|${small}` }))).toEqual(['Listing shirt']);
    expect((await listing({ properties: `${blue}|${small}` })).total).toBe(0);
    // unknown option ids filter nothing, as in Shopware
    expect((await listing({ properties: newId() })).total).toBe(3);
    expect((await listing({ manufacturer: acme })).currentFilters.manufacturer).toEqual([acme]);
  });

  it('counts aggregations before the filters; with reduce-aggregations after the other active ones', async () => {
    const plain = await listing({ manufacturer: globex });
    expect(plain.aggregations.price).toMatchObject({ min: 8, max: 60 });
    const reduced = await listing({ manufacturer: globex, 'reduce-aggregations': '1' });
    expect(reduced.aggregations.price).toMatchObject({ min: 8, max: 8 });
    // the manufacturer aggregation ignores its own filter, so the other manufacturer stays choosable
    expect(reduced.aggregations.manufacturer.entities.map((m: { id: string }) => m.id)).toEqual([acme, globex]);
    expect(reduced.aggregations.properties.entities).toEqual([]);
  });

  it('leaves out aggregations, products or a switched-off filter when asked', async () => {
    const none = await listing({ 'no-aggregations': '1' });
    expect(none.aggregations).toEqual({});
    expect(none.total).toBe(3);
    const only = await listing({ 'only-aggregations': '1' });
    expect(only.elements).toEqual([]);
    expect(Object.keys(only.aggregations).sort()).toEqual(['manufacturer', 'price', 'properties', 'rating', 'shipping-free']);
    const switched = await listing({ 'manufacturer-filter': false, manufacturer: globex });
    expect(switched.total).toBe(3);
    expect(switched.aggregations.manufacturer).toBeUndefined();
    const whitelisted = await listing({ 'property-whitelist': [await groupOf(red)] });
    expect(whitelisted.aggregations.properties.entities.map((g: { name: string }) => g.name)).toEqual(['Color']);
  });

  it('takes the same parameters from the query string (GET)', async () => {
    const response = await client.storeApi('GET', `/store-api/product-listing/${category}?manufacturer=${globex}&order=price-asc&limit=5&shipping-free=1`);
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual(['Listing mug']);
  });

  it('answers a repeated filtered listing anew after a property, option or review changes (the catalogue version moves)', async () => {
    expect((await listing({ properties: small })).total).toBe(1);
    expect((await listing({ rating: 5 })).total).toBe(0);
    await t.platform.db.insertInto('product_option').values({ product_id: ids.blue, property_group_option_id: small }).execute();
    await t.platform.db.insertInto('product_review').values({ id: newId(), product_id: ids.lamp, sales_channel_id: DEFAULT_SALES_CHANNEL_ID, title: 'Top', content: 'The best lamp I have ever owned, truly.', points: 5, status: true }).execute();
    // still one family, but now both variants carry S: the aggregation and the rating filter see the change
    expect((await listing({ properties: small })).total).toBe(1);
    expect(names(await listing({ rating: 5 }))).toEqual(['Listing lamp']);
    expect((await listing()).aggregations.rating.max).toBe(5);
    await t.platform.db.deleteFrom('product_option').where('product_id', '=', ids.blue).where('property_group_option_id', '=', small).execute();
  });

  it('answers a repeated listing with aggregations, and a repeated navigation, from the caches (statements pinned)', async () => {
    const request = () => client.storeApi('POST', `/store-api/product-listing/${category}`, { body: { order: 'price-asc' } });
    await request();
    const listingRun = await t.platform.database.statements.measure(request);
    expect(listingRun.result.statusCode).toBe(200);
    if (process.env.SHOW_SQL) console.log(listingRun.sql.join('\n---\n'));
    // the access key and the context (2), the category, the page's products and their main categories (3)
    expect(listingRun.count).toBeLessThanOrEqual(5);
    const navigation = () => client.storeApi('GET', '/store-api/navigation/main-navigation/main-navigation?depth=2');
    await navigation();
    const navigationRun = await t.platform.database.statements.measure(navigation);
    expect(navigationRun.result.statusCode).toBe(200);
    // the access key and the context only
    expect(navigationRun.count).toBeLessThanOrEqual(2);
  });

  it('refuses bad parameters and unknown categories in Shopware\'s shapes', async () => {
    const tooMany = await client.storeApi('POST', `/store-api/product-listing/${category}`, { body: { limit: 1000 } });
    expect(tooMany.statusCode).toBe(400);
    const badPrice = await client.storeApi('POST', `/store-api/product-listing/${category}`, { body: { 'min-price': 'cheap' } });
    expect(badPrice.statusCode).toBe(400);
    const unknown = await client.storeApi('POST', `/store-api/product-listing/${newId()}`, { body: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('PRODUCT__CATEGORY_NOT_FOUND');
  });

  it('searches with the same listing; suggestions are shorter and have no aggregations', async () => {
    const search = await client.storeApi('POST', '/store-api/search', { body: { search: 'Listing', 'shipping-free': true } });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toMatchObject({ apiAlias: 'product_listing', total: 1, currentFilters: { search: 'Listing', 'shipping-free': true } });
    const get = await client.storeApi('GET', '/store-api/search?search=Listing&order=price-asc');
    expect(names(get.json())).toEqual(['Listing mug', 'Listing shirt', 'Listing lamp']);
    const suggest = await client.storeApi('POST', '/store-api/search-suggest', { body: { search: 'Listing' } });
    expect(suggest.json()).toMatchObject({ limit: 10, total: 3, aggregations: {} });
    const missing = await client.storeApi('POST', '/store-api/search', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].code).toBe('FRAMEWORK__MISSING_REQUEST_PARAMETER');
  });

  async function groupOf(optionId: string): Promise<string> {
    const row = await t.platform.db.selectFrom('property_group_option').select('group_id').where('id', '=', optionId).executeTakeFirstOrThrow();
    return row.group_id as string;
  }
});
