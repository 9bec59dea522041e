import type { Blueprint } from '../blueprint/schema.js';
import type { SeedOptions } from '../options.js';
import { planCustomerGroups, planManufacturers, planPropertyGroups, planRules, planTags, planTaxes } from './catalogue.js';
import { planCategories, planLandingPages, planSalesChannels } from './channels.js';
import { planLayouts } from './layouts.js';
import { planCrossSellings } from './cross-selling.js';
import { referenceDay } from './dates.js';
import { planMedia } from './media.js';
import { planOrders } from './orders.js';
import { planCustomers } from './people.js';
import { planProductPrices } from './product-prices.js';
import { planProducts } from './products.js';
import { planReviews } from './reviews.js';
import { SEED_ORDER, type PlanFamily, type SeedPlan } from './types.js';

/**
 * Expands a checked blueprint and checked options into every node to seed, family by family in seeding
 * order. Pure: no clock, no randomness, no I/O; the same input gives the same plan, id for id and value
 * for value.
 */
export function buildSeedPlan(blueprint: Blueprint, options: SeedOptions): SeedPlan {
  const channels = blueprint.channels.filter((c) => options.channels.includes(c.key));
  const unknown = options.channels.filter((key) => !channels.some((c) => c.key === key));
  if (unknown.length > 0) throw new Error(`buildSeedPlan: unknown channel keys ${unknown.join(', ')} (resolve options first)`);
  const today = referenceDay(blueprint.referenceDate);

  const manufacturers = planManufacturers(blueprint, channels);
  const { groups, options: propertyOptions } = planPropertyGroups(blueprint, channels);
  const categories = planCategories(channels);
  const salesChannels = planSalesChannels(channels);
  const products = planProducts(blueprint, channels, options.perCategory, today);
  const landingPages = planLandingPages(channels);
  const customers = options.skipOrders ? [] : planCustomers(blueprint, channels, today);

  return {
    options,
    referenceDate: blueprint.referenceDate,
    taxes: planTaxes(blueprint, channels),
    rules: planRules(channels),
    manufacturers,
    propertyGroups: groups,
    propertyGroupOptions: propertyOptions,
    tags: planTags(blueprint),
    customerGroups: planCustomerGroups(blueprint, channels),
    salesChannels,
    categories,
    products,
    productPrices: planProductPrices(channels, products),
    media: options.skipMedia ? [] : planMedia(products, manufacturers, categories, propertyOptions, salesChannels),
    landingPages,
    cmsPages: planLayouts(channels, categories, products, landingPages),
    customers,
    orders: options.skipOrders ? [] : planOrders(blueprint, channels, products, customers, today),
    crossSellings: planCrossSellings(blueprint, products),
    reviews: planReviews(blueprint, products, today),
  };
}

/** Nodes per family, in seeding order (variants counted with products). */
export function countPlan(plan: { [F in PlanFamily]: readonly unknown[] }): Record<PlanFamily, number> {
  return Object.fromEntries(SEED_ORDER.map((family) => [family, plan[family].length])) as Record<PlanFamily, number>;
}
