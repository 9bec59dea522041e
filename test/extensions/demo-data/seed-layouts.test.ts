import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALES_CHANNEL_ID } from '../../../src/platform/first-start/default-shop.js';
import { buildSeedPlan } from '../../../src/extensions/demo-data/plan/build-plan.js';
import type { CmsPageNode, SeedPlan } from '../../../src/extensions/demo-data/plan/types.js';
import { removeDemoData } from '../../../src/extensions/demo-data/remove/remove-demo-data.js';
import type { TestPlatform } from '../../helpers/test-platform.js';
import { createStoreApiClient, type StoreApiClient } from '../../platform/store-api/store-api-client.js';
import { startDemoDataTest, type DemoDataTest } from './demo-data-test-setup.js';

// the flagship adopts the shop's own "Storefront" (its navigation category is the merchant's); fresh is a shop of its own
const RUN = { channels: ['flagship', 'fresh'], perCategory: 1, skipOrders: true };

interface SlotJson {
  type: string;
  data: Record<string, any>;
}

/** Shopping Experiences layouts of the demo channels: home and landing page, idempotent and removable. */
describe('demo data seeding: layouts', () => {
  let t: DemoDataTest;
  let plan: SeedPlan;
  let fresh: StoreApiClient;
  let freshHost: string;
  let home: CmsPageNode;
  let landing: CmsPageNode;
  const db = () => t.platform.db;
  const freshName = () => t.blueprint.channels.find((c) => c.key === 'fresh')!.name;
  const layoutIds = async () => (await db().selectFrom('cms_page').select('id').execute()).map((r) => r.id as string).sort();
  const slotsOf = (cmsPage: { sections: Array<{ blocks: Array<{ slots: SlotJson[] }> }> }) => cmsPage.sections.flatMap((s) => s.blocks.flatMap((b) => b.slots));

  beforeAll(async () => {
    t = await startDemoDataTest();
    plan = buildSeedPlan(t.blueprint, t.options(RUN));
    const report = await t.seed(RUN);
    console.log(report.report.rows.find((r) => r[0] === 'cms_page'), report.report.notes);
    const channel = plan.salesChannels.find((c) => c.channel === 'fresh')!;
    fresh = await createStoreApiClient({ platform: t.platform, app: t.app } as TestPlatform, channel.id);
    freshHost = new URL((await db().selectFrom('sales_channel_domain').select('url').where('sales_channel_id', '=', channel.id).executeTakeFirstOrThrow()).url as string).host;
    home = plan.cmsPages.find((p) => p.channel === 'fresh' && p.type === 'page')!;
    landing = plan.cmsPages.find((p) => p.channel === 'fresh' && p.type === 'landingpage')!;
  }, 300_000);
  afterAll(() => t.close());

  it("answers a created channel's home layout as its navigation category's cmsPage: hero slider, welcome and two product sliders, resolved", async () => {
    const navigationCategoryId = plan.salesChannels.find((c) => c.channel === 'fresh')!.navigationCategoryId;
    const response = await fresh.storeApi('GET', `/store-api/category/${navigationCategoryId}`);
    expect(response.statusCode, response.body).toBe(200);
    const category = response.json();
    expect(category.cmsPageId).toBe(home.id);
    expect(category.cmsPage).toMatchObject({ id: home.id, type: 'page', name: `Home – ${freshName()}` });
    const slots = slotsOf(category.cmsPage);
    expect(slots.map((s) => s.type)).toEqual(['image-slider', 'text', 'text', 'product-slider', 'text', 'product-slider']);
    // three product images (seeded media), each linking to a top-level category of the channel
    const tops = plan.categories.filter((c) => c.channel === 'fresh' && c.level === 2);
    const slides = slots[0]!.data.sliderItems as Array<{ url: string; media: { id: string; url: string } }>;
    expect(slides).toHaveLength(3);
    expect(slides.map((s) => s.url)).toEqual(tops.slice(0, 3).map((c) => `/navigation/${c.id}`));
    for (const slide of slides) expect(plan.media.find((m) => m.id === slide.media.id)?.attachTo.entity).toBe('product');
    expect(slots[1]!.data.content).toContain(`<h2>Welcome to ${freshName()}</h2>`);
    // the products the sliders name, in that order, priced for the channel
    expect([slots[2]!.data.content, slots[4]!.data.content]).toEqual(['<h2>New arrivals</h2>', `<h2>Best of ${tops[0]!.name}</h2>`]);
    const [arrivals, best] = [slots[3]!, slots[5]!];
    const planned = home.blocks.filter((b) => b.element.type === 'product-slider').map((b) => (b.element as { productIds: string[] }).productIds);
    expect(arrivals.data.products.map((p: { id: string }) => p.id)).toEqual(planned[0]);
    expect(best.data.products.map((p: { id: string }) => p.id)).toEqual(planned[1]);
    expect(arrivals.data.products.length).toBeGreaterThan(3);
    expect(arrivals.data.products[0].calculatedPrice.unitPrice).toBeGreaterThan(0);
  });

  it('draws the layout on the storefront home of that channel', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host: freshHost, accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h2>Welcome to ${freshName()}</h2>`);
    expect(page.body).toContain('class="cms-slider"');
  });

  it("gives the marketing landing page its layout; service pages and the merchant's Storefront keep their own content", async () => {
    const page = plan.landingPages.find((p) => p.channel === 'fresh' && p.serviceKey === null)!;
    const response = await fresh.storeApi('GET', `/store-api/landing-page/${page.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const slots = slotsOf(response.json().cmsPage);
    expect(response.json().cmsPage.id).toBe(landing.id);
    expect(slots.map((s) => s.type)).toEqual(['text', 'image-slider', 'text', 'product-slider']);
    expect(slots[1]!.data.sliderItems).toHaveLength(3);
    const service = plan.landingPages.filter((p) => p.channel === 'fresh' && p.serviceKey !== null).map((p) => p.id);
    const serviceRows = await db().selectFrom('landing_page').select('cms_page_id').where('id', 'in', service).execute();
    expect(serviceRows.map((r) => r.cms_page_id)).toEqual([null, null, null]);
    // the adopted Storefront's navigation category is the merchant's: no home layout made for it, none assigned
    const storefront = await db().selectFrom('sales_channel as sc').innerJoin('category as c', 'c.id', 'sc.navigation_category_id').select('c.cms_page_id').where('sc.id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow();
    expect(storefront.cms_page_id).toBeNull();
    const flagshipHome = plan.cmsPages.find((p) => p.channel === 'flagship' && p.type === 'page')!;
    expect(await layoutIds()).not.toContain(flagshipHome.id);
    const merchantHome = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(merchantHome.body).not.toContain('Welcome to Quayside');
  });

  it('writes nothing on a second run; a layout the merchant unassigned stays unassigned', async () => {
    t.writes.reset();
    const again = await t.seed(RUN);
    expect(t.writes.writes).toEqual([]);
    expect(again.report.rows.find((r) => r[0] === 'cms_page')?.slice(1, 3)).toEqual(['0', String(plan.cmsPages.length - 1)]);

    const flagshipLanding = plan.cmsPages.find((p) => p.channel === 'flagship' && p.type === 'landingpage')!;
    expect((await t.api('PATCH', `/api/landing-page/${flagshipLanding.assignTo.id}`, { body: { cmsPageId: null } })).statusCode).toBe(204);
    t.writes.reset();
    await t.seed(RUN);
    expect(t.writes.writes).toEqual([]);
  });

  it('removal deletes the layouts it created and keeps the ones the merchant edited or uses on a page of their own', async () => {
    // the merchant rewrites the welcome of fresh's landing page layout (a slot alone: the layout's own updatedAt stays)
    const slotId = landing.blocks[0]!.slot.id;
    const edited = await t.api('PATCH', `/api/cms-slot/${slotId}`, { body: { config: { content: { source: 'static', value: '<h2>Our own market day</h2>' } } } });
    expect(edited.statusCode, edited.body).toBe(204);
    // and takes a block out of the flagship's landing page layout (a deletion leaves no timestamp behind)
    const flagshipLanding = plan.cmsPages.find((p) => p.channel === 'flagship' && p.type === 'landingpage')!;
    expect((await t.api('DELETE', `/api/cms-block/${flagshipLanding.blocks.at(-1)!.id}`)).statusCode).toBe(204);
    // and puts fresh's home layout on the home of its own Storefront
    const storefrontRoot = (await db().selectFrom('sales_channel').select('navigation_category_id').where('id', '=', DEFAULT_SALES_CHANNEL_ID).executeTakeFirstOrThrow()).navigation_category_id as string;
    expect((await t.api('PATCH', `/api/category/${storefrontRoot}`, { body: { cmsPageId: home.id } })).statusCode).toBe(204);
    const report = await removeDemoData(t.host, t.blueprint, { channels: [], dryRun: false });
    const keptLayouts = report.kept.filter((k) => k.entity === 'cms_page');
    expect(keptLayouts.map((k) => [k.id, k.reason]).sort()).toEqual([[landing.id, 'changed'], [flagshipLanding.id, 'changed'], [home.id, 'in use']].sort());
    expect(keptLayouts.find((k) => k.id === home.id)!.detail).toBe(`by category ${storefrontRoot}`);
    expect(await layoutIds()).toEqual([landing.id, flagshipLanding.id, home.id].sort());
    const merchantHome = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(merchantHome.body).toContain(`<h2>Welcome to ${freshName()}</h2>`);
    const slot = await db().selectFrom('cms_slot').select('config').where('id', '=', slotId).executeTakeFirstOrThrow();
    expect(JSON.stringify(slot.config)).toContain('Our own market day');
    expect((await db().selectFrom('ext_demo_data_row').select('id').where('entity', '=', 'cms_page').execute()).map((r) => r.id).sort()).toEqual([landing.id, flagshipLanding.id, home.id].sort());
  });
});
