import type { FastifyRequest } from 'fastify';
import type { NavigationNode } from '../../catalog/store/navigation.js';
import { CartPersister } from '../../checkout/cart/cart-persister.js';
import type { CartCountProvider, CustomerResolver, NavigationItem, NavigationProvider, StorefrontCustomer } from '../http/index.js';
import type { StorefrontServices } from './storefront-services.js';

/**
 * Who the visitor is: the customer of the Store API context behind the session token. A guest account
 * (details given for one order, no password) comes back marked `guest`: the buyer of the checkout, not
 * a logged-in customer.
 */
export function contextCustomerResolver(services: StorefrontServices): CustomerResolver {
  return async (request, sessionToken): Promise<StorefrontCustomer | undefined> => {
    const customer = (await services.contexts.contextOf(request, sessionToken)).customer;
    if (!customer) return undefined;
    return { id: customer.id, firstName: customer.firstName, lastName: customer.lastName, email: customer.email, guest: customer.guest };
  };
}

/**
 * The layout's category bar: the first two levels below the channel's navigation category (the second
 * opens below its parent), after an "All products" link to the navigation category itself, so a shop
 * whose products all sit in Home still has a way to its whole listing.
 */
export function categoryNavigationProvider(services: StorefrontServices): NavigationProvider {
  return async (request: FastifyRequest): Promise<NavigationItem[]> => {
    const [nodes, context] = await Promise.all([services.navigation.of(request, 2), services.contexts.contextOf(request)]);
    const rootId = context.salesChannel.navigationCategoryId;
    return [{ id: rootId, name: 'All products', url: `/navigation/${rootId}` }, ...navigationItems(nodes, true)];
  };
}

/** The header's cart badge: the quantities of the stored cart, without calculating it (a page view must stay cheap). */
export function cartCountProvider(services: StorefrontServices): CartCountProvider {
  const persister = new CartPersister();
  return async (request: FastifyRequest): Promise<number> => {
    const token = request.storefront?.sessionToken;
    if (!token) return 0;
    const { salesChannel } = await services.contexts.channelOf(request);
    const cart = await persister.load(services.platform.db, token, salesChannel.id);
    return cart?.lineItems.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
  };
}

type LinkNode = Pick<NavigationNode, 'id' | 'name' | 'type' | 'externalLink'> & { children?: LinkNode[] };

/** Links to categories (with `withChildren`, their children too); those without a page of their own (folders) are left out. */
export function navigationItems(nodes: LinkNode[], withChildren = false): NavigationItem[] {
  return nodes.flatMap((node) => {
    const url = categoryUrl(node);
    if (!url) return [];
    const children = withChildren ? navigationItems(node.children ?? []) : [];
    return [children.length > 0 ? { id: node.id, name: node.name, url, children } : { id: node.id, name: node.name, url }];
  });
}

/**
 * Where a category leads: its listing page; a link category to its target when that is a web
 * address (a `javascript:` link must never reach an href); folders have no page.
 */
function categoryUrl(node: Pick<NavigationNode, 'id' | 'type' | 'externalLink'>): string | undefined {
  if (node.type === 'page') return `/navigation/${node.id}`;
  if (node.type === 'link' && node.externalLink && /^https?:\/\//i.test(node.externalLink)) return node.externalLink;
  return undefined;
}
