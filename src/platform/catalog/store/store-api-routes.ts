import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { PlatformServices } from '../../platform-services.js';
import { applyIncludes } from '../../entities/serializer.js';
import type { Criteria } from '../../entities/criteria/types.js';
import { IdString, typed } from '../../http/schemas/index.js';
import { StoreApiHeaders, storeApiErrors } from '../../store-api/store-api-schemas.js';
import { loadStoreCategory, searchStoreCategories } from './category-search.js';
import { loadProductDetail } from './product-detail.js';
import { searchStoreProducts } from './product-search.js';
import { parseStoreApiCriteria } from './store-api-criteria.js';
import { CategoryDetail, CategoryListing, ProductDetail, ProductListing, StoreCriteriaBody, StoreCriteriaQuery } from './store-api-schemas.js';
import { storeProductsJson } from './store-product-list-json.js';
import { toStoreCategoriesJson } from './store-category-json.js';
import { listingParametersOf, registerCatalogueStoreApiRoutes } from './store-api-catalogue-routes.js';
import { loadResolvedCmsPage } from '../../cms/load-cms-page.js';
import { categoryListingLoader } from '../../cms/cms-listing.js';
import { includeSeoUrls } from '../../store-api/store-api-headers.js';

const CRITERIA_ERRORS = { 400: 'Invalid criteria (more than 100 per page, an association the Store API does not expose, ...).' };
// malformed ids are answered by the loaders with the entity's own 404
const ProductParams = Type.Object({ productId: IdString() });
const CategoryParams = Type.Object({ categoryId: IdString() });

/**
 * The catalog's Store API: product search and detail, categories, and the catalogue routes of
 * store-api-catalogue-routes.ts. `request.salesChannelContext` is set
 * by the Store API context hook (store-api/store-api-context.ts) for every `/store-api/` URL.
 * Criteria come from the JSON body (POST) or the query string (GET), at most 100 per page.
 */
export function registerCatalogStoreApiRoutes(app: FastifyInstance, platform: Pick<PlatformServices, 'db' | 'entities' | 'env'>): void {
  const registry = platform.entities;
  const mediaBaseUrl = platform.env.appUrl;
  const routes = typed(app);
  const fromQuery = (query: Readonly<Record<string, unknown>>, entity: string) => parseStoreApiCriteria('GET', undefined, query, entity, registry);
  const fromBody = (body: unknown, entity: string) => parseStoreApiCriteria('POST', body, undefined, entity, registry);
  const schema = (tags: string[], summary: string, response: unknown, errors: Record<number, string> = {}) => ({
    tags,
    summary,
    headers: StoreApiHeaders,
    response: { 200: response, ...storeApiErrors(errors) },
  });

  const searchProducts = async (request: FastifyRequest, criteria: Criteria) =>
    searchResultJson(await searchStoreProducts(platform.db, { registry, mediaBaseUrl, seoUrls: includeSeoUrls(request) }, request.salesChannelContext, criteria), criteria);
  const products = schema(['Product'], 'Search the products of the sales channel', ProductListing, CRITERIA_ERRORS);
  routes.get('/store-api/product', { schema: { ...products, querystring: StoreCriteriaQuery } }, (request) => searchProducts(request, fromQuery(request.query, 'product')));
  routes.post('/store-api/product', { schema: { ...products, body: StoreCriteriaBody } }, (request) => searchProducts(request, fromBody(request.body, 'product')));

  const productDetail = async (request: FastifyRequest, productId: string) => {
    const context = request.salesChannelContext;
    const detail = await loadProductDetail(platform.db, context, productId, { mediaBaseUrl });
    const [product] = await storeProductsJson(platform.db, registry, context, [detail.product], {
      loaded: { options: new Map([[detail.product.id, detail.options]]), properties: new Map([[detail.product.id, detail.properties]]) },
      seoUrls: includeSeoUrls(request),
    });
    // Shopware's ProductDetailRoute answers the product's layout (its own, else its parent's) as
    // `product.cmsPage` with the slots resolved for this product; null without one
    const { layout } = detail.product;
    const record = product as unknown as Record<string, unknown>;
    record.cmsPageId = layout?.cmsPageId ?? null;
    record.cmsPage = layout
      ? ((await loadResolvedCmsPage(platform.db, { registry, mediaBaseUrl }, context, layout.cmsPageId, { entity: { name: 'product', record: { ...record, slotConfig: layout.slotConfig } } })) ?? null)
      : null;
    return {
      product,
      configurator: detail.configurator,
      apiAlias: 'product_detail',
    };
  };
  const product = { ...schema(['Product'], 'One product with its variant configurator', ProductDetail, { 404: 'PRODUCT__PRODUCT_NOT_FOUND: unknown, inactive, invisible or malformed.' }), params: ProductParams };
  routes.get('/store-api/product/:productId', { schema: product }, (request) => productDetail(request, request.params.productId));
  routes.post('/store-api/product/:productId', { schema: product }, (request) => productDetail(request, request.params.productId));

  const searchCategories = async (request: FastifyRequest, criteria: Criteria) => {
    const result = await searchStoreCategories(platform.db, registry, request.salesChannelContext, criteria);
    return searchResultJson({ ...result, elements: await toStoreCategoriesJson(platform.db, result.elements, { seoUrls: includeSeoUrls(request) ? request.salesChannelContext : undefined, languageId: request.salesChannelContext.languageId }) }, criteria);
  };
  const categories = schema(['Category'], 'Search the categories of the sales channel', CategoryListing, CRITERIA_ERRORS);
  routes.get('/store-api/category', { schema: { ...categories, querystring: StoreCriteriaQuery } }, (request) => searchCategories(request, fromQuery(request.query, 'category')));
  routes.post('/store-api/category', { schema: { ...categories, body: StoreCriteriaBody } }, (request) => searchCategories(request, fromBody(request.body, 'category')));

  const categoryDetail = async (request: FastifyRequest, categoryId: string, criteria: Criteria) => {
    const context = request.salesChannelContext;
    const category = await loadStoreCategory(platform.db, registry, context, categoryId, criteria);
    const [json] = await toStoreCategoriesJson(platform.db, [category], { seoUrls: includeSeoUrls(request) ? context : undefined, languageId: context.languageId });
    // Shopware's CategoryRoute answers the category's layout with its slots resolved; a listing slot shows this
    // category's listing with the request's listing parameters
    const cmsPageId = category.cmsPageId as string | null | undefined;
    json!.cmsPage = cmsPageId
      ? ((await loadResolvedCmsPage(platform.db, { registry, mediaBaseUrl }, context, cmsPageId, {
          entity: { name: 'category', record: json! },
          loadListing: categoryListingLoader(platform.db, { registry, mediaBaseUrl }, context, category.id as string, listingParametersOf(request)),
        })) ?? null)
      : null;
    return applyIncludes(json, criteria.includes);
  };
  const category = {
    ...schema(['Category'], 'One category of the sales channel', CategoryDetail, { ...CRITERIA_ERRORS, 404: 'CONTENT__CATEGORY_NOT_FOUND: outside the tree, inactive, unknown or malformed.' }),
    params: CategoryParams,
  };
  routes.get('/store-api/category/:categoryId', { schema: { ...category, querystring: StoreCriteriaQuery } }, (request) =>
    categoryDetail(request, request.params.categoryId, fromQuery(request.query, 'category')),
  );
  routes.post('/store-api/category/:categoryId', { schema: { ...category, body: StoreCriteriaBody } }, (request) =>
    categoryDetail(request, request.params.categoryId, fromBody(request.body, 'category')),
  );

  registerCatalogueStoreApiRoutes(app, platform);
}

/** Shopware's search result shape of the Store API listings. */
function searchResultJson(result: { total: number; elements: unknown[]; page: number; limit: number | null }, criteria: Criteria) {
  return {
    total: result.total,
    elements: applyIncludes(result.elements, criteria.includes),
    aggregations: {},
    page: result.page,
    limit: result.limit,
    apiAlias: 'dal_entity_search_result',
  };
}
