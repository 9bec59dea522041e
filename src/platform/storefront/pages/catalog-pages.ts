import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { listCategoryProducts } from '../../catalog/store/category-product-listing.js';
import { loadProductListing } from '../../catalog/store/product-listing.js';
import { findChannelCategory } from '../../catalog/store/category-scope.js';
import { loadStoreLandingPage } from '../../catalog/store/store-landing-page.js';
import { renderPage, storefrontRoutes } from '../http/index.js';
import { categoryBreadcrumbs } from './breadcrumbs.js';
import { productPageRenderer } from './product-page.js';
import { navigationItems } from './layout-providers.js';
import { productCards } from './listing-cards.js';
import { listingControls, listingRequestOf } from './listing-filters.js';
import type { StorefrontServices } from './storefront-services.js';
import { loadResolvedCmsPage } from '../../cms/load-cms-page.js';
import { categoryListingLoader } from '../../cms/cms-listing.js';
import type { CmsPageEntity } from '../../cms/mapped-value.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { cmsLayoutView, type CmsLayoutOptions } from './cms-layout-view.js';

const LISTING_LIMIT = 24;

// ids and query values are judged by the loaders (a 404 page) and pageParameter / the sort list
// (a default): a schema violation would answer 400 instead
const CategoryPage = { params: Type.Object({ categoryId: Type.String() }), querystring: Type.Record(Type.String(), Type.Unknown()) };
const ProductPage = { params: Type.Object({ productId: Type.String() }) };
const LandingPage = { params: Type.Object({ landingPageId: Type.String() }) };

/** The shop's catalog: home page, category listings, product pages and landing pages. */
export function registerCatalogPages(app: FastifyInstance, services: StorefrontServices) {
  const { platform, contexts, navigation } = services;
  const routes = storefrontRoutes(app);
  const mediaBaseUrl = platform.env.appUrl;
  const cmsDeps = { registry: platform.entities, mediaBaseUrl };

  /**
   * The layout a merchant assigned (Shopping Experiences), drawn; null when none is (the page's own
   * template is the default layout). `view`: element types the page draws itself, the category it shows.
   */
  const layoutOf = async (request: FastifyRequest, context: SalesChannelContext, cmsPageId: string | null | undefined, entity: CmsPageEntity, view: CmsLayoutOptions = {}) => {
    if (!cmsPageId) return null;
    const page = await loadResolvedCmsPage(platform.db, cmsDeps, context, cmsPageId, {
      entity,
      loadListing: categoryListingLoader(platform.db, cmsDeps, context, context.salesChannel.navigationCategoryId, {}),
    });
    return page ? cmsLayoutView(platform.db, context, page, mediaBaseUrl, { ...view, services, request }) : null;
  };

  routes.page('/', async (request, reply) => {
    const context = await contexts.contextOf(request);
    const rootId = context.salesChannel.navigationCategoryId;
    const [categories, listing] = await Promise.all([
      navigation.of(request, 1),
      listCategoryProducts(platform.db, context, rootId, { page: 1, limit: LISTING_LIMIT, mediaBaseUrl }),
    ]);
    const category = listing.category;
    const layout = category
      ? await layoutOf(request, context, category.cmsPageId, { name: 'category', record: { ...category, slotConfig: category.slotConfig ?? null } }, { category })
      : null;
    return renderPage(reply, 'page/home.njk', {
      layout,
      currency: context.currency,
      categories: navigationItems(categories),
      products: await productCards(platform.db, listing.elements),
      total: listing.total,
      // the full listing pages and sorts
      moreUrl: listing.total > listing.elements.length ? `/navigation/${rootId}` : null,
    });
  });

  const categoryPage = async (request: FastifyRequest, reply: FastifyReply, categoryId: string, query: Readonly<Record<string, unknown>>) => {
    const [context, { origin }] = await Promise.all([contexts.contextOf(request), contexts.channelOf(request)]);
    // a 404 page for ids this channel does not show
    const category = await findChannelCategory(platform.db, context, categoryId);
    const listingRequest = listingRequestOf(query, LISTING_LIMIT);
    const [listing, children, breadcrumbs] = await Promise.all([
      loadProductListing(platform.db, { registry: platform.entities, mediaBaseUrl }, context, { kind: 'category', category }, listingRequest),
      // the tree down to the category's children: its level bounds its depth below the navigation root
      navigation.of(request, Math.max(2, category.level)),
      categoryBreadcrumbs(platform.db, context, category),
    ]);
    const isRoot = category.id === context.salesChannel.navigationCategoryId;
    // the page draws the listing with its filters itself, below the layout's other slots
    const layout = await layoutOf(request, context, category.cmsPageId, { name: 'category', record: { ...category } }, { skip: new Set(['product-listing']), category });
    const subcategories = navigationItems(isRoot ? children : findChildren(children, category.id));
    const path = `/navigation/${category.id}`;
    return renderPage(reply, 'page/category.njk', {
      layout,
      currency: context.currency,
      category: { id: category.id, name: category.name },
      breadcrumbs,
      subcategories,
      products: await productCards(platform.db, listing.elements),
      ...listingControls(path, {}, listing),
      formAction: path,
      // without filters, paging or sorting; the links to technical paths become SEO paths when the page is sent (seo-links.ts)
      canonicalUrl: `${origin}${path}`,
    });
  };

  const productPage = productPageRenderer(services);

  const landingPage = async (request: FastifyRequest, reply: FastifyReply, landingPageId: string) => {
    const [context, { origin }] = await Promise.all([contexts.contextOf(request), contexts.channelOf(request)]);
    // inactive, unknown and other channels' landing pages are a 404 page
    const page = await loadStoreLandingPage(platform.db, context, landingPageId);
    const layout = await layoutOf(request, context, page.cmsPageId, { name: 'landing_page', record: page });
    return renderPage(reply, 'page/landing-page.njk', { landingPage: page, layout, currency: context.currency, canonicalUrl: `${origin}/landingPage/${page.id}` });
  };

  routes.page('/navigation/:categoryId', (request, reply) => categoryPage(request, reply, request.params.categoryId, request.query), { schema: CategoryPage });
  routes.page('/detail/:productId', (request, reply) => productPage(request, reply, request.params.productId), { schema: ProductPage });
  routes.page('/landingPage/:landingPageId', (request, reply) => landingPage(request, reply, request.params.landingPageId), { schema: LandingPage });
  return { categoryPage, productPage, landingPage };
}

/** The catalog's pages by what they show, for the technical routes and the SEO paths that stand for them. */
export type CatalogPageRenderers = ReturnType<typeof registerCatalogPages>;

interface Node {
  id: string;
  children: Node[];
}

function findChildren<N extends Node>(nodes: N[], id: string): N[] {
  for (const node of nodes) {
    if (node.id === id) return node.children as N[];
    const found = findChildren(node.children as N[], id);
    if (found.length > 0) return found;
  }
  return [];
}
