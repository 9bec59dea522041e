import type { SeedContext } from '../context.js';
import { seedFamily } from '../family.js';

/** One landing page per channel, by id then name, linked to its channel. */
export async function seedLandingPages(ctx: SeedContext): Promise<void> {
  await seedFamily(ctx, {
    entity: 'landing_page',
    nodes: ctx.plan.landingPages,
    naturalKeyField: 'name',
    fields: (n) => ({ name: n.name, url: n.url, metaTitle: n.metaTitle, metaDescription: n.metaDescription, keywords: n.keywords, active: n.active }),
    links: (n) => ({ salesChannels: ctx.ids.resolveAll(n.salesChannelIds) }),
  });
}
