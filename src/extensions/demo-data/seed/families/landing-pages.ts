import type { SalesChannelNode } from '../../plan/types.js';
import type { SeedContext } from '../context.js';
import { seedFamily } from '../family.js';
import type { Resolution } from '../resolve.js';
import { isMerchantShop } from './shop-names.js';

/**
 * Each channel's landing page and service pages (imprint, privacy, shipping and payment), by id then name,
 * linked to their channel. A merchant's shop adopted by a demo channel gets no service pages: they would
 * be titled with the demo store's name in the merchant's footer, and its imprint is the merchant's.
 */
export async function seedLandingPages(ctx: SeedContext, channels: Array<Resolution<SalesChannelNode>>): Promise<void> {
  const merchantShops = new Set(channels.filter(isMerchantShop).map(({ node }) => node.channel));
  await seedFamily(ctx, {
    entity: 'landing_page',
    nodes: ctx.plan.landingPages.filter((page) => page.serviceKey === null || !merchantShops.has(page.channel)),
    naturalKeyField: 'name',
    fields: (n) => ({ name: n.name, url: n.url, metaTitle: n.metaTitle, metaDescription: n.metaDescription, keywords: n.keywords, active: n.active }),
    links: (n) => ({ salesChannels: ctx.ids.resolveAll(n.salesChannelIds) }),
  });
}
