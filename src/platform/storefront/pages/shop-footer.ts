import { isId } from '../../ids.js';
import type { ShopLayout } from '../http/framework.js';
import type { StorefrontServices } from './storefront-services.js';
import type { ShopFrameLists } from './shop-frame-lists.js';

/**
 * The channel's service pages, in footer order: channel settings that hold landing page ids (Shopware
 * keeps CMS page ids under these keys; here a service page is a landing page).
 */
export const SERVICE_PAGE_KEYS = [
  'core.basicInformation.imprintPage',
  'core.basicInformation.privacyPage',
  'core.basicInformation.tosPage',
  'core.basicInformation.shippingPaymentInfoPage',
] as const;

/**
 * The footer's links: the service pages that are set, active and in the channel, then the channel's
 * other active landing pages by name (`pages`: the channel's active landing pages, read with the frame's lists).
 */
export async function footerLinksOf(services: Pick<StorefrontServices, 'platform'>, salesChannelId: string, pages: ShopFrameLists['landingPages']): Promise<NonNullable<ShopLayout['footerLinks']>> {
  const { platform } = services;
  const configured = await Promise.all(SERVICE_PAGE_KEYS.map((key) => platform.systemConfig.getString(key, salesChannelId)));
  const serviceIds = [...new Set(configured.map((id) => id?.trim().toLowerCase() ?? '').filter((id) => isId(id)))];
  const byId = new Map(pages.map((page) => [page.id, page.name]));
  const first = serviceIds.filter((id) => byId.has(id));
  const rest = pages.map((page) => page.id).filter((id) => !first.includes(id));
  return [...first, ...rest].map((id) => ({ name: byId.get(id) ?? '', url: `/landingPage/${id}` }));
}
