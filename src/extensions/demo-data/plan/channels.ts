import type { BlueprintCategory, BlueprintChannel } from '../blueprint/schema.js';
import { identityOf, idFor } from '../identity.js';
import { derive } from '../values/derive.js';
import type { CategoryNode, LandingPageNode, SalesChannelNode, ServicePageKey } from './types.js';

/** Brand colours a channel is given (each dark enough for white text on it); picked by the channel's key. */
export const BRAND_PALETTE = ['#1f5f8b', '#2e7d4f', '#9c3d2b', '#6b4c9a', '#8a5a00', '#00695c', '#ad1457', '#37474f'];

/** Sales channels with their domain; the root category id is the channel's navigation category. */
export function planSalesChannels(channels: BlueprintChannel[]): SalesChannelNode[] {
  return channels.map((c) => ({
    entity: 'sales_channel',
    ...identityOf('sales_channel', c.key),
    naturalKey: c.name,
    channel: c.key,
    name: c.name,
    adopt: c.adopt ?? [],
    navigationCategoryId: idFor('category', c.key),
    customerGroupId: c.customerGroup ? idFor('customer_group', c.customerGroup) : null,
    countryIso: c.country,
    brandColour: derive(`sales_channel:${c.key}`, 'brand colour').pick(BRAND_PALETTE),
    domain: { ...identityOf('sales_channel_domain', c.key), path: c.domainPath },
  }));
}

/**
 * Each channel's root, then its tree depth first: a parent always comes before its children, and each
 * sibling points at the one before it (`afterCategoryId`), the first at none.
 */
export function planCategories(channels: BlueprintChannel[]): CategoryNode[] {
  const nodes: CategoryNode[] = [];
  for (const channel of channels) {
    const root = identityOf('category', channel.key);
    nodes.push({
      entity: 'category',
      ...root,
      naturalKey: channel.rootCategory,
      channel: channel.key,
      path: channel.key,
      name: channel.rootCategory,
      parentId: null,
      afterCategoryId: null,
      level: 1,
      isRoot: true,
      isLeaf: false,
      description: null,
      type: 'page',
      active: true,
      visible: true,
      displayNestedProducts: true,
    });
    const walk = (siblings: BlueprintCategory[], parentPath: string, parentId: string, level: number) => {
      let previous: string | null = null;
      for (const category of siblings) {
        const path = `${parentPath}/${category.key}`;
        const identity = identityOf('category', path);
        nodes.push({
          entity: 'category',
          ...identity,
          // a category is recognised by its name under the same parent
          naturalKey: category.name,
          channel: channel.key,
          path,
          name: category.name,
          parentId,
          afterCategoryId: previous,
          level,
          isRoot: false,
          isLeaf: category.products !== undefined,
          description: category.description ?? null,
          type: 'page',
          active: true,
          visible: true,
          displayNestedProducts: true,
        });
        previous = identity.id;
        if (category.children) walk(category.children, path, identity.id, level + 1);
      }
    };
    walk(channel.tree, channel.key, root.id, 2);
  }
  return nodes;
}

/** The service pages every channel gets, wired to the footer by its settings. */
const SERVICE_PAGES: Array<{ key: ServicePageKey; slug: string; title: string; text: (shop: string) => string }> = [
  { key: 'imprintPage', slug: 'imprint', title: 'Imprint', text: (shop) => `${shop} is a demo shop of the fictional Quayside stores, 1 Harbour Row, Portsmouth. Nothing here is for sale.` },
  { key: 'privacyPage', slug: 'privacy', title: 'Privacy', text: (shop) => `${shop} stores what an order needs (name, addresses, e-mail) and nothing else; all customers here are made up.` },
  {
    key: 'shippingPaymentInfoPage',
    slug: 'shipping-and-payment',
    title: 'Shipping and payment',
    text: (shop) => `${shop} ships within two working days. Pay by invoice, card or cash on delivery; returns are free for 30 days.`,
  },
];

export function planLandingPages(channels: BlueprintChannel[]): LandingPageNode[] {
  return channels.flatMap((c) => [
    {
      entity: 'landing_page' as const,
      ...identityOf('landing_page', c.key),
      naturalKey: c.landing.name,
      serviceKey: null,
      channel: c.key,
      name: c.landing.name,
      url: c.landing.url,
      metaTitle: c.landing.metaTitle,
      metaDescription: c.landing.metaDescription,
      keywords: c.landing.keywords.join(', '),
      active: true,
      salesChannelIds: [idFor('sales_channel', c.key)],
    },
    ...SERVICE_PAGES.map((page) => {
      const name = `${page.title} – ${c.name}`;
      return {
        entity: 'landing_page' as const,
        ...identityOf('landing_page', `${c.key}/service/${page.slug}`),
        naturalKey: name,
        serviceKey: page.key,
        channel: c.key,
        name,
        url: `${c.key}/${page.slug}`,
        metaTitle: `${page.title} | ${c.name}`,
        metaDescription: page.text(c.name),
        keywords: page.slug.replaceAll('-', ', '),
        active: true,
        salesChannelIds: [idFor('sales_channel', c.key)],
      };
    }),
  ]);
}
