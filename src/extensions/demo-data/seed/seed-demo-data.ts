import { refreshPlannerStatistics, type ExtensionHost } from '../../../platform/sdk/index.js';
import type { Blueprint } from '../blueprint/schema.js';
import type { SeedOptions } from '../options.js';
import { buildSeedPlan } from '../plan/build-plan.js';
import { IdMap } from '../plan/id-map.js';
import { createProgress, type Progress } from '../progress.js';
import { recordSeededScope } from '../remove/seeded-scope.js';
import { Tally, type TallyReport } from '../tally.js';
import type { SeedContext } from './context.js';
import { seedCatalogue } from './families/catalogue.js';
import { seedCategories } from './families/categories.js';
import { seedCrossSellings } from './families/cross-selling.js';
import { seedCustomers } from './families/customers.js';
import { seedLandingPages } from './families/landing-pages.js';
import { seedLayouts } from './families/layouts.js';
import { seedMedia } from './families/media.js';
import { seedOrders } from './families/orders.js';
import { seedProductPrices } from './families/product-prices.js';
import { seedProducts } from './families/products.js';
import { seedReviews } from './families/reviews.js';
import { resolveSalesChannels, writeSalesChannels } from './families/sales-channels.js';
import { writeChannelBranding, writeShopNames } from './families/shop-names.js';
import { loadShopDefaults } from './shop-defaults.js';

export interface SeedResult {
  report: TallyReport;
  /** Rows inserted or updated (children included, roughly: nested rows of a created order count). */
  rowsWritten: number;
  /** Rows the plan holds (nodes), for throughput figures. */
  plannedNodes: number;
}

/** Progress nowhere: for the queue handler and tests. */
export const silentProgress: Progress = { start() {}, advance() {}, finish() {} };

/**
 * One run: expands the blueprint into the plan and writes it family by family in seeding order through
 * the host's repositories. The callers (command line, queue handler) hold the run lease around it.
 */
export async function seedDemoData(host: ExtensionHost, blueprint: Blueprint, options: SeedOptions, progress: Progress = silentProgress): Promise<SeedResult> {
  const plan = buildSeedPlan(blueprint, options);
  // before any write: a removal must know every id this run may create, even if it is killed
  await recordSeededScope(host, blueprint, options.perCategory);
  const ctx: SeedContext = {
    host,
    plan,
    ids: new IdMap(),
    tally: new Tally(),
    progress,
    shop: await loadShopDefaults(host),
    adoptedProducts: new Set(),
    written: { rows: 0 },
  };
  // channels are looked up first: rules name them and an adopted channel's root category is its own
  const channels = await resolveSalesChannels(ctx);
  await seedCatalogue(ctx);
  await seedCategories(ctx);
  await writeSalesChannels(ctx, channels);
  await writeShopNames(ctx, channels);
  await seedProducts(ctx);
  await seedProductPrices(ctx);
  if (!options.skipMedia) await seedMedia(ctx);
  await seedLandingPages(ctx, channels);
  // after the categories, landing pages and images they show
  await seedLayouts(ctx);
  await writeChannelBranding(ctx, channels);
  if (!options.skipOrders) {
    await seedCustomers(ctx);
    await seedOrders(ctx);
  }
  await seedCrossSellings(ctx);
  await seedReviews(ctx);
  if (options.skipMedia) ctx.tally.note('Images were skipped (--skip-media).');
  // the shop's queries are planned for the catalogue as it is now, not as it was before the run
  if (ctx.written.rows > 0) await refreshPlannerStatistics(host.db);
  const plannedNodes = Object.values(plan).reduce((sum, family) => sum + (Array.isArray(family) ? family.length : 0), 0);
  return { report: ctx.tally.report(), rowsWritten: ctx.written.rows, plannedNodes };
}

export { createProgress };
