import type { SalesChannelNode, ServicePageKey } from '../../plan/types.js';
import type { SeedContext } from '../context.js';
import type { Resolution } from '../resolve.js';

/** The storefront's and the mails' shop name of a channel (a channel's value over the global one). */
export const SHOP_NAME_KEY = 'core.basicInformation.shopName';
/** The storefront's branding: logo (media id) and colour of the header and buttons. */
export const LOGO_KEY = 'core.basicInformation.logo';
export const PRIMARY_COLOUR_KEY = 'core.basicInformation.primaryColor';
/** Service pages: landing page ids the storefront's footer links first. */
export const SERVICE_PAGE_PREFIX = 'core.basicInformation.';
export const SERVICE_PAGE_KEYS: readonly ServicePageKey[] = ['imprintPage', 'privacyPage', 'shippingPaymentInfoPage'];

type ChannelSettings = (node: SalesChannelNode) => Record<string, string | null>;

/** A channel adopted under another name (flagship takes over "Storefront") is the merchant's shop: its branding and service pages stay the merchant's. */
export function isMerchantShop({ node, existing }: Resolution<SalesChannelNode>): boolean {
  return existing !== null && existing.name !== node.name;
}

/**
 * Settings of each demo channel of its own, so its storefront shows a shop of its own. Written only where
 * the channel has no value of its own yet (a merchant's value stays); a channel adopted under another name
 * (flagship takes over "Storefront") is the merchant's shop and is left alone. A null value is not written.
 */
export async function writeChannelSettings(ctx: Pick<SeedContext, 'host' | 'ids' | 'written'>, resolutions: Array<Resolution<SalesChannelNode>>, settingsOf: ChannelSettings): Promise<void> {
  const { host } = ctx;
  const globals = new Map<string, unknown>();
  for (const resolution of resolutions) {
    if (isMerchantShop(resolution)) continue;
    const { node } = resolution;
    const channelId = ctx.ids.resolve(node.id);
    for (const [key, value] of Object.entries(settingsOf(node))) {
      if (value === null) continue;
      if (!globals.has(key)) globals.set(key, await host.config.get(key, null));
      // the channel's own value differs from the global one; equal means the channel has none
      if ((await host.config.get(key, channelId)) !== globals.get(key)) continue;
      await host.config.set(host.db, key, value, channelId);
      ctx.written.rows += 1;
    }
  }
}

/** Each demo channel's own shop name: its storefront header and its mails name the demo store. */
export function writeShopNames(ctx: Pick<SeedContext, 'host' | 'ids' | 'written'>, resolutions: Array<Resolution<SalesChannelNode>>): Promise<void> {
  return writeChannelSettings(ctx, resolutions, (node) => ({ [SHOP_NAME_KEY]: node.name }));
}

/**
 * Each demo channel's logo and brand colour, and its service pages (imprint, privacy, shipping and
 * payment) wired to the footer; after the images and landing pages exist.
 */
export function writeChannelBranding(ctx: Pick<SeedContext, 'host' | 'ids' | 'written' | 'plan'>, resolutions: Array<Resolution<SalesChannelNode>>): Promise<void> {
  const { plan, ids } = ctx;
  return writeChannelSettings(ctx, resolutions, (node) => {
    const logo = plan.media.find((m) => m.attachTo.entity === 'sales_channel' && m.attachTo.id === node.id);
    const pages = plan.landingPages.filter((p) => p.channel === node.channel && p.serviceKey !== null);
    return {
      [LOGO_KEY]: logo ? ids.resolve(logo.id) : null,
      [PRIMARY_COLOUR_KEY]: node.brandColour,
      ...Object.fromEntries(pages.map((p) => [`${SERVICE_PAGE_PREFIX}${p.serviceKey!}`, ids.resolve(p.id)])),
    };
  });
}
