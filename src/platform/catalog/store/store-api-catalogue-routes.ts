import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { PlatformServices } from '../../platform-services.js';
import { AppError } from '../../errors/app-error.js';
import { applyIncludes } from '../../entities/serializer.js';
import { describedAs, documentedOnly, noContent, typed } from '../../http/schemas/index.js';
import { StoreApiHeaders, storeApiErrors } from '../../store-api/store-api-schemas.js';
import { includeSeoUrls } from '../../store-api/store-api-headers.js';
import { findChannelCategory } from './category-scope.js';
import { loadProductCrossSellings } from './product-cross-selling.js';
import { loadProductListing, type ListingScope } from './product-listing.js';
import { readListingRequest, type ListingRequest } from './product-listing-request.js';
import { listProductReviews } from './product-reviews.js';
import { ReviewThrottle, saveProductReview, type ReviewInput } from './product-review-save.js';
import { requireCustomer } from '../../store-api/require-customer.js';
import { CHECKS_TEXT_ITSELF } from '../../http/input-guard.js';
import { findProductVariant } from './product-variant-finder.js';
import { loadPurchaseLimits } from './purchase-limit.js';
import { parseStoreApiCriteria } from './store-api-criteria.js';
import {
  BreadcrumbParams,
  BreadcrumbQuery,
  BreadcrumbResponse,
  CategoryIdParams,
  CrossSellingResponse,
  FindVariantBody,
  FindVariantQuery,
  FindVariantResponse,
  LandingPageParams,
  LandingPageResponse,
  ListingBody,
  ListingBodyDocumented,
  ListingQuery,
  NavigationParams,
  NavigationQuery,
  NavigationResponse,
  ProductIdParams,
  ProductListingResult,
  PurchaseLimitQuery,
  PurchaseLimitResponse,
  ReviewBody,
  ReviewListing,
  SearchParameters,
} from './store-api-catalogue-schemas.js';
import { StoreCriteriaBody, StoreCriteriaQuery } from './store-api-schemas.js';
import { loadBreadcrumb } from './store-breadcrumb.js';
import { loadStoreLandingPage } from './store-landing-page.js';
import { loadResolvedCmsPage } from '../../cms/load-cms-page.js';
import { categoryListingLoader } from '../../cms/cms-listing.js';
import { loadStoreNavigation, NO_NAVIGATION } from './store-navigation.js';
import { productListingJson, storeProductsJson } from './store-product-list-json.js';
import type { Criteria } from '../../entities/criteria/types.js';

const CRITERIA_ERRORS = { 400: 'Invalid criteria or listing parameters.' };
/** Shopware's suggest route shows this many products unless the request names a limit. */
const SUGGEST_DEFAULT_LIMIT = 10;

/**
 * The catalogue's Store API beyond product and category search: navigation and breadcrumbs, category
 * listings with filters and aggregations, search and suggestions, variants, reviews, cross-sellings,
 * landing pages and purchase limits. GET and POST take the same input (query string or JSON body).
 */
export function registerCatalogueStoreApiRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'entities' | 'env'>): void {
  const registry = platform.entities;
  const mediaBaseUrl = platform.env.appUrl;
  const db = platform.db;
  const routes = typed(app);
  const schema = (tags: string[], summary: string, response: unknown, errors: Record<number, string> = {}) => ({
    tags,
    summary,
    headers: StoreApiHeaders,
    response: { 200: response, ...storeApiErrors(errors) },
  });
  const criteriaOf = (request: FastifyRequest, entity: string): Criteria =>
    request.method === 'GET'
      ? parseStoreApiCriteria('GET', undefined, request.query as Record<string, unknown>, entity, registry)
      : parseStoreApiCriteria('POST', request.body ?? {}, undefined, entity, registry);
  const listingInput = listingParametersOf;

  // --- listings: category, search, suggest -------------------------------------------------------
  const listing = async (request: FastifyRequest, scope: ListingScope, listingRequest: ListingRequest, navigationId: string, search?: string) => {
    const context = request.salesChannelContext;
    const criteria = criteriaOf(request, 'product');
    const result = await loadProductListing(db, { registry, mediaBaseUrl }, context, scope, listingRequest, criteria);
    const elements = await storeProductsJson(db, registry, context, result.elements, { seoUrls: includeSeoUrls(request) });
    return applyIncludes(productListingJson(result, elements, navigationId, search), criteria.includes);
  };

  const categoryListing = async (request: FastifyRequest, categoryId: string) => {
    const context = request.salesChannelContext;
    const category = await findChannelCategory(db, context, categoryId).catch((error: unknown) => {
      // Shopware's listing names the missing category with the product domain's code
      if (error instanceof AppError && error.status === 404) {
        throw new AppError(404, 'PRODUCT__CATEGORY_NOT_FOUND', `Could not find category with id "${categoryId}"`, { meta: { parameters: { entity: 'category', field: 'id', value: categoryId } } });
      }
      throw error;
    });
    return listing(request, { kind: 'category', category }, readListingRequest(listingInput(request)), category.id);
  };
  const listingSchema = {
    ...schema(['Product'], 'A category\'s product listing with filters, sortings and aggregations', ProductListingResult, {
      ...CRITERIA_ERRORS,
      404: 'PRODUCT__CATEGORY_NOT_FOUND: not a category of the channel\'s navigation, inactive or unknown.',
    }),
    params: CategoryIdParams,
  };
  routes.get('/store-api/product-listing/:categoryId', { schema: { ...listingSchema, querystring: describedAs(StoreCriteriaQuery, ListingQuery) } }, (request) =>
    categoryListing(request, request.params.categoryId),
  );
  routes.post('/store-api/product-listing/:categoryId', { schema: { ...listingSchema, body: describedAs(ListingBodyDocumented, ListingBody) } }, (request) =>
    categoryListing(request, request.params.categoryId),
  );

  const searchInput = Type.Object({ ...ListingBody.properties, search: Type.Optional(SearchParameters.search) });
  const searchListing = async (request: FastifyRequest, suggest: boolean) => {
    const input = listingInput(request);
    const term = typeof input.search === 'string' ? input.search.trim() : '';
    if (term === '') throw new AppError(400, 'FRAMEWORK__MISSING_REQUEST_PARAMETER', 'Parameter "search" is missing.', { meta: { parameters: { parameterName: 'search' } } });
    const listingRequest = readListingRequest(input);
    const limited = suggest ? { ...listingRequest, limit: typeof input.limit === 'number' ? listingRequest.limit : SUGGEST_DEFAULT_LIMIT, aggregations: 'none' as const } : listingRequest;
    return listing(request, { kind: 'search', term }, limited, request.salesChannelContext.salesChannel.navigationCategoryId, term);
  };
  const searchErrors = { 400: 'No `search` term (`FRAMEWORK__MISSING_REQUEST_PARAMETER`), or invalid criteria or listing parameters.' };
  const searchSchema = schema(['Product'], 'Search products by term, with filters, sortings and aggregations', ProductListingResult, searchErrors);
  routes.get('/store-api/search', { schema: { ...searchSchema, querystring: describedAs(StoreCriteriaQuery, searchInput) } }, (request) => searchListing(request, false));
  routes.post('/store-api/search', { schema: { ...searchSchema, body: describedAs(ListingBodyDocumented, searchInput) } }, (request) => searchListing(request, false));
  const suggestSchema = schema(['Product'], `Search suggestions: the first products matching a term (${SUGGEST_DEFAULT_LIMIT} by default), without aggregations`, ProductListingResult, searchErrors);
  routes.get('/store-api/search-suggest', { schema: { ...suggestSchema, querystring: describedAs(StoreCriteriaQuery, searchInput) } }, (request) => searchListing(request, true));
  routes.post('/store-api/search-suggest', { schema: { ...suggestSchema, body: describedAs(ListingBodyDocumented, searchInput) } }, (request) => searchListing(request, true));

  // --- navigation and breadcrumbs ---------------------------------------------------------------
  const navigation = async (request: FastifyRequest<{ Params: { activeId: string; rootId: string } }>, reply: FastifyReply) => {
    const input = listingInput(request);
    const criteria = criteriaOf(request, 'category');
    const result = await loadStoreNavigation(db, registry, request.salesChannelContext, {
      activeId: request.params.activeId,
      rootId: request.params.rootId,
      depth: typeof input.depth === 'number' ? input.depth : 2,
      buildTree: input.buildTree === undefined ? true : input.buildTree === true || input.buildTree === 'true' || input.buildTree === '1' || input.buildTree === 1,
      criteria: { filter: criteria.filter, associations: criteria.associations },
      seoUrls: includeSeoUrls(request),
    });
    if (result === NO_NAVIGATION) return reply.code(204).send();
    return applyIncludes(result, criteria.includes);
  };
  const navigationSchema = {
    ...schema(['Category'], 'A navigation menu: the categories below a root, as a tree or a flat list', NavigationResponse, {
      ...CRITERIA_ERRORS,
      404: 'CONTENT__CATEGORY_NOT_FOUND: the active or root category is unknown or outside the channel\'s navigations.',
    }),
    params: NavigationParams,
  };
  const NavigationBody = Type.Object({ ...NavigationQuery.properties, buildTree: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 }), Type.Integer()])) });
  routes.get('/store-api/navigation/:activeId/:rootId', { schema: { ...navigationSchema, querystring: describedAs(StoreCriteriaQuery, NavigationQuery) } }, navigation);
  routes.post('/store-api/navigation/:activeId/:rootId', { schema: { ...navigationSchema, body: describedAs(StoreCriteriaBody, NavigationBody) } }, navigation);

  routes.get(
    '/store-api/breadcrumb/:id',
    {
      schema: {
        tags: ['Breadcrumb'],
        summary: 'The breadcrumb of a category or a product',
        headers: StoreApiHeaders,
        response: { 200: BreadcrumbResponse, 204: noContent('The product has no category in the channel.'), ...storeApiErrors({ 400: 'FRAMEWORK__INVALID_UUID: a malformed id.' }) },
        params: BreadcrumbParams,
        querystring: BreadcrumbQuery,
      },
    },
    async (request, reply) => {
      const breadcrumb = await loadBreadcrumb(db, request.salesChannelContext, {
        id: request.params.id,
        type: request.query.type ?? 'product',
        referrerCategoryId: request.query.referrerCategoryId,
      });
      if (breadcrumb === null) return reply.code(204).send();
      return breadcrumb;
    },
  );

  // --- product detail extras --------------------------------------------------------------------
  const findVariant = async (request: FastifyRequest, productId: string, input: { options?: unknown; 'options[]'?: unknown; switchedGroup?: string }) => {
    const raw = input['options[]'] ?? input.options;
    const options = typeof raw === 'string' ? raw.split('|') : (raw as string[] | Record<string, string>);
    return { foundCombination: await findProductVariant(db, request.salesChannelContext, productId, options ?? [], input.switchedGroup) };
  };
  const findVariantSchema = {
    ...schema(['Product'], 'The variant of a product with the given options', FindVariantResponse, { 404: 'CONTENT__PRODUCT_VARIANT_NOT_FOUND: no variant the channel sells has any such combination.' }),
    params: ProductIdParams,
  };
  routes.get('/store-api/product/:productId/find-variant', { schema: { ...findVariantSchema, querystring: FindVariantQuery } }, (request) => findVariant(request, request.params.productId, request.query));
  routes.post('/store-api/product/:productId/find-variant', { schema: { ...findVariantSchema, body: FindVariantBody } }, (request) => findVariant(request, request.params.productId, request.body));

  const reviews = async (request: FastifyRequest<{ Params: { productId: string } }>) => {
    const criteria = criteriaOf(request, 'product_review');
    const page = await listProductReviews(db, registry, request.salesChannelContext, request.params.productId, criteria);
    return {
      total: page.total,
      aggregations: {},
      page: page.page,
      limit: page.limit,
      elements: applyIncludes(page.elements, criteria.includes),
      entity: 'product_review',
      apiAlias: 'dal_entity_search_result',
    };
  };
  const reviewsSchema = { ...schema(['Product'], 'The approved reviews of a product and its variants (and the customer\'s own)', ReviewListing, CRITERIA_ERRORS), params: ProductIdParams };
  routes.get('/store-api/product/:productId/reviews', { schema: { ...reviewsSchema, querystring: StoreCriteriaQuery } }, reviews);
  routes.post('/store-api/product/:productId/reviews', { schema: { ...reviewsSchema, body: StoreCriteriaBody } }, reviews);

  const reviewThrottle = new ReviewThrottle();
  routes.post(
    '/store-api/product/:productId/review',
    {
      // a NUL in the title or content is a violation at its pointer (product-review-save.ts)
      config: { [CHECKS_TEXT_ITSELF]: true },
      schema: {
        tags: ['Product'],
        summary: 'Write or edit the logged-in customer\'s review of a product',
        description: 'The review waits for approval before it is shown. One per customer and product: send `id` to edit it.',
        headers: StoreApiHeaders,
        params: ProductIdParams,
        body: ReviewBody,
        response: {
          204: noContent('Saved, pending approval.'),
          ...storeApiErrors({
            400: 'Violations at their pointers: `/title` (5 characters at least), `/content` (40), `/points` (1 to 5), `/customerId` (a second review), `/id` (not the customer\'s).',
            403: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN (guests may not review).',
            404: 'PRODUCT__PRODUCT_NOT_FOUND',
            429: 'FRAMEWORK__RATE_LIMIT_EXCEEDED: 10 reviews per customer, 30 per client address an hour.',
          }),
        },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      await reviewThrottle.consume(customer.id, request.ip);
      await saveProductReview(db, request.salesChannelContext, customer, request.params.productId, (request.body ?? {}) as ReviewInput);
      return reply.code(204).send();
    },
  );

  const crossSellings = async (request: FastifyRequest<{ Params: { productId: string } }>) => {
    const context = request.salesChannelContext;
    const elements = await loadProductCrossSellings(db, context, request.params.productId, { mediaBaseUrl });
    const products = await storeProductsJson(db, registry, context, [...new Map(elements.flatMap((e) => e.products).map((p) => [p.id, p])).values()], {
      options: true,
      seoUrls: includeSeoUrls(request),
    });
    const byId = new Map(products.map((product) => [product.id, product]));
    return elements.map((element) => ({
      crossSelling: element.crossSelling,
      products: element.products.map((product) => byId.get(product.id)!),
      total: element.total,
      streamId: null,
      apiAlias: 'cross_selling_element',
    }));
  };
  const crossSellingSchema = { ...schema(['Product'], 'The cross-sellings of a product with their products', CrossSellingResponse), params: ProductIdParams };
  routes.get('/store-api/product/:productId/cross-selling', { schema: crossSellingSchema }, crossSellings);
  routes.post('/store-api/product/:productId/cross-selling', { schema: crossSellingSchema }, crossSellings);

  routes.get(
    '/store-api/product/purchase-limit',
    { schema: { ...schema(['Product'], 'The quantity limits of products as the cart applies them', PurchaseLimitResponse, CRITERIA_ERRORS), querystring: PurchaseLimitQuery } },
    async (request) => {
      const raw = request.query['ids[]'] ?? request.query.ids ?? [];
      const ids = (typeof raw === 'string' ? raw.split('|') : raw).map((id) => id.toLowerCase());
      if (ids.length === 0) throw new AppError(400, 'FRAMEWORK__MISSING_REQUEST_PARAMETER', 'Parameter "ids" is missing.', { meta: { parameters: { parameterName: 'ids' } } });
      return loadPurchaseLimits(db, request.salesChannelContext, ids);
    },
  );

  // --- landing pages ----------------------------------------------------------------------------
  const landingPage = async (request: FastifyRequest<{ Params: { landingPageId: string } }>) => {
    const context = request.salesChannelContext;
    const page = await loadStoreLandingPage(db, context, request.params.landingPageId, { seoUrls: includeSeoUrls(request) });
    if (page.cmsPageId) {
      page.cmsPage =
        (await loadResolvedCmsPage(db, { registry, mediaBaseUrl }, context, page.cmsPageId, {
          entity: { name: 'landing_page', record: page },
          loadListing: categoryListingLoader(db, { registry, mediaBaseUrl }, context, context.salesChannel.navigationCategoryId, listingInput(request)),
        })) ?? null;
    }
    return page;
  };
  const landingPageSchema = {
    ...schema(['Content'], 'A landing page of the sales channel', LandingPageResponse, { 404: 'CONTENT__LANDING_PAGE_NOT_FOUND: unknown, inactive or not in this channel.' }),
    params: LandingPageParams,
  };
  routes.get('/store-api/landing-page/:landingPageId', { schema: { ...landingPageSchema, querystring: describedAs(StoreCriteriaQuery, ListingQuery) } }, landingPage);
  routes.post('/store-api/landing-page/:landingPageId', { schema: { ...landingPageSchema, body: documentedOnly(ListingBodyDocumented) } }, landingPage);
}

/** Listing parameters come from the query string, overridden by the body (POST), as Shopware reads them. */
export function listingParametersOf(request: FastifyRequest): Record<string, unknown> {
  return {
    ...(request.query as Record<string, unknown>),
    ...(request.method === 'POST' && typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {}),
  };
}
