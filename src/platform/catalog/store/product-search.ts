import type { Db } from '../../database/connection.js';
import type { UnitOfWork } from '../../database/transaction.js';
import type { Criteria } from '../../entities/criteria/types.js';
import type { EntityRegistry } from '../../entities/registry.js';
import type { SalesChannelContext } from '../../sales-channel/context/sales-channel-context.js';
import { searchListedProductIds } from './product-listing-query.js';
import { loadSalesChannelProducts } from './sales-channel-product-loader.js';
import type { StoreProductJson } from './store-product-json.js';
import { storeProductsJson } from './store-product-list-json.js';
import { PRODUCT_VISIBILITY } from '../entities.js';

export interface StoreProductSearchResult {
  total: number;
  elements: StoreProductJson[];
  page: number;
  limit: number | null;
}

export interface StoreProductSearchDeps {
  registry: EntityRegistry;
  /** APP_URL, the prefix of media URLs. */
  mediaBaseUrl: string;
  /** `sw-include-seo-urls` */
  seoUrls?: boolean;
}

/**
 * `POST /store-api/product`: the products of the channel matching the criteria. Without a term only
 * products listed everywhere (visibility 30) appear; a search term also finds those visible in
 * search (20), as Shopware's listing and search routes do.
 */
export async function searchStoreProducts(
  within: Db | UnitOfWork,
  deps: StoreProductSearchDeps,
  context: SalesChannelContext,
  criteria: Criteria,
): Promise<StoreProductSearchResult> {
  const minVisibility = criteria.term ? PRODUCT_VISIBILITY.SEARCH : PRODUCT_VISIBILITY.ALL;
  const { total, ids } = await searchListedProductIds(within, deps.registry, context, { criteria, minVisibility });
  const products = await loadSalesChannelProducts(within, context, ids, { minVisibility, mediaBaseUrl: deps.mediaBaseUrl });
  const wanted = criteria.associations ?? {};
  return {
    total,
    elements: await storeProductsJson(within, deps.registry, context, products, { options: Boolean(wanted.options), properties: Boolean(wanted.properties), seoUrls: deps.seoUrls }),
    page: criteria.page ?? 1,
    limit: criteria.ids ? null : (criteria.limit ?? null),
  };
}
