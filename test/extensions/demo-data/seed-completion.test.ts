import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { buildSeedPlan } from '../../../src/extensions/demo-data/plan/build-plan.js';
import type { SeedPlan } from '../../../src/extensions/demo-data/plan/types.js';
import { startDemoDataTest, type DemoDataTest } from './demo-data-test-setup.js';

const RUN = { channels: ['flagship', 'fresh'], perCategory: 1, skipMedia: true };
const TABLES = ['product', 'category', 'customer', 'product_cross_selling', 'product_review', 'product_visibility', 'product_price', 'tag', 'order'];

describe('demo data seeding: adoption and completion', () => {
  let t: DemoDataTest;
  let plan: SeedPlan;
  let merchantProductId: string;
  let takenPlanId: string;
  const repo = (entity: string) => t.platform.repositories.get(entity);
  const write = <T>(work: (uow: Parameters<Parameters<typeof transaction>[1]>[0]) => Promise<T>) => transaction(t.platform.db, work);
  const ids = async (table: string) => (await t.platform.db.selectFrom(table).select('id').execute()).map((r) => r.id as string).sort();

  beforeAll(async () => {
    t = await startDemoDataTest();
    plan = buildSeedPlan(t.blueprint, t.options(RUN));
    // a merchant product that happens to carry a blueprint product number, under its own id
    const taken = plan.products.find((p) => p.channel === 'fresh' && p.parentId === null && !p.hasVariants)!;
    takenPlanId = taken.id;
    [merchantProductId] = await write((uow) =>
      repo('product').create({ productNumber: taken.productNumber, name: 'Merchant bread', stock: 5, active: true }, systemContext, uow),
    );
    await t.seed(RUN);
  });
  afterAll(() => t.close());

  it('adopts the merchant product by number: no duplicate, its name kept, no reviews or cross-selling', async () => {
    const number = (await repo('product').get(merchantProductId!, systemContext))!;
    const sameNumber = await t.platform.db.selectFrom('product').select('id').where('product_number', '=', number.productNumber as string).execute();
    expect(sameNumber).toHaveLength(1);
    expect(number.name).toBe('Merchant bread');
    // empty fields were completed
    expect(number.description).toBeTypeOf('string');
    const reviews = await t.platform.db.selectFrom('product_review').select('id').where('product_id', '=', merchantProductId!).execute();
    const lists = await t.platform.db.selectFrom('product_cross_selling').select('id').where('product_id', '=', merchantProductId!).execute();
    expect(reviews).toEqual([]);
    expect(lists).toEqual([]);
  });

  it("writes fresh's bulk-price tiers as advanced prices the channel's cart charges; the adopted product gets none", async () => {
    const planned = plan.productPrices.filter((p) => p.productId !== takenPlanId);
    const stored = await t.platform.db.selectFrom('product_price').select(['id', 'quantity_start', 'quantity_end']).execute();
    expect(stored.map((r) => r.id as string).sort()).toEqual(planned.map((p) => p.id).sort());
    expect(await t.platform.db.selectFrom('product_price').select('id').where('product_id', '=', merchantProductId!).execute()).toEqual([]);

    const product = plan.products.find((p) => p.channel === 'fresh' && p.price && !p.hasVariants && p.id !== takenPlanId)!;
    const tiers = planned.filter((p) => p.productId === product.id);
    const top = tiers[tiers.length - 1]!;
    const channel = (await repo('sales_channel').get(product.visibility!.salesChannelId, systemContext))!;
    const headers = { accept: 'application/json', 'sw-access-key': channel.accessKey as string };
    const context = await t.app.inject({ method: 'PATCH', url: '/store-api/context', headers, payload: {} });
    const cart = await t.app.inject({
      method: 'POST',
      url: '/store-api/checkout/cart/line-item',
      headers: { ...headers, 'sw-context-token': context.headers['sw-context-token'] as string },
      payload: { items: [{ type: 'product', referencedId: product.id, quantity: top.quantityStart }] },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(Math.round(cart.json().lineItems[0].price.unitPrice * 100)).toBe(top.price.gross);
    expect(top.price.gross).toBeLessThan(product.price!.gross);
  });

  it('adopts the default "Storefront" channel for flagship and keeps its navigation category', async () => {
    const storefront = (await repo('sales_channel').get(DEFAULT_SALES_CHANNEL_ID, systemContext))!;
    expect(storefront.name).toBe('Storefront');
    const flagship = plan.salesChannels.find((c) => c.channel === 'flagship')!;
    expect(await repo('sales_channel').get(flagship.id, systemContext)).toBeUndefined();
    // the flagship's top-level categories hang under the storefront's own navigation category
    const top = plan.categories.find((c) => c.channel === 'flagship' && c.level === 2)!;
    expect((await repo('category').get(top.id, systemContext))!.parentId).toBe(storefront.navigationCategoryId);
    const rootChildren = await t.platform.db.selectFrom('category').select(['id', 'after_category_id']).where('parent_id', '=', storefront.navigationCategoryId as string).execute();
    expect(rootChildren.filter((c) => c.after_category_id === null)).toHaveLength(1);
  });

  it('lets a seeded customer log in through the Store API with the demo password', async () => {
    const account = plan.customers.find((c) => c.channel === 'fresh' && !c.guest)!;
    const channel = (await repo('sales_channel').get(account.salesChannelId, systemContext))!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/store-api/account/login',
      headers: { accept: 'application/json', 'sw-access-key': channel.accessKey as string },
      payload: { email: account.email, password: account.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().contextToken).toBeTypeOf('string');
  });

  it('keeps a merchant-edited value and fills only what was emptied', async () => {
    const product = plan.products.find((p) => p.channel === 'fresh' && p.parentId === null && p.id !== takenPlanId && p.description)!;
    await write((uow) => repo('product').update({ id: product.id, name: 'Renamed by the merchant', description: null }, systemContext, uow));
    t.writes.reset();
    const result = await t.seed(RUN);
    const after = (await repo('product').get(product.id, systemContext))!;
    expect(after.name).toBe('Renamed by the merchant');
    expect(after.description).toBe(product.description);
    expect(result.report.totals.created).toBe(0);
    expect(result.report.totals.enriched).toBe(1);
    // one write to the shop's data; the demo data's own ledger of what it wrote (ext_demo_data_row) aside
    const shopWrites = t.writes.writes.filter((statement) => !/ext_demo_data_row/.test(statement));
    expect(shopWrites).toHaveLength(1);
    expect(shopWrites[0]).toMatch(/^update "product"/i);
  });

  it('recreates exactly the rows a merchant deleted, under the same ids', async () => {
    const before = Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await ids(table)] as const)));
    const victims = plan.products.filter((p) => p.channel === 'fresh' && p.parentId === null && !p.hasVariants && p.id !== takenPlanId).slice(0, 2);
    const tag = plan.tags[plan.tags.length - 1]!;
    const taggedProducts = async () => (await t.platform.db.selectFrom('product_tag').select('product_id').where('tag_id', '=', tag.id).execute()).map((r) => r.product_id as string).sort();
    const taggedBefore = await taggedProducts();
    expect(taggedBefore.length).toBeGreaterThan(0);
    await write(async (uow) => {
      await repo('product').delete(victims.map((v) => v.id), systemContext, uow);
      await repo('tag').delete([tag.id], systemContext, uow);
    });
    const result = await t.seed(RUN);
    const after = Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await ids(table)] as const)));
    expect(after).toEqual(before);
    // deleting the tag removed its links; the products that kept their rows get them back as missing links
    expect(await taggedProducts()).toEqual(taggedBefore);
    const created = Object.fromEntries(result.report.rows.map((r) => [r[0], Number(r[1])]));
    expect(created.product).toBe(2);
    expect(created.tag).toBe(1);
    expect(created.category).toBe(0);
    expect(created.customer).toBe(0);
    expect(created.order).toBe(0);
    t.writes.reset();
    const again = await t.seed(RUN);
    expect(t.writes.writes).toEqual([]);
    expect(again.report.totals.created + again.report.totals.enriched).toBe(0);
  });
});
