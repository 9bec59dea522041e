import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { startDemoDataTest, type DemoDataTest } from './demo-data-test-setup.js';

const KEY = 'core.basicInformation.shopName';
const TWO_CHANNELS = { channels: ['flagship', 'fresh'], perCategory: 1, skipMedia: true };

/** Each demo channel is its own shop: the seeder writes the channel's name as its shop name setting. */
describe("demo data seeding: each channel's shop name", () => {
  let t: DemoDataTest;
  let fresh: { id: string; name: string; url: string };
  beforeAll(async () => {
    t = await startDemoDataTest();
    await t.seed(TWO_CHANNELS);
    const name = t.blueprint.channels.find((channel) => channel.key === 'fresh')!.name;
    const row = await t.platform.db
      .selectFrom('sales_channel as sc')
      .innerJoin('sales_channel_domain as d', 'd.sales_channel_id', 'sc.id')
      .select(['sc.id', 'd.url'])
      .where('sc.name', '=', name)
      .executeTakeFirstOrThrow();
    fresh = { id: row.id as string, name, url: row.url as string };
  });
  afterAll(() => t.close());

  it("sets a created channel's shop name to its name and its service pages, shown in its storefront; the adopted default channel gets neither", async () => {
    expect(await t.platform.systemConfig.get(KEY, fresh.id)).toBe(fresh.name);
    expect(await t.platform.systemConfig.get(KEY, DEFAULT_SALES_CHANNEL_ID)).toBeNull();
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: new URL(fresh.url).host, accept: 'text/html' } });
    expect(page.body).toContain(`<a class="brand" href="/">${fresh.name}</a>`);
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.body).toContain('<a class="brand" href="/">Demo Shop</a>');
    // service pages: the demo store's own in its footer; none named after the flagship in the merchant's shop it adopted
    expect(page.body).toContain(`Imprint – ${fresh.name}`);
    const flagship = t.blueprint.channels.find((channel) => channel.key === 'flagship')!.name;
    expect(home.body).not.toContain(flagship);
    expect(await t.platform.db.selectFrom('landing_page').select('id').where('name', 'like', `%– ${flagship}`).execute()).toEqual([]);
  });

  it("keeps a merchant's own shop name on the next run and writes nothing", async () => {
    await t.platform.systemConfig.set(t.platform.db, KEY, 'Merchant Bakery', fresh.id);
    t.writes.reset();
    await t.seed(TWO_CHANNELS);
    expect(t.writes.writes).toEqual([]);
    expect(await t.platform.systemConfig.get(KEY, fresh.id)).toBe('Merchant Bakery');
  });
});
