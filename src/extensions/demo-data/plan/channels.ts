import type { BlueprintCategory, BlueprintChannel } from '../blueprint/schema.js';
import { identityOf, idFor } from '../identity.js';
import type { CategoryNode, LandingPageNode, SalesChannelNode } from './types.js';

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

export function planLandingPages(channels: BlueprintChannel[]): LandingPageNode[] {
  return channels.map((c) => ({
    entity: 'landing_page',
    ...identityOf('landing_page', c.key),
    naturalKey: c.landing.name,
    channel: c.key,
    name: c.landing.name,
    url: c.landing.url,
    metaTitle: c.landing.metaTitle,
    metaDescription: c.landing.metaDescription,
    keywords: c.landing.keywords.join(', '),
    active: true,
    salesChannelIds: [idFor('sales_channel', c.key)],
  }));
}
