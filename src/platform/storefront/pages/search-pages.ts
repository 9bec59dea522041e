import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { searchProductListing } from '../../catalog/store/category-product-listing.js';
import { loadProductListing } from '../../catalog/store/product-listing.js';
import { renderPage, storefrontRoutes } from '../http/index.js';
import { productCard, productCards } from './listing-cards.js';
import { listingControls, listingRequestOf } from './listing-filters.js';
import type { StorefrontServices } from './storefront-services.js';

const SEARCH_LIMIT = 24;
const SUGGEST_LIMIT = 5;
const MAX_TERM_LENGTH = 255;
// query values are read leniently (a list or nonsense is an empty search, page 1, the default sort)
const SearchQuery = { querystring: Type.Record(Type.String(), Type.Unknown()) };

function searchTerm(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, MAX_TERM_LENGTH) : '';
}

/** The search page `/search?search=` (paged and sorted like a category) and the header's suggestions `/suggest?search=`. */
export function registerSearchPages(app: FastifyInstance, services: StorefrontServices): void {
  const { platform, contexts } = services;
  const routes = storefrontRoutes(app);
  const mediaBaseUrl = platform.env.appUrl;

  routes.page(
    '/search',
    async (request, reply) => {
      const term = searchTerm(request.query.search);
      const context = await contexts.contextOf(request);
      if (term === '') return renderPage(reply, 'page/search.njk', { term, searchTerm: term, products: [], pagination: null, currency: context.currency });
      const listingRequest = listingRequestOf(request.query, SEARCH_LIMIT);
      const listing = await loadProductListing(platform.db, { registry: platform.entities, mediaBaseUrl }, context, { kind: 'search', term }, listingRequest);
      return renderPage(reply, 'page/search.njk', {
        term,
        searchTerm: term,
        currency: context.currency,
        products: await productCards(platform.db, listing.elements),
        ...listingControls('/search', { search: term }, listing),
        breadcrumbs: [{ name: 'Home', url: '/' }, { name: 'Search', url: null }],
      });
    },
    { schema: SearchQuery },
  );

  // an HTML fragment for the header's search box (fetched as the shopper types); no layout, no flashes
  routes.page(
    '/suggest',
    async (request, reply) => {
      const term = searchTerm(request.query.search);
      const context = await contexts.contextOf(request);
      const listing = term === '' ? { total: 0, elements: [] } : await searchProductListing(platform.db, context, term, { page: 1, limit: SUGGEST_LIMIT, mediaBaseUrl });
      const html = await app.storefrontFramework!.views.render('_partials/suggest.njk', {
        term,
        total: listing.total,
        products: listing.elements.map((product) => productCard(product)),
        currency: context.currency,
      });
      return reply.header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff').type('text/html; charset=utf-8').send(html);
    },
    { schema: SearchQuery },
  );
}
