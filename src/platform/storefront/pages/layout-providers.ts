import type { FastifyRequest } from 'fastify';
import type { NavigationNode } from '../../catalog/store/navigation.js';
import type { CustomerResolver, NavigationItem, NavigationProvider, StorefrontCustomer } from '../http/index.js';
import type { StorefrontServices } from './storefront-services.js';

/**
 * Who the visitor is: the customer of the Store API context behind the session token. Guest accounts
 * (ordering without registration, not offered by this storefront) count as not logged in.
 */
export function contextCustomerResolver(services: StorefrontServices): CustomerResolver {
  return async (request, sessionToken): Promise<StorefrontCustomer | undefined> => {
    const customer = (await services.contexts.contextOf(request, sessionToken)).customer;
    if (!customer || customer.guest) return undefined;
    return { id: customer.id, firstName: customer.firstName, lastName: customer.lastName, email: customer.email };
  };
}

/** The layout's category bar: the top categories below the channel's navigation category. */
export function categoryNavigationProvider(services: StorefrontServices): NavigationProvider {
  return async (request: FastifyRequest): Promise<NavigationItem[]> => navigationItems(await services.navigation.of(request, 1));
}

/** Links to categories; those without a page of their own (folders) are left out. */
export function navigationItems(nodes: Array<Pick<NavigationNode, 'id' | 'name' | 'type' | 'externalLink'>>): NavigationItem[] {
  return nodes.flatMap((node) => {
    const url = categoryUrl(node);
    return url ? [{ id: node.id, name: node.name, url }] : [];
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
