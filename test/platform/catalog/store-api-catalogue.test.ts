import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/platform/ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { startStoreApiTest, type StoreApiClient } from '../store-api/store-api-client.js';
import { eur, HOME_CATEGORY, insertCategory, insertCover, insertProduct, insertSalesChannel } from './catalog-fixtures.js';

/** Navigation, breadcrumbs, variants, reviews, cross-sellings, purchase limits, landing pages and media of the Store API. */
describe('Store API catalogue', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  const c: Record<string, string> = {};

  beforeAll(async () => {
    ({ t, client } = await startStoreApiTest());
    const db = t.platform.db;
    // Home > Women > Dresses > Summer; Home > Men (after Women) ; Home > Hidden (invisible) > Secret
    c.women = await insertCategory(db, { name: 'Women' });
    c.men = await insertCategory(db, { name: 'Men', afterCategoryId: c.women });
    c.hidden = await insertCategory(db, { name: 'Hidden', visible: false, afterCategoryId: c.men });
    c.secret = await insertCategory(db, { name: 'Secret', parentId: c.hidden });
    c.dresses = await insertCategory(db, { name: 'Dresses', parentId: c.women });
    c.summer = await insertCategory(db, { name: 'Summer', parentId: c.dresses });
    c.beach = await insertCategory(db, { name: 'Beach', parentId: c.summer });
    c.footer = await insertCategory(db, { name: 'Footer', parentId: null });
    c.imprint = await insertCategory(db, { name: 'Imprint', parentId: c.footer });
    c.elsewhere = await insertCategory(db, { name: 'Elsewhere', parentId: null });
  });
  afterAll(() => t.close());

  const get = async (url: string, token?: string) => {
    const response = await client.storeApi('GET', url, { token });
    return { status: response.statusCode, body: response.body === '' ? undefined : response.json() };
  };
  const namesOf = (categories: Array<{ name: string; children: unknown[] }>): unknown =>
    categories.map((category) => (category.children.length > 0 ? [category.name, namesOf(category.children as never)] : category.name));

  describe('navigation', () => {
    it('builds the tree below the root: depth levels plus one, siblings in their order, hidden subtrees left out', async () => {
      const { status, body } = await get('/store-api/navigation/main-navigation/main-navigation?depth=1');
      expect(status).toBe(200);
      // depth 1 loads two levels below the root, as Shopware does
      expect(namesOf(body)).toEqual([['Women', ['Dresses']], 'Men']);
      expect(body[0]).toMatchObject({ id: c.women, apiAlias: 'category', breadcrumb: ['Home', 'Women'], translated: { breadcrumb: ['Home', 'Women'] }, visibleChildCount: 1 });
    });

    it('expands the active category\'s branch and answers a flat list in tree order', async () => {
      const tree = await get(`/store-api/navigation/${c.summer}/main-navigation?depth=0`);
      expect(namesOf(tree.body)).toEqual([['Women', [['Dresses', [['Summer', ['Beach']]]]]]]);
      const flat = await get(`/store-api/navigation/main-navigation/main-navigation?depth=1&buildTree=false`);
      // the active category itself is loaded too (here the root), as in Shopware's flat list
      expect(flat.body.map((category: { name: string }) => category.name)).toEqual(['Women', 'Dresses', 'Men', 'Hidden', 'Secret', 'Home']);
    });

    it('resolves the footer alias and refuses categories outside the channel\'s navigations', async () => {
      expect((await get('/store-api/navigation/footer-navigation/footer-navigation')).status).toBe(204);
      await t.platform.db.updateTable('sales_channel').set({ footer_category_id: c.footer }).where('id', '=', DEFAULT_SALES_CHANNEL_ID).execute();
      const footer = await get('/store-api/navigation/footer-navigation/footer-navigation');
      expect(namesOf(footer.body)).toEqual(['Imprint']);
      const outside = await get(`/store-api/navigation/${c.elsewhere}/${c.elsewhere}`);
      expect(outside.status).toBe(404);
      expect(outside.body.errors[0].code).toBe('CONTENT__CATEGORY_NOT_FOUND');
      const service = await get('/store-api/navigation/main-navigation/service-navigation');
      expect(service.status).toBe(400);
      expect(service.body.errors[0].code).toBe('CHECKOUT__SERVICE_CATEGORY_NOT_FOUND');
    });
  });

  describe('breadcrumb', () => {
    it('runs from below the navigation root to the category, or to a product\'s category (the referrer when it has it)', async () => {
      const { body } = await get(`/store-api/breadcrumb/${c.summer}?type=category`);
      expect(body.map((entry: { name: string }) => entry.name)).toEqual(['Women', 'Dresses', 'Summer']);
      expect(body[2]).toMatchObject({ categoryId: c.summer, type: 'page', path: `navigation/${c.summer}`, apiAlias: 'breadcrumb' });
      const product = await insertProduct(t.platform.db, { name: 'Crumb dress', categoryIds: [c.dresses, c.beach] });
      expect((await get(`/store-api/breadcrumb/${product}`)).body.map((e: { name: string }) => e.name)).toEqual(['Women', 'Dresses']);
      expect((await get(`/store-api/breadcrumb/${product}?referrerCategoryId=${c.beach}`)).body.at(-1).name).toBe('Beach');
      const homeless = await insertProduct(t.platform.db, { name: 'No category' });
      expect((await get(`/store-api/breadcrumb/${homeless}`)).status).toBe(204);
      expect((await get(`/store-api/breadcrumb/${newId()}`)).body).toEqual([]);
      expect((await get('/store-api/breadcrumb/nope')).status).toBe(400);
    });
  });

  describe('variants, reviews, cross-sellings, purchase limits', () => {
    let parent: string;
    let redS: string;
    let blueM: string;
    let red: string;
    let blue: string;
    let s: string;
    let m: string;
    let colorGroup: string;
    beforeAll(async () => {
      const db = t.platform.db;
      const option = async (groupId: string, name: string) => {
        const id = newId();
        await db.insertInto('property_group_option').values({ id, group_id: groupId, name }).execute();
        return id;
      };
      colorGroup = newId();
      const sizeGroup = newId();
      await db.insertInto('property_group').values([{ id: colorGroup, name: 'Color' }, { id: sizeGroup, name: 'Size' }]).execute();
      [red, blue, s, m] = [await option(colorGroup, 'Red'), await option(colorGroup, 'Blue'), await option(sizeGroup, 'S'), await option(sizeGroup, 'M')];
      parent = await insertProduct(db, { name: 'Variant shirt', price: eur(20) });
      const variant = async (options: string[], fields: Record<string, unknown> = {}) => {
        const id = await insertProduct(db, { parentId: parent, productNumber: `V-${newId().slice(0, 8)}`, ...fields });
        for (const o of options) await db.insertInto('product_option').values({ product_id: id, property_group_option_id: o }).execute();
        return id;
      };
      redS = await variant([red, s]);
      blueM = await variant([blue, m]);
      await variant([blue, s], { active: false });
    });

    it('finds the variant of a combination, dropping options but the switched group\'s when none has it', async () => {
      const exact = await client.storeApi('POST', `/store-api/product/${parent}/find-variant`, { body: { options: [blue, m] } });
      expect(exact.json()).toEqual({ foundCombination: { variantId: blueM, options: [blue, m] } });
      // red + M does not exist: the size is dropped, the switched color kept
      const fallback = await client.storeApi('POST', `/store-api/product/${parent}/find-variant`, { body: { options: { [colorGroup]: red, size: m }, switchedGroup: colorGroup } });
      expect(fallback.json()).toEqual({ foundCombination: { variantId: redS, options: [red] } });
      // blue + S exists but is inactive: not sellable, so the first option is dropped
      const inactive = await client.storeApi('GET', `/store-api/product/${parent}/find-variant?options[]=${blue}&options[]=${s}`);
      expect(inactive.json().foundCombination.variantId).toBe(redS);
      const none = await client.storeApi('POST', `/store-api/product/${parent}/find-variant`, { body: { options: [newId()] } });
      expect(none.statusCode).toBe(404);
      expect(none.json().errors[0].code).toBe('CONTENT__PRODUCT_VARIANT_NOT_FOUND');
    });

    it('lists the approved reviews of the product and its variants, plus the customer\'s own, without e-mail addresses', async () => {
      const customer = await client.registerCustomerAccount();
      const customerId = customer.customer.id;
      const review = (productId: string, title: string, status: boolean, extra: Record<string, unknown> = {}) => ({
        id: newId(),
        product_id: productId,
        sales_channel_id: DEFAULT_SALES_CHANNEL_ID,
        title,
        content: 'A review that is long enough to mean something.',
        points: 4,
        status,
        external_email: 'author@example.com',
        ...extra,
      });
      await t.platform.db
        .insertInto('product_review')
        .values([review(parent, 'On the parent', true), review(redS, 'On a variant', true), review(parent, 'Pending', false), review(parent, 'Mine, pending', false, { customer_id: customerId })])
        .execute();
      const guest = await client.storeApi('POST', `/store-api/product/${parent}/reviews`, { body: { sort: [{ field: 'title', order: 'ASC' }] } });
      expect(guest.json()).toMatchObject({ total: 2, entity: 'product_review', apiAlias: 'dal_entity_search_result' });
      expect(guest.json().elements.map((r: { title: string }) => r.title)).toEqual(['On a variant', 'On the parent']);
      expect(guest.json().elements[0].externalEmail).toBeUndefined();
      const own = await client.storeApi('POST', `/store-api/product/${parent}/reviews`, { token: customer.token, body: {} });
      expect(own.json().elements.map((r: { title: string }) => r.title).sort()).toEqual(['Mine, pending', 'On a variant', 'On the parent']);
      // a variant's id lists the reviews of that variant only
      expect((await client.storeApi('GET', `/store-api/product/${redS}/reviews`)).json().total).toBe(1);
    });

    it('saves a customer\'s review pending approval, once per product, editable by its author, throttled', async () => {
      const customer = await client.registerCustomerAccount();
      const url = `/store-api/product/${blueM}/review`;
      const review = { title: 'Lovely', content: 'Lovely blue, soft fabric, and the size is exactly as described.', points: 5 };
      const saved = await client.storeApi('POST', url, { token: customer.token, body: review });
      expect(saved.statusCode).toBe(204);
      const row = await t.platform.db.selectFrom('product_review').selectAll().where('customer_id', '=', customer.customer.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ product_id: blueM, title: 'Lovely', status: false, external_user: 'Ada', external_email: customer.email, sales_channel_id: DEFAULT_SALES_CHANNEL_ID });
      // pending: its author sees it, nobody else does
      expect((await client.storeApi('GET', `/store-api/product/${blueM}/reviews`)).json().total).toBe(0);
      expect((await client.storeApi('GET', `/store-api/product/${blueM}/reviews`, { token: customer.token })).json().total).toBe(1);

      const again = await client.storeApi('POST', url, { token: customer.token, body: review });
      expect(again.statusCode).toBe(400);
      expect(again.json().errors[0]).toMatchObject({ code: 'VIOLATION::ENTITY_EXISTS', source: { pointer: '/customerId' } });
      await t.platform.db.updateTable('product_review').set({ status: true }).where('id', '=', row.id as string).execute();
      const edited = await client.storeApi('POST', url, { token: customer.token, body: { ...review, id: row.id, points: 3 } });
      expect(edited.statusCode).toBe(204);
      // an edit waits for approval again
      expect(await t.platform.db.selectFrom('product_review').select(['points', 'status']).where('id', '=', row.id as string).executeTakeFirstOrThrow()).toMatchObject({ status: false });
      const someoneElse = await client.registerCustomerAccount();
      const foreign = await client.storeApi('POST', url, { token: someoneElse.token, body: { ...review, id: row.id } });
      expect(foreign.json().errors[0]).toMatchObject({ code: 'VIOLATION::ENTITY_DOES_NOT_EXIST', source: { pointer: '/id' } });

      const invalid = await client.storeApi('POST', url, { token: someoneElse.token, body: { title: 'Bad', content: 'Too short.', points: 6 } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().errors.map((e: { code: string; source: { pointer: string } }) => [e.source.pointer, e.code])).toEqual([
        ['/title', 'VIOLATION::TOO_SHORT_ERROR'],
        ['/content', 'VIOLATION::TOO_SHORT_ERROR'],
        ['/points', 'VIOLATION::TOO_HIGH_ERROR'],
      ]);
      const guest = await client.storeApi('POST', url, { body: review });
      expect(guest.statusCode).toBe(403);
      expect(guest.json().errors[0].code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');

      // the customer has spent 3 of 10 attempts: 7 more go through, the 11th within the hour is refused
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await client.storeApi('POST', url, { token: customer.token, body: { ...review, id: row.id } })).statusCode);
      expect(statuses).toEqual([204, 204, 204, 204, 204, 204, 204, 429]);
    });

    it('answers cross-sellings with the assigned products the channel sells, in order; a variant uses its parent\'s', async () => {
      const db = t.platform.db;
      const hidden = await insertProduct(db, { name: 'Invisible', visibilities: [] });
      const byLink = await insertProduct(db, { name: 'By link', visibilities: [{ visibility: 10 }] });
      const crossSelling = newId();
      await db.insertInto('product_cross_selling').values([
        { id: crossSelling, product_id: parent, name: 'Matching', position: 2 },
        { id: newId(), product_id: parent, name: 'Switched off', position: 1, active: false },
      ]).execute();
      await db.insertInto('product_cross_selling_assigned_products').values([
        { id: newId(), cross_selling_id: crossSelling, product_id: byLink, position: 2 },
        { id: newId(), cross_selling_id: crossSelling, product_id: hidden, position: 1 },
        { id: newId(), cross_selling_id: crossSelling, product_id: blueM, position: 3 },
      ]).execute();
      const response = await client.storeApi('GET', `/store-api/product/${redS}/cross-selling`);
      const [element] = response.json();
      expect(response.json()).toHaveLength(1);
      expect(element).toMatchObject({ crossSelling: { id: crossSelling, name: 'Matching', apiAlias: 'product_cross_selling' }, total: 2, apiAlias: 'cross_selling_element' });
      expect(element.products.map((p: { id: string }) => p.id)).toEqual([byLink, blueM]);
      expect((await client.storeApi('POST', `/store-api/product/${newId()}/cross-selling`)).json()).toEqual([]);
    });

    it('tells the purchase limits as the cart applies them', async () => {
      const db = t.platform.db;
      const closeout = await insertProduct(db, { name: 'Last pieces', isCloseout: true, stock: 3 });
      const limited = await insertProduct(db, { name: 'Limited' });
      await db.updateTable('product').set({ min_purchase: 2, purchase_steps: 2, max_purchase: 500 }).where('id', '=', limited).execute();
      const response = await client.storeApi('GET', `/store-api/product/purchase-limit?ids[]=${closeout}&ids[]=${limited}&ids[]=${newId()}`);
      expect(response.json()).toEqual([
        { productId: closeout, minPurchase: 1, purchaseSteps: 1, maxPurchase: 3, stock: 3, apiAlias: 'product_purchase_limit' },
        { productId: limited, minPurchase: 2, purchaseSteps: 2, maxPurchase: 100, stock: null, apiAlias: 'product_purchase_limit' },
      ]);
    });
  });

  describe('landing pages and media', () => {
    it('answers an active landing page of the channel only', async () => {
      const db = t.platform.db;
      const [mine, inactive, foreign] = [newId(), newId(), newId()];
      await db.insertInto('landing_page').values([
        { id: mine, name: 'Sale', url: 'sale', meta_title: 'Big sale' },
        { id: inactive, name: 'Old', active: false },
        { id: foreign, name: 'Other channel' },
      ]).execute();
      const other = await insertSalesChannel(db, HOME_CATEGORY);
      await db.insertInto('landing_page_sales_channel').values([
        { landing_page_id: mine, sales_channel_id: DEFAULT_SALES_CHANNEL_ID },
        { landing_page_id: inactive, sales_channel_id: DEFAULT_SALES_CHANNEL_ID },
        { landing_page_id: foreign, sales_channel_id: other.id },
      ]).execute();
      expect((await get(`/store-api/landing-page/${mine}`)).body).toMatchObject({ id: mine, name: 'Sale', url: 'sale', metaTitle: 'Big sale', cmsPage: null, apiAlias: 'landing_page' });
      for (const id of [inactive, foreign, 'nope']) {
        const response = await get(`/store-api/landing-page/${id}`);
        expect(response.status, id).toBe(404);
        expect(response.body.errors[0].code).toBe('CONTENT__LANDING_PAGE_NOT_FOUND');
      }
    });

    it('answers media files by id in the order asked', async () => {
      const product = await insertProduct(t.platform.db, { name: 'Pictured' });
      const first = await insertCover(t.platform.db, product, 'a/first.png', 'First');
      const second = await insertCover(t.platform.db, product, 'a/second.png', null);
      const response = await client.storeApi('POST', '/store-api/media', { body: { ids: [second.mediaId, newId(), first.mediaId] } });
      expect(response.json().map((media: { id: string; alt: string | null }) => [media.id, media.alt])).toEqual([
        [second.mediaId, null],
        [first.mediaId, 'First'],
      ]);
      expect(response.json()[0]).toMatchObject({ url: 'http://localhost:8000/media/a/second.png', fileName: 'cover', fileExtension: 'png', hasFile: true, private: false, apiAlias: 'media' });
      const empty = await client.storeApi('POST', '/store-api/media', { body: { ids: [] } });
      expect(empty.json().errors[0].code).toBe('CONTENT__MEDIA_EMPTY_ID');
    });
  });
});
