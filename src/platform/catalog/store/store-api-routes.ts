import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Platform } from '../../kernel.js';
import { applyIncludes } from '../../entities/serializer.js';
import type { Criteria } from '../../entities/criteria/types.js';
import { loadStoreCategory, searchStoreCategories } from './category-search.js';
import { loadProductDetail } from './product-detail.js';
import { searchStoreProducts } from './product-search.js';
import { parseStoreApiCriteria } from './store-api-criteria.js';
import { toStoreProductJson } from './store-product-json.js';

const METHODS: Array<'GET' | 'POST'> = ['GET', 'POST'];

/**
 * The catalog's Store API: product search and detail, categories. `request.salesChannelContext` is set
 * by the Store API context hook (store-api/store-api-context.ts) for every `/store-api/` URL.
 * Criteria come from the JSON body (POST) or the query string (GET), at most 100 per page.
 */
export function registerCatalogStoreApiRoutes(app: FastifyInstance, platform: Platform): void {
  const registry = platform.entities;
  const mediaBaseUrl = platform.env.appUrl;
  const criteriaOf = (request: FastifyRequest, entity: string): Criteria => parseStoreApiCriteria(request.method, request.body, request.query, entity, registry);

  app.route({
    method: METHODS,
    url: '/store-api/product',
    handler: async (request) => {
      const criteria = criteriaOf(request, 'product');
      return searchResultJson(await searchStoreProducts(platform.db, { registry, mediaBaseUrl }, request.salesChannelContext, criteria), criteria);
    },
  });

  app.route({
    method: METHODS,
    url: '/store-api/product/:productId',
    handler: async (request) => {
      const { productId } = request.params as { productId: string };
      const context = request.salesChannelContext;
      const detail = await loadProductDetail(platform.db, context, productId, { mediaBaseUrl });
      return {
        product: toStoreProductJson(detail.product, context.currency, { options: detail.options, properties: detail.properties }),
        configurator: detail.configurator,
        apiAlias: 'product_detail',
      };
    },
  });

  app.route({
    method: METHODS,
    url: '/store-api/category',
    handler: async (request) => {
      const criteria = criteriaOf(request, 'category');
      return searchResultJson(await searchStoreCategories(platform.db, registry, request.salesChannelContext, criteria), criteria);
    },
  });

  app.route({
    method: METHODS,
    url: '/store-api/category/:categoryId',
    handler: async (request) => {
      const { categoryId } = request.params as { categoryId: string };
      const criteria = criteriaOf(request, 'category');
      const category = await loadStoreCategory(platform.db, registry, request.salesChannelContext, categoryId, criteria);
      return applyIncludes(category, criteria.includes);
    },
  });
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
