import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { buildSeedPlan } from '../../../src/extensions/demo-data/plan/build-plan.js';
import type { SeedPlan } from '../../../src/extensions/demo-data/plan/types.js';
import { removeDemoData, type RemovalReport } from '../../../src/extensions/demo-data/remove/remove-demo-data.js';
import { countRealOrders } from '../../../src/extensions/demo-data/remove/real-orders.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient } from '../../platform/store-api/store-api-client.js';
import { startDemoDataTest, type DemoDataTest } from './demo-data-test-setup.js';

// the flagship adopts the shop's "Storefront"; fresh is a channel of its own
const RUN = { channels: ['flagship', 'fresh'], perCategory: 1, skipMedia: true };
const TABLES = ['sales_channel', 'category', 'product', 'product_price', 'product_visibility', 'product_cross_selling', 'product_review', 'landing_page', 'customer', 'order', 'order_line_item', 'rule', 'tag', 'product_manufacturer', 'property_group', 'property_group_option', 'tax', 'customer_group', 'cms_page', 'cms_slot'];

describe('demo data removal: exactly what it created', () => {
  let t: DemoDataTest;
  let plan: SeedPlan;
  let realOrderId: string;
  let orderedProductId: string;
  let merchantProductId: string;
  let editedProductId: string;
  let dryRun: RemovalReport;
  let removal: RemovalReport;
  const db = () => t.platform.db;
  const count = async (table: string) => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await count(table)])));
  const existing = async (table: string, ids: string[]) => (ids.length === 0 ? [] : (await db().selectFrom(table).select('id').where('id', 'in', ids).execute()).map((r) => r.id as string));
  const planIds = () => [...plan.products, ...plan.categories, ...plan.customers, ...plan.orders, ...plan.reviews, ...plan.productPrices, ...plan.landingPages, ...plan.salesChannels, ...plan.cmsPages].map((n) => n.id);

  beforeAll(async () => {
    t = await startDemoDataTest();
    plan = buildSeedPlan(t.blueprint, t.options(RUN));
    await t.seed(RUN);

    // a real customer orders a demo product in the flagship (the adopted Storefront) through the Store API
    const ordered = plan.products.find((p) => p.channel === 'flagship' && p.buyable && p.parentId === null)!;
    orderedProductId = ordered.id;
    const client = await createStoreApiClient({ platform: t.platform, app: t.app } as TestPlatform, DEFAULT_SALES_CHANNEL_ID);
    const { token } = await client.registerCustomerAccount();
    const added = await client.storeApi('POST', '/store-api/checkout/cart/line-item', { token, body: { items: [{ type: 'product', referencedId: ordered.id, quantity: 1 }] } });
    expect(added.statusCode, added.body).toBe(200);
    const order = await client.storeApi('POST', '/store-api/checkout/order', { token, body: {} });
    expect(order.statusCode, order.body).toBe(200);
    realOrderId = order.json().id as string;

    // the merchant adds a product to a demo category and renames a demo product
    const leaf = plan.categories.find((c) => c.channel === 'fresh' && c.isLeaf)!;
    const taxId = (await db().selectFrom('tax').select('id').executeTakeFirstOrThrow()).id as string;
    const currencyId = (await db().selectFrom('sales_channel').select('currency_id').where('id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow()).currency_id as string;
    const created = await t.api('POST', '/api/product?_response=basic', {
      body: { productNumber: 'MERCHANT-1', name: 'Merchant teapot', stock: 3, taxId, price: [{ currencyId, gross: 30, net: 25.21, linked: true }], categories: [{ id: leaf.id }] },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    merchantProductId = (await db().selectFrom('product').select('id').where('product_number', '=', 'MERCHANT-1').executeTakeFirstOrThrow()).id as string;
    const edited = plan.products.find((p) => p.channel === 'fresh' && p.parentId === null && !p.hasVariants && p.id !== orderedProductId)!;
    editedProductId = edited.id;
    const patched = await t.api('PATCH', `/api/product/${edited.id}`, { body: { name: 'Our own sourdough' } });
    expect(patched.statusCode, patched.body).toBe(204);
  }, 300_000);
  afterAll(() => t.close());

  it('asks before seeding into a shop with real orders: the route answers 409 with confirmationRequired and queues nothing', async () => {
    expect(await countRealOrders(t.host, t.blueprint)).toBe(1);
    const refused = await t.api('POST', '/api/_action/ext-demo-data/generate', { body: { channels: ['fresh'] } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ accepted: false, confirmationRequired: true, realOrders: 1 });
    expect((await t.api('GET', '/api/_action/ext-demo-data/status')).json().status.state).not.toBe('running');
  });

  it('a dry run reports the tally and writes nothing', async () => {
    const before = await counts();
    t.writes.reset();
    dryRun = await removeDemoData(t.host, t.blueprint, { channels: [], dryRun: true });
    expect(t.writes.writes).toEqual([]);
    expect(await counts()).toEqual(before);
    expect(dryRun.removed).toBeGreaterThan(100);
  });

  it('removes every untouched demo row and keeps the edited product, the merchant product, the adopted channel and the real order, listed with reasons', async () => {
    const orderBefore = await db().selectFrom('order_line_item').select(['id', 'label', 'quantity', 'total_price', 'payload']).where('order_id', '=', realOrderId).execute();
    removal = await removeDemoData(t.host, t.blueprint, { channels: [], dryRun: false });
    // the same decisions as the dry run
    expect(removal.rows).toEqual(dryRun.rows);
    expect(removal.kept).toEqual(dryRun.kept);

    const keptIds = new Set(removal.kept.map((k) => k.id));
    const left = (await Promise.all(['product', 'category', 'customer', 'order', 'product_review', 'product_price', 'landing_page', 'sales_channel', 'cms_page'].map((table) => existing(table, planIds())))).flat();
    // nothing of the plan is left except what the tally lists as kept
    expect(left.filter((id) => !keptIds.has(id))).toEqual([]);

    const reason = (id: string) => removal.kept.find((k) => k.id === id)?.reason;
    expect(reason(editedProductId)).toBe('changed');
    expect(await existing('product', [editedProductId, merchantProductId])).toHaveLength(2);
    expect(reason(merchantProductId)).toBe('not demo data');
    expect(reason(DEFAULT_SALES_CHANNEL_ID)).toBe('adopted');
    expect(reason(realOrderId)).toBe('not demo data');
    // the merchant product's category stays, with its parents (the link would have gone with it)
    const leaf = plan.categories.find((c) => c.channel === 'fresh' && c.isLeaf)!;
    expect(reason(leaf.id)).toBe('in use');
    expect(await existing('category', [leaf.id, leaf.parentId!])).toHaveLength(2);

    // the real order is intact: its line item keeps its snapshot, the product reference nulled
    const orderAfter = await db().selectFrom('order_line_item').select(['id', 'label', 'quantity', 'total_price', 'payload', 'product_id']).where('order_id', '=', realOrderId).execute();
    expect(orderAfter.map(({ product_id: _, ...rest }) => rest)).toEqual(orderBefore);
    expect(orderAfter[0]!.product_id).toBeNull();
    expect(await existing('product', [orderedProductId])).toEqual([]);
    // no demo order is left, and the ledger holds only the kept rows
    expect(await existing('order', plan.orders.map((o) => o.id))).toEqual([]);
    const ledger = await db().selectFrom('ext_demo_data_row').select(['entity', 'id']).execute();
    expect(ledger.filter((row) => !keptIds.has(row.id as string))).toEqual([]);
  });

  it('a second removal removes nothing more', async () => {
    const again = await removeDemoData(t.host, t.blueprint, { channels: [], dryRun: false });
    expect(again.removed).toBe(0);
  });

  it('seeding again recreates the same ids; the kept rows are reused as they are', { timeout: 120_000 }, async () => {
    await t.seed(RUN);
    const ids = planIds();
    const present = new Set([
      ...(await existing('product', ids)),
      ...(await existing('category', ids)),
      ...(await existing('customer', ids)),
      ...(await existing('order', ids)),
      ...(await existing('product_review', ids)),
      ...(await existing('cms_page', ids)),
    ]);
    // every layout but the flagship's home (the adopted Storefront's navigation category is the merchant's)
    const layouts = plan.cmsPages.filter((p) => p.channel !== 'flagship' || p.type !== 'page');
    const expected = [...plan.products, ...plan.categories.filter((c) => !c.isRoot || c.channel !== 'flagship'), ...plan.customers, ...plan.orders, ...plan.reviews, ...layouts].map((n) => n.id);
    expect(expected.filter((id) => !present.has(id))).toEqual([]);
    const home = plan.cmsPages.find((p) => p.channel === 'fresh' && p.type === 'page')!;
    expect((await db().selectFrom('category').select('cms_page_id').where('id', '=', home.assignTo.id).executeTakeFirstOrThrow()).cms_page_id).toBe(home.id);
    const edited = await t.platform.repositories.get('product').get(editedProductId, systemContext);
    expect(edited!.name).toBe('Our own sourdough');
    void transaction;
  });
});
