import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { newId } from '../../../src/platform/ids.js';
import { loadNavigation, type NavigationNode } from '../../../src/platform/catalog/store/navigation.js';
import { listCategoryProducts } from '../../../src/platform/catalog/store/category-product-listing.js';
import type { SalesChannelContext } from '../../../src/platform/sales-channel/context/sales-channel-context.js';
import { eur, guestContext, HOME_CATEGORY, insertCategory, insertProduct, insertSalesChannel } from './catalog-fixtures.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';

/**
 * A channel of its own with this navigation tree (created in the order C, A, B, linked A -> B -> C):
 *   root
 *   ├ A          ├ A1 ── A1a (level 4)
 *   │            └ A2 (not visible)
 *   ├ B          └ B1 (inactive) ── B1x
 *   └ C
 */
describe('Store API categories, navigation and category listings', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  let context: SalesChannelContext;
  let channelId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestPlatform();
    const db = t.platform.db;
    ids.root = await insertCategory(db, { parentId: null, name: 'Nav root' });
    const channel = await insertSalesChannel(db, ids.root);
    channelId = channel.id;
    client = await createStoreApiClient(t, channel.id);
    context = await guestContext(t.platform, { salesChannelId: channel.id });

    ids.A = newId();
    ids.B = newId();
    ids.C = await insertCategory(db, { parentId: ids.root, name: 'C', afterCategoryId: null });
    await insertCategory(db, { id: ids.A, parentId: ids.root, name: 'A' });
    await insertCategory(db, { id: ids.B, parentId: ids.root, name: 'B', afterCategoryId: ids.A });
    await db.updateTable('category').set({ after_category_id: ids.B }).where('id', '=', ids.C).execute();
    ids.A1 = await insertCategory(db, { parentId: ids.A, name: 'A1' });
    ids.A2 = await insertCategory(db, { parentId: ids.A, name: 'A2', visible: false, afterCategoryId: ids.A1 });
    ids.A1a = await insertCategory(db, { parentId: ids.A1, name: 'A1a' });
    ids.B1 = await insertCategory(db, { parentId: ids.B, name: 'B1', active: false });
    ids.B1x = await insertCategory(db, { parentId: ids.B1, name: 'B1x' });
    ids.outside = await insertCategory(db, { parentId: HOME_CATEGORY, name: 'Outside' });
  });
  afterAll(() => t.close());

  const shape = (nodes: NavigationNode[]): unknown[] => nodes.map((n) => (n.children.length > 0 ? [n.name, shape(n.children)] : n.name));

  describe('loadNavigation', () => {
    it('builds the visible, active tree in afterCategoryId order, two levels deep by default', async () => {
      const tree = await loadNavigation(t.platform.db, context);
      expect(shape(tree)).toEqual([['A', ['A1']], 'B', 'C']);
      expect(tree[0]).toMatchObject({ id: ids.A, parentId: ids.root, name: 'A', type: 'page', externalLink: null, level: 2 });
    });

    it('goes deeper on request; hidden and inactive categories hide their subtrees', async () => {
      expect(shape(await loadNavigation(t.platform.db, context, 3))).toEqual([['A', [['A1', ['A1a']]]], 'B', 'C']);
      expect(shape(await loadNavigation(t.platform.db, context, 1))).toEqual(['A', 'B', 'C']);
    });

    it('continues after a broken chain as AfterSort does', async () => {
      const db = t.platform.db;
      const root = await insertCategory(db, { parentId: null, name: 'Broken root' });
      const first = await insertCategory(db, { parentId: root, name: 'first' });
      const orphan = await insertCategory(db, { parentId: root, name: 'orphan' });
      await insertCategory(db, { parentId: root, name: 'after orphan', afterCategoryId: orphan });
      const deleted = await insertCategory(db, { parentId: root, name: 'deleted' });
      await db.updateTable('category').set({ after_category_id: deleted }).where('id', '=', orphan).execute();
      await insertCategory(db, { parentId: root, name: 'second', afterCategoryId: first });
      await db.deleteFrom('category').where('id', '=', deleted).execute(); // ON DELETE SET NULL: orphan becomes a second null
      // two heads: the one created first leads (rows created in the same millisecond would otherwise tie)
      await db.updateTable('category').set({ created_at: sql`now() - interval '1 minute'` }).where('id', '=', first).execute();
      const brokenContext = { ...context, salesChannel: { ...context.salesChannel, navigationCategoryId: root } };
      expect(shape(await loadNavigation(db, brokenContext, 1))).toEqual(['first', 'second', 'orphan', 'after orphan']);
    });
  });

  describe('GET|POST /store-api/category', () => {
    it('lists the active categories of the channel tree only', async () => {
      const response = await client.storeApi('POST', '/store-api/category', { body: { sort: [{ field: 'name' }], 'total-count-mode': 'exact' } });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total: 8, aggregations: {}, page: 1, limit: 100, apiAlias: 'dal_entity_search_result' });
      expect(body.elements.map((c: { name: string }) => c.name)).toEqual(['A', 'A1', 'A1a', 'A2', 'B', 'B1x', 'C', 'Nav root']);
      expect(body.elements[0]).toMatchObject({ id: ids.A, parentId: ids.root, level: 2, apiAlias: 'category' });
    });

    it('takes criteria from the query string and filters within the tree', async () => {
      const response = await client.storeApi('GET', `/store-api/category?filter[parentId]=${ids.A}&sort=name`);
      expect(response.statusCode).toBe(200);
      expect(response.json().elements.map((c: { name: string }) => c.name)).toEqual(['A1', 'A2']);
    });

    it('loads the media association with its url, refuses unexposed associations and limits above 100', async () => {
      const mediaId = newId();
      await t.platform.db.insertInto('media').values({ id: mediaId, path: `2024/01/${mediaId}/banner.png`, mime_type: 'image/png' }).execute();
      await t.platform.db.updateTable('category').set({ media_id: mediaId }).where('id', '=', ids.C).execute();
      const response = await client.storeApi('POST', '/store-api/category', { body: { ids: [ids.C], associations: { media: {} } } });
      expect(response.json().elements[0].media).toMatchObject({ id: mediaId, url: `http://localhost:8000/media/2024/01/${mediaId}/banner.png` });
      const refused = await client.storeApi('POST', '/store-api/category', { body: { associations: { products: {} } } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].code).toBe('FRAMEWORK__ASSOCIATION_NOT_FOUND');
      expect((await client.storeApi('POST', '/store-api/category', { body: { filter: [{ type: 'equals', field: 'products.active', value: true }] } })).statusCode).toBe(400);
      expect((await client.storeApi('POST', '/store-api/category', { body: { limit: 101 } })).statusCode).toBe(400);
    });
  });

  describe('GET|POST /store-api/category/{id}', () => {
    it('answers a category of the tree and the navigation category as "home"', async () => {
      for (const method of ['GET', 'POST'] as const) {
        const response = await client.storeApi(method, `/store-api/category/${ids.B}`, { body: method === 'POST' ? {} : undefined });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: ids.B, name: 'B', afterCategoryId: ids.A, apiAlias: 'category' });
      }
      expect((await client.storeApi('GET', '/store-api/category/home')).json().id).toBe(ids.root);
    });

    it('answers 404 CONTENT__CATEGORY_NOT_FOUND outside the tree, for inactive, unknown and malformed ids', async () => {
      for (const id of [ids.outside, ids.B1, newId(), 'xyz']) {
        const response = await client.storeApi('GET', `/store-api/category/${id}`);
        expect(response.statusCode, id).toBe(404);
        expect(response.json()).toEqual({
          errors: [{ status: '404', code: 'CONTENT__CATEGORY_NOT_FOUND', title: 'Not Found', detail: `Category ${id} not found.`, meta: { parameters: { categoryId: id } } }],
        });
      }
    });
  });

  describe('listCategoryProducts', () => {
    const visibleHere = () => [{ salesChannelId: channelId, visibility: 30 as const }];
    let products: Record<string, string>;

    beforeAll(async () => {
      const db = t.platform.db;
      products = {};
      products.shirt = await insertProduct(db, { name: 'Shirt', price: eur(10), categoryIds: [ids.A], visibilities: visibleHere() });
      products.polo = await insertProduct(db, { name: 'Polo', price: eur(5), categoryIds: [ids.A1], visibilities: visibleHere() });
      products.deep = await insertProduct(db, { name: 'Deep', price: eur(7), categoryIds: [ids.A1a], visibilities: visibleHere() });
      await insertProduct(db, { name: 'Search only', categoryIds: [ids.A], visibilities: [{ salesChannelId: channelId, visibility: 20 }] });
      await insertProduct(db, { name: 'Default channel only', categoryIds: [ids.A] });
      await insertProduct(db, { name: 'Elsewhere', categoryIds: [ids.B], visibilities: visibleHere() });
      products.family = await insertProduct(db, { name: 'Jacket', price: eur(40), categoryIds: [ids.A], visibilities: visibleHere() });
      products.jacketS = await insertProduct(db, { parentId: products.family, productNumber: `JS-${newId().slice(0, 8)}` });
      products.jacketM = await insertProduct(db, { parentId: products.family, productNumber: `JM-${newId().slice(0, 8)}`, price: eur(45) });
    });

    const list = (categoryId: string, options: Partial<Parameters<typeof listCategoryProducts>[3]> = {}) =>
      listCategoryProducts(t.platform.db, context, categoryId, { page: 1, limit: 24, ...options });

    it('lists products of the category and its descendants by name, one variant per family instead of their parent', async () => {
      const result = await list(ids.A);
      expect(result.total).toBe(4);
      expect(result.elements.map((p) => p.name)).toEqual(['Deep', 'Jacket', 'Polo', 'Shirt']);
      // the family's first variant by product number (JM before JS) stands for it
      expect(result.elements.find((p) => p.name === 'Jacket')?.id).toBe(products.jacketM);
      // a sold-out closeout variant gives way to an available one
      await t.platform.db.updateTable('product').set({ stock: 0, is_closeout: true }).where('id', '=', products.jacketM).execute();
      expect((await list(ids.A)).elements.find((p) => p.name === 'Jacket')?.id).toBe(products.jacketS);
      await t.platform.db.updateTable('product').set({ stock: 10, is_closeout: false }).where('id', '=', products.jacketM).execute();
    });

    it('sorts by price in the context currency and pages with an exact total', async () => {
      // the Jacket family sorts by the price of the variant that stands for it (JM, 45.00)
      expect((await list(ids.A, { sort: 'price-asc' })).elements.map((p) => p.calculatedPrice.unitPrice)).toEqual([500, 700, 1000, 4500]);
      expect((await list(ids.A, { sort: 'price-desc' })).elements.map((p) => p.name)).toEqual(['Jacket', 'Shirt', 'Deep', 'Polo']);
      const page2 = await list(ids.A, { sort: 'name-desc', page: 2, limit: 2 });
      expect(page2).toMatchObject({ total: 4, page: 2, limit: 2 });
      expect(page2.elements.map((p) => p.name)).toEqual(['Jacket', 'Deep']);
      // past the end: no rows, the total still exact
      expect(await list(ids.A, { page: 9, limit: 2 })).toMatchObject({ total: 4, elements: [] });
    });

    it('without displayNestedProducts only the category itself counts', async () => {
      await t.platform.db.updateTable('category').set({ display_nested_products: false }).where('id', '=', ids.A1).execute();
      expect((await list(ids.A1)).elements.map((p) => p.name)).toEqual(['Polo']);
      await t.platform.db.updateTable('category').set({ display_nested_products: true }).where('id', '=', ids.A1).execute();
      expect((await list(ids.A1)).elements.map((p) => p.name)).toEqual(['Deep', 'Polo']);
    });

    it('a variant with categories of its own is listed by those', async () => {
      await t.platform.db.insertInto('product_category').values({ product_id: products.jacketM, category_id: ids.C }).execute();
      expect((await list(ids.C)).elements.map((p) => p.id)).toEqual([products.jacketM]);
      expect((await list(ids.A)).elements.map((p) => p.id)).not.toContain(products.jacketM);
      await t.platform.db.deleteFrom('product_category').where('product_id', '=', products.jacketM).execute();
    });

    it('refuses categories outside the channel, inactive ones, and bad paging', async () => {
      for (const id of [ids.outside, ids.B1, 'bad']) await expect(list(id)).rejects.toMatchObject({ status: 404, code: 'CONTENT__CATEGORY_NOT_FOUND' });
      await expect(list(ids.A, { limit: 101 })).rejects.toMatchObject({ status: 400 });
      await expect(list(ids.A, { page: 0 })).rejects.toMatchObject({ status: 400 });
    });
  });
});
