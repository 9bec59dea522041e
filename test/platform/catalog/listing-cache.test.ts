import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { systemContext } from '../../../src/platform/acl/context.js';
import { transaction } from '../../../src/platform/database/transaction.js';
import { listCategoryProducts } from '../../../src/platform/catalog/store/category-product-listing.js';
import { searchStoreProducts } from '../../../src/platform/catalog/store/product-search.js';
import type { SalesChannelContext } from '../../../src/platform/sales-channel/context/sales-channel-context.js';
import { createTestPlatform, type TestPlatform } from '../../helpers/test-platform.js';
import { openDatabase } from '../../../src/platform/database/connection.js';
import { guestContext, HOME_CATEGORY, insertCategory, insertProduct } from './catalog-fixtures.js';
import { createStoreApiClient, type StoreApiClient } from '../store-api/store-api-client.js';

/** The statement that evaluates the catalogue for a listing (what the cache saves): it alone computes the channel visibility column. */
const SCAN = /AS "__visibility"/;

/**
 * Listing pages are cached until the catalogue version moves: a repeated listing reads neither the
 * catalogue nor the version (the version's table reports its changes), and every committed change a
 * listing depends on (through any writer, plain SQL included, in any process) shows on the next request.
 */
describe('listing cache: pages per catalogue version', () => {
  let t: TestPlatform;
  let client: StoreApiClient;
  let context: SalesChannelContext;
  let categoryId: string;
  const names = ['Cachetest Alpha', 'Cachetest Bravo', 'Cachetest Charlie'];
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestPlatform();
    client = await createStoreApiClient(t);
    context = await guestContext(t.platform);
    categoryId = await insertCategory(t.platform.db, { parentId: HOME_CATEGORY, name: 'Cache category' });
    for (const name of names) ids.push(await insertProduct(t.platform.db, { name, stock: 5, isCloseout: true, categoryIds: [categoryId] }));
  });
  afterAll(() => t.close());

  const version = async () => Number((await sql<{ version: string }>`SELECT version FROM catalog_listing_version`.execute(t.platform.db)).rows[0]!.version);
  const listing = () =>
    client.storeApi('POST', '/store-api/product', { body: { filter: [{ type: 'prefix', field: 'name', value: 'Cachetest' }], sort: [{ field: 'name', order: 'ASC' }] } });
  const listedNames = async () => {
    const response = await listing();
    expect(response.statusCode).toBe(200);
    return (response.json().elements as Array<{ name: string }>).map((p) => p.name);
  };

  it('answers a repeated listing without evaluating the catalogue, with the same page', async () => {
    const first = await t.platform.database.statements.measure(() => listing());
    expect(first.sql.filter((text) => SCAN.test(text))).toHaveLength(1);
    const second = await t.platform.database.statements.measure(() => listing());
    expect(second.sql.filter((text) => SCAN.test(text))).toHaveLength(0);
    expect(second.sql.filter((text) => /FROM catalog_listing_version/.test(text))).toHaveLength(0);
    expect(second.result.json().elements).toEqual(first.result.json().elements);
    expect(second.result.json().total).toBe(3);
  });

  it('shows a rename, a hidden product and a new one on the next request, whoever wrote them', async () => {
    await listedNames();
    await transaction(t.platform.db, (uow) => t.platform.repositories.get('product').update({ id: ids[0]!, name: 'Cachetest Zulu' }, systemContext, uow));
    expect(await listedNames()).toEqual(['Cachetest Bravo', 'Cachetest Charlie', 'Cachetest Zulu']);

    // plain SQL, as another process or a migration would write: the version is raised in the database
    await sql`DELETE FROM product_visibility WHERE product_id = ${ids[1]}`.execute(t.platform.db);
    expect(await listedNames()).toEqual(['Cachetest Charlie', 'Cachetest Zulu']);

    ids.push(await insertProduct(t.platform.db, { name: 'Cachetest Delta', categoryIds: [categoryId] }));
    expect(await listedNames()).toEqual(['Cachetest Charlie', 'Cachetest Delta', 'Cachetest Zulu']);
  });

  it('raises the version once per transaction, and not for stock that moves without running out', async () => {
    const before = await version();
    await transaction(t.platform.db, async (uow) => {
      for (const id of ids) await uow.db.updateTable('product').set({ description: 'changed' }).where('id', '=', id).execute();
    });
    expect(await version()).toBe(before + 1);

    // order placement: 5 -> 4 of a closeout product keeps the version (and the cached page)
    await listedNames();
    await sql`UPDATE product SET stock = stock - 1, updated_at = now() WHERE id = ${ids[2]}`.execute(t.platform.db);
    expect(await version()).toBe(before + 1);
    const cached = await t.platform.database.statements.measure(() => listing());
    expect(cached.sql.filter((text) => SCAN.test(text))).toHaveLength(0);

    // running out changes what is listed (a closeout without stock is not available): raised
    await sql`UPDATE product SET stock = 0 WHERE id = ${ids[2]}`.execute(t.platform.db);
    expect(await version()).toBe(before + 2);
  });

  it('raises the version for the other tables a listing reads: categories, category links, visibilities, currencies', async () => {
    let expected = await version();
    for (const change of [
      sql`UPDATE category SET name = 'Cache category renamed' WHERE id = ${categoryId}`,
      sql`DELETE FROM product_category WHERE product_id = ${ids[0]} AND category_id = ${categoryId}`,
      sql`UPDATE product_visibility SET visibility = 20 WHERE product_id = ${ids[0]}`,
      // a currency's factor converts default prices, which price sortings compare
      sql`UPDATE currency SET factor = factor * 2 WHERE id = ${context.currency.id}`,
    ]) {
      await change.execute(t.platform.db);
      expect(await version()).toBe(++expected);
    }
    await sql`UPDATE currency SET factor = factor / 2 WHERE id = ${context.currency.id}`.execute(t.platform.db);
  });

  it('never caches a listing that filters or sorts by stock, nor one read inside a transaction', async () => {
    const byStock = { filter: [{ type: 'range', field: 'stock', parameters: { gte: 1 } }] };
    await client.storeApi('POST', '/store-api/product', { body: byStock });
    const again = await t.platform.database.statements.measure(() => client.storeApi('POST', '/store-api/product', { body: byStock }));
    expect(again.sql.filter((text) => SCAN.test(text))).toHaveLength(1);

    // a transaction sees its own uncommitted rename; the version moves only at its commit
    await listedNames();
    await transaction(t.platform.db, async (uow) => {
      await uow.db.updateTable('product').set({ name: 'Cachetest Echo' }).where('id', '=', ids[3]!).execute();
      const inside = await searchStoreProducts(uow, { registry: t.platform.entities, mediaBaseUrl: '' }, context, { filter: [{ type: 'prefix', field: 'name', value: 'Cachetest E' }] });
      expect(inside.elements.map((p) => p.name)).toEqual(['Cachetest Echo']);
    });
    expect(await listedNames()).toContain('Cachetest Echo');
  });

  it('caches category pages per category and sorting, and sees a new assignment', async () => {
    const page = () => listCategoryProducts(t.platform.db, context, categoryId, { page: 1, limit: 24, sort: 'name-desc' });
    const first = await page();
    const second = await t.platform.database.statements.measure(page);
    expect(second.sql.filter((text) => SCAN.test(text))).toHaveLength(0);
    expect(second.result.elements.map((p) => p.id)).toEqual(first.elements.map((p) => p.id));

    const other = await insertProduct(t.platform.db, { name: 'Cachetest Foxtrot' });
    expect((await page()).elements.map((p) => p.id)).not.toContain(other);
    await sql`INSERT INTO product_category (product_id, category_id) VALUES (${other}, ${categoryId})`.execute(t.platform.db);
    expect((await page()).elements.map((p) => p.id)).toContain(other);
  });

  // another process: a second pool on the same database (a worker, an import running elsewhere)
  it.runIf(Boolean(process.env.DATABASE_URL))('shows a change committed by another process', async () => {
    const before = await listedNames();
    await listedNames();
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.platform.db);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const other = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
    try {
      await sql`UPDATE product SET name = 'Cachetest Golf' WHERE id = ${ids[3]}`.execute(other.db);
    } finally {
      await other.close();
    }
    // the notification reaches this process's idle connection asynchronously: within milliseconds
    const deadline = Date.now() + 2_000;
    let names = before;
    while (Date.now() < deadline && !(names = await listedNames()).includes('Cachetest Golf')) await new Promise((r) => setTimeout(r, 5));
    expect(names).toContain('Cachetest Golf');
  });
});
