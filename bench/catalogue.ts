import { sql } from 'kysely';
import type { Platform } from '../src/platform/kernel.js';
import { newId } from '../src/platform/ids.js';
import { CURRENCY_DEFAULT, defaultShopId } from '../src/platform/first-start/default-ids.js';
import { DEFAULT_SALES_CHANNEL_ID } from '../src/platform/first-start/default-shop.js';
import { refreshPlannerStatistics } from '../src/platform/database/statistics.js';
import type { BenchClient } from './loopback-client.js';
import { storeApiOf } from './fixtures.js';
import { compared, measure, summarize, type Row } from './measure.js';

const PRODUCTS = 20_000;
const HOME = defaultShopId('category', 'home');
const WARM_UP = 200;
/** Categories of the navigation: 6 below home, 5 below each, 4 below each of those (156, three levels). */
const TREE = [6, 5, 4] as const;

/**
 * The Store API catalogue at 20,000 products: a category listing with Shopware's aggregations
 * (manufacturer, properties, price, rating, shipping-free) against the same listing without them, a
 * filtered one, the first request after a catalogue change, and a navigation of three levels.
 */
export async function catalogueCases(platform: Platform, http: BenchClient): Promise<Row[]> {
  const { listingCategory } = await seedCatalogue(platform);
  const storeApi = await storeApiOf(platform, http);
  const listing = (body: object) => () => storeApi('POST', `/store-api/product-listing/${listingCategory}`, undefined, { limit: 24, ...body });
  const { manufacturer, option } = await someFilterIds(platform);
  const changedCatalogue = () => sql`UPDATE catalog_listing_version SET version = version + 1`.execute(platform.db);

  // both sides of the comparison warm up alike (the code paths reach steady state only after many requests)
  const plain = await measure(`POST /store-api/product-listing, limit 24, no-aggregations (${PRODUCTS} products)`, 300, listing({ 'no-aggregations': '1' }), WARM_UP);
  const aggregated = await measure(`POST /store-api/product-listing, limit 24, with aggregations (${PRODUCTS} products)`, 300, listing({}), WARM_UP);
  const filtered = await measure(`POST /store-api/product-listing, manufacturer + property filter, with aggregations`, 300, listing({ manufacturer, properties: option }), WARM_UP);
  const rows: Row[] = [
    plain,
    { ...compared(aggregated, plain, '≈ 1×'), target: '≤ 10 ms p50 (PostgreSQL)' },
    filtered,
    await measureAfter(`POST /store-api/product-listing, no-aggregations, after a catalogue change`, 20, changedCatalogue, listing({ 'no-aggregations': '1' })),
    await measureAfter(`POST /store-api/product-listing, with aggregations, after a catalogue change`, 20, changedCatalogue, listing({})),
    {
      ...(await measure(
        'GET /store-api/navigation/main-navigation/main-navigation?depth=2 (three levels, 156 categories)',
        300,
        () => storeApi('GET', '/store-api/navigation/main-navigation/main-navigation?depth=2'),
        WARM_UP,
      )),
      target: '≤ 2 ms p50',
    },
  ];
  return rows;
}

/** Like measure(), with `before` run (untimed) ahead of every timed run. */
async function measureAfter(name: string, runs: number, before: () => Promise<unknown>, fn: () => Promise<unknown>): Promise<Row> {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    await before();
    const started = performance.now();
    await fn();
    if (i >= 3) times.push(performance.now() - started);
  }
  return summarize(name, times);
}

async function someFilterIds(platform: Platform): Promise<{ manufacturer: string; option: string }> {
  const manufacturer = await platform.db.selectFrom('product_manufacturer').select('id').where('name', '=', 'Bench maker 03').executeTakeFirstOrThrow();
  const option = await platform.db.selectFrom('property_group_option').select('id').where('name', '=', 'Bench Color 2').executeTakeFirstOrThrow();
  return { manufacturer: manufacturer.id as string, option: option.id as string };
}

/**
 * A category tree below home (TREE), 20 manufacturers, three property groups of 8 options, 20,000
 * products on the leaves, each with a manufacturer, two properties, every fifth shipping-free, and an
 * approved review on every tenth. The listing category is the tree's first top category with nested
 * products switched on for all of it: every product is below it.
 */
export async function seedCatalogue(platform: Platform): Promise<{ listingCategory: string }> {
  const db = platform.db;
  const leaves: string[] = [];
  const tops: string[] = [];
  for (let a = 0; a < TREE[0]; a++) {
    const top = newId();
    tops.push(top);
    await db.insertInto('category').values({ id: top, parent_id: HOME, name: `Bench ${a}`, after_category_id: tops[a - 1] ?? null }).execute();
    for (let b = 0; b < TREE[1]; b++) {
      const middle = newId();
      await db.insertInto('category').values({ id: middle, parent_id: top, name: `Bench ${a}.${b}` }).execute();
      for (let c = 0; c < TREE[2]; c++) {
        const leaf = newId();
        await db.insertInto('category').values({ id: leaf, parent_id: middle, name: `Bench ${a}.${b}.${c}` }).execute();
        // the listing's products lie below the first top category
        if (a === 0) leaves.push(leaf);
      }
    }
  }
  const manufacturers = Array.from({ length: 20 }, (_, i) => ({ id: newId(), name: `Bench maker ${String(i).padStart(2, '0')}` }));
  await db.insertInto('product_manufacturer').values(manufacturers).execute();
  const options: string[][] = [];
  for (const group of ['Color', 'Size', 'Material']) {
    const groupId = newId();
    await db.insertInto('property_group').values({ id: groupId, name: `Bench ${group}` }).execute();
    const ids = Array.from({ length: 8 }, () => newId());
    await db.insertInto('property_group_option').values(ids.map((id, i) => ({ id, group_id: groupId, name: `Bench ${group} ${i}`, position: i }))).execute();
    options.push(ids);
  }
  const tax = defaultShopId('tax', 'standard');
  for (let start = 0; start < PRODUCTS; start += 500) {
    const slice = Array.from({ length: Math.min(500, PRODUCTS - start) }, (_, k) => start + k);
    const ids = slice.map(() => newId());
    await db
      .insertInto('product')
      .values(
        slice.map((n, k) => ({
          id: ids[k]!,
          product_number: `CAT-${n}`,
          name: `Catalogue item ${String(n).padStart(5, '0')}`,
          price: JSON.stringify([{ currencyId: CURRENCY_DEFAULT, gross: 5 + (n % 200), net: 4.2, linked: true }]),
          stock: 1000,
          tax_id: tax,
          active: true,
          manufacturer_id: manufacturers[n % manufacturers.length]!.id,
          shipping_free: n % 5 === 0,
        })),
      )
      .execute();
    await db.insertInto('product_visibility').values(ids.map((id) => ({ id: newId(), product_id: id, sales_channel_id: DEFAULT_SALES_CHANNEL_ID, visibility: 30 }))).execute();
    await db.insertInto('product_category').values(ids.map((id, k) => ({ product_id: id, category_id: leaves[(start + k) % leaves.length]! }))).execute();
    await db
      .insertInto('product_property')
      .values(ids.flatMap((id, k) => [0, 1].map((group) => ({ product_id: id, property_group_option_id: options[group]![(start + k * (group + 1)) % 8]! }))))
      .execute();
    await db
      .insertInto('product_review')
      .values(
        ids
          .filter((_, k) => (start + k) % 10 === 0)
          .map((id, k) => ({ id: newId(), product_id: id, sales_channel_id: DEFAULT_SALES_CHANNEL_ID, title: 'Bench review', content: 'A review for the bench catalogue.', points: 1 + (k % 5), status: true })),
      )
      .execute();
  }
  await refreshPlannerStatistics(db);
  return { listingCategory: tops[0]! };
}
