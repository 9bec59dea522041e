import type { SalesChannelNode } from '../../plan/types.js';
import type { SeedContext } from '../context.js';
import type { Resolution } from '../resolve.js';

/** The storefront's and the mails' shop name of a channel (a channel's value over the global one). */
const SHOP_NAME_KEY = 'core.basicInformation.shopName';

/**
 * Each demo channel's own shop name: the channel's name, as a setting of that channel, so its storefront
 * header and its mails name the demo store. Written only where the channel has no name of its own yet
 * (a merchant's value stays); a channel adopted under another name (flagship takes over "Storefront")
 * is the merchant's shop and is left alone.
 */
export async function writeShopNames(ctx: Pick<SeedContext, 'host' | 'ids' | 'written'>, resolutions: Array<Resolution<SalesChannelNode>>): Promise<void> {
  const { host } = ctx;
  const global = await host.config.get(SHOP_NAME_KEY, null);
  for (const { node, existing } of resolutions) {
    if (existing && existing.name !== node.name) continue;
    const channelId = ctx.ids.resolve(node.id);
    // the channel's own value differs from the global one; equal means the channel has none
    const current = await host.config.get(SHOP_NAME_KEY, channelId);
    if (current !== global) continue;
    await host.config.set(host.db, SHOP_NAME_KEY, node.name, channelId);
    ctx.written.rows += 1;
  }
}
